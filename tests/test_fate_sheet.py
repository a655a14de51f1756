"""FATE: the sheet [004:91-177, 777-797, 821-823] and the table's options (GAPs)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import InvalidCommand
from domain.fate.options import Options
from domain.fate.sheet import Aspect, Sheet, SkillRung, Stunt, checked_sheet
from domain.fate.stress import Consequence, StressTrack


def sheet(**fields: Any) -> Sheet:
    return Sheet(
        name="Jax",
        skills=[SkillRung(name="Puños", rating=3), SkillRung(name="Conducir", rating=4)],
        aspects=[Aspect(name="Hijo del club"), Aspect(name="Terco", hidden=True)],
        fate_points=2,
        refresh=2,
        **fields,
    )


def refused(built: Sheet) -> str:
    with pytest.raises(InvalidCommand) as error:
        checked_sheet(built)
    return error.value.code


def test_an_unlisted_skill_is_mediocre() -> None:
    """[004:95]: a skill not on the sheet is Mediocre (0)."""
    s = checked_sheet(sheet())
    assert s.rating("Puños") == 3 and s.rating("Ciencia") == 0


def test_a_new_sheet_has_two_five_box_tracks_and_no_consequences() -> None:
    """[004:777-779]: Health and Composure, five boxes each by default."""
    s = checked_sheet(sheet())
    assert (s.health.boxes, s.composure.boxes, s.health.marked, s.consequences) == (5, 5, [], [])


def test_consequences_are_aspects_of_the_sheet() -> None:
    """[004:797]: a consequence acts as an aspect, invoked and compelled like one."""
    s = sheet(consequences=[Consequence(severity="mild", aspect="Ojo morado", track="health")])
    assert s.aspect("Ojo morado") is not None and s.aspect("Terco") is not None
    assert s.aspect("Cobarde") is None


def test_sheet_round_trips_through_its_stored_form() -> None:
    s = sheet(
        stunts=[Stunt(name="Piloto nato", exception="+1 Conducir en persecuciones")],
        health=StressTrack(boxes=6, marked=[2]),
        consequences=[Consequence(severity="moderate", aspect="Costilla rota", track="health")],
    )
    assert msgspec.convert(msgspec.to_builtins(s), Sheet) == s


@pytest.mark.parametrize(
    "fields",
    [
        {"skills": [SkillRung(name="Puños", rating=1), SkillRung(name="puños", rating=2)]},
        {"aspects": [Aspect(name="Terco"), Aspect(name="Terco")]},
        {"aspects": [Aspect(name="  ")]},
        {"skills": [SkillRung(name="Puños", rating=21)]},
        {"fate_points": -1},
        {"refresh": -1},
        {"health": StressTrack(boxes=4)},  # five at least [004:779]
        {"composure": StressTrack(marked=[6])},
        {"health": StressTrack(marked=[2, 2])},
        {
            "consequences": [
                Consequence(severity="mild", aspect="A", track="health"),
                Consequence(severity="mild", aspect="B", track="health"),
            ]
        },
        {
            "aspects": [Aspect(name="Terco")],
            "consequences": [Consequence(severity="mild", aspect="Terco", track="health")],
        },
        {"tenacity": 1},  # a player character has none [004:821]
        {"kind": "npc", "tenacity": 3},
    ],
)
def test_a_broken_sheet_is_refused(fields: dict[str, Any]) -> None:
    """`checked_sheet` refuses what decoding cannot, with `invalid_sheet`."""
    base = {"name": "Jax", "fate_points": 2, "refresh": 2}
    assert refused(Sheet(**{**base, **fields})) == "invalid_sheet"


def test_decoding_refuses_what_the_types_forbid() -> None:
    """Five boxes at least, tenacity 1 or 2, no unknown field."""
    for broken in (
        {"name": "Jax", "health": {"boxes": 3}},
        {"name": "Jax", "kind": "npc", "tenacity": 3},
        {"name": "Jax", "luck": 3},
    ):
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert(broken, Sheet)


def test_an_npc_may_have_tenacity() -> None:
    """[004:821-823]: tenacity of the first or second degree, an optional NPC rule."""
    assert checked_sheet(Sheet(name="Matón", kind="npc", tenacity=2)).tenacity == 2


def test_options_default_to_the_digests_suggestions() -> None:
    """Every GAP's default is the digest's suggestion (see the option's docstring)."""
    assert Options() == msgspec.convert({}, Options)
    o = Options()
    assert (
        o.opposed_tie,
        o.consequence_slot,
        o.concession_points_when_accepted,
        o.escalated_compel,
        o.combined_skills_net,
        o.throw_cost,
    ) == ("active_succeeds", "lowest_free", True, "total", "cancel", "accumulate")


def test_options_refuse_unknown_fields() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"opposed_ties": "nobody"}, Options)
