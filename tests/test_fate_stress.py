"""FATE: stress, consequences, defeat and recovery [004:771-837]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, InvalidCommand
from domain.fate.options import Options
from domain.fate.stress import (
    Consequence,
    Severity,
    StressTrack,
    absorb,
    box_for,
    cleared,
    concedes,
    demand_other_defeat,
    lasts_until,
    next_severity,
    recovered,
    take_consequence,
    tenacity_degree,
)


def held(*severities: Severity) -> list[Consequence]:
    return [
        Consequence(severity=s, aspect=f"C{i}", track="health") for i, s in enumerate(severities)
    ]


def test_F7_a_3_point_hit_marks_box_3_then_box_4() -> None:
    """F7 [004:781]: a 3-point physical hit marks the third box; if it is marked, the fourth."""
    track, hit = absorb(StressTrack(), "health", 3, take_consequence=False)
    assert hit.box == 3 and track.marked == [3]
    track, hit = absorb(track, "health", 3, take_consequence=False)
    assert hit.box == 4 and track.marked == [3, 4]


def test_a_hit_never_marks_a_box_below_its_shifts() -> None:
    """[004:781]: the box for s shifts or one to its right, never a lower free one."""
    assert box_for(StressTrack(marked=[3, 4, 5]), 3) is None
    assert box_for(StressTrack(marked=[3, 4, 5]), 1) == 1


def test_F8_a_hit_past_the_track_forces_a_consequence() -> None:
    """F8 [004:789]: 6 shifts on 5 boxes, or every box from s up marked: a consequence is
    mandatory."""
    track, hit = absorb(StressTrack(), "health", 6, take_consequence=False)
    assert hit.box is None and hit.forced and track.marked == []
    _, hit = absorb(StressTrack(marked=[4, 5]), "composure", 4, take_consequence=False)
    assert hit.forced and hit.track == "composure"


def test_a_consequence_may_always_replace_the_boxes() -> None:
    """[004:789]: the player may take a consequence instead of marking boxes."""
    track, hit = absorb(StressTrack(), "health", 2, take_consequence=True)
    assert hit.box is None and not hit.forced and track.marked == []


def test_a_hit_of_0_shifts_does_nothing_and_negative_is_refused() -> None:
    """[004:567, 771]: stress is the shifts; 0 shifts, no stress."""
    track, hit = absorb(StressTrack(), "health", 0, take_consequence=False)
    assert hit.box is None and not hit.forced and track == StressTrack()
    with pytest.raises(InvalidCommand):
        absorb(StressTrack(), "health", -1, take_consequence=False)


def test_F9_mild_moderate_severe_then_taken_out() -> None:
    """F9 [004:791, 795, 801]: the first consequence is mild, the second moderate, the third
    severe; another hit takes the character out."""
    options, taken = Options(), []
    consequences: list[Consequence] = []
    for aspect in ("Ojo morado", "Costilla rota", "Pierna destrozada", "Otra"):
        consequences, result = take_consequence(consequences, aspect, "health", options)
        taken.append(result)
    assert [t.consequence.severity for t in taken[:3] if t.consequence] == [
        "mild",
        "moderate",
        "severe",
    ]
    assert taken[3].taken_out and taken[3].consequence is None and len(consequences) == 3


def test_a_severe_consequence_held_leaves_only_defeat() -> None:
    """[004:795]: with a severe consequence already, the only option is to be taken out."""
    assert next_severity(held("severe"), Options()) is None


def test_the_slot_after_a_recovery_follows_the_option() -> None:
    """GAP §4.6: a moderate one held, the mild one healed: "lowest_free" (default) gives a
    mild one, "after_highest" a severe one."""
    assert next_severity(held("moderate"), Options()) == "mild"
    assert next_severity(held("moderate"), Options(consequence_slot="after_highest")) == "severe"


def test_stress_clears_at_the_end_of_the_scene() -> None:
    """[004:775, 783]."""
    assert cleared(StressTrack(boxes=6, marked=[1, 4])) == StressTrack(boxes=6)


def test_recovery_by_severity() -> None:
    """[004:829-833]: a breather heals mild ones, six hours of rest moderate ones, a new
    adventure severe ones."""
    consequences = held("mild", "moderate", "severe")
    assert [c.severity for c in recovered(consequences, "breather")] == ["moderate", "severe"]
    assert [c.severity for c in recovered(consequences, "six_hours_rest")] == ["severe"]
    assert recovered(consequences, "new_adventure") == []


def test_across_a_session_break_consequences_last_one_degree_less() -> None:
    """[004:835]: with no rest between two sessions, a consequence counts one degree lower for
    how long it lasts."""
    assert lasts_until("severe") == "new_adventure"
    assert lasts_until("severe", after_session_break=True) == "six_hours_rest"
    assert lasts_until("moderate", after_session_break=True) == "end_of_scene"
    assert lasts_until("mild", after_session_break=True) is None


def test_taken_out_spends_every_fate_point_left_to_demand_another_defeat() -> None:
    """[004:811]: all remaining points, at least one."""
    assert demand_other_defeat(3) == 3
    with pytest.raises(Conflict):
        demand_other_defeat(0)


@given(
    st.integers(5, 12),
    st.lists(st.tuples(st.integers(0, 14), st.booleans()), max_size=20),
)
def test_stress_never_exceeds_its_track(boxes: int, hits: list[tuple[int, bool]]) -> None:
    """Marked boxes stay distinct, within the track, and a hit marks a box >= its shifts."""
    track = StressTrack(boxes=boxes)
    for shifts, instead in hits:
        track, hit = absorb(track, "health", shifts, take_consequence=instead)
        assert len(set(track.marked)) == len(track.marked) <= boxes
        assert all(1 <= box <= boxes for box in track.marked)
        if hit.box is not None:
            assert hit.box >= shifts
        assert hit.forced == (shifts > 0 and box_for(track, shifts) is None and hit.box is None)


@given(
    st.lists(st.sampled_from(["lowest_free", "after_highest"]), min_size=1, max_size=1),
    st.integers(0, 8),
)
def test_never_more_than_three_consequences(slot: list[str], hits: int) -> None:
    """[004:795]: three at most, one of each severity."""
    options = Options(consequence_slot=slot[0])  # type: ignore[arg-type]
    consequences: list[Consequence] = []
    for n in range(hits):
        consequences, _ = take_consequence(consequences, f"C{n}", "health", options)
        assert len(consequences) <= 3
        assert len({c.severity for c in consequences}) == len(consequences)


def test_npc_tenacity_by_stakes_and_concession() -> None:
    """[004:821-823]: degree 1 or 2 = consequences taken before conceding; vital stakes +1,
    trivial -1."""
    assert tenacity_degree(2, "ordinary") == 2
    assert tenacity_degree(2, "vital") == 3 and tenacity_degree(1, "trivial") == 0
    assert not concedes(held("mild"), 2) and concedes(held("mild", "moderate"), 2)
    with pytest.raises(InvalidCommand):
        tenacity_degree(3, "ordinary")
