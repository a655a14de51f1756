"""PORTAL: keeping a basic die and reading a pool [002:155-218, 262-264, 324, 344, 456]."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.portal.pool import DieRef, Pool
from domain.portal.reading import ReadingSpec, choice_for, kept_die, raw_die, read
from domain.portal.sheet import Choice

CHOICES: list[Choice] = ["HIGH", "MID", "LOW"]
faces = st.integers(min_value=1, max_value=6)


def reading(pool: Pool, choice: Choice = "HIGH", specialty: int = 0, excess: int = 0) -> int:
    spec = ReadingSpec(name="check", choice=choice, specialty_bonus=specialty, excess_bonus=excess)
    return read(pool, spec).result


def test_p1_six_six_one_reads_seven_seven_one() -> None:
    """P1 [002:185]: 6,6,1 is 7 with the high die, 7 with the middle one, 1 with the low:
    the sixes count only when a six is kept, the one only when a one is."""
    pool = Pool(basic=[6, 6, 1])
    assert [reading(pool, choice) for choice in CHOICES] == [7, 7, 1]


def test_other_ones_subtract_when_a_one_is_kept() -> None:
    """[002:183]: keeping a 1, every other basic 1 takes 1 off."""
    assert reading(Pool(basic=[1, 1, 1]), "LOW") == -1
    assert reading(Pool(basic=[1, 1, 4]), "MID") == 0


def test_repeated_faces_other_than_six_and_one_add_nothing() -> None:
    """[002:189]: 5,5,5 is a 5."""
    assert reading(Pool(basic=[5, 5, 5])) == 5


def test_sixes_and_ones_count_on_basic_dice_only() -> None:
    """[002:181-183]: "presentes en los Dados Básicos": a luck or discomfort 6 is no six."""
    assert reading(Pool(basic=[6, 2, 2], luck=[6])) == 6
    assert reading(Pool(basic=[1, 2, 2], discomfort=[1]), "LOW") == 0


def test_kept_die_is_high_mid_or_low_of_the_three() -> None:
    basic = [4, 1, 3]
    assert [basic[kept_die(basic, c)] for c in CHOICES] == [4, 3, 1]


def test_p2_omnium_fireball_discomfort_not_beaten_takes_one_off() -> None:
    """P2 [002:214-216]: HIGH on 2,3,5 with discomfort 4,5: the 5 beats the 4 but not the
    other 5: result 4."""
    result = read(
        Pool(basic=[2, 3, 5], discomfort=[4, 5]), ReadingSpec(name="fireball", choice="HIGH")
    )
    assert result.face == 5
    assert result.discomfort_unbeaten == [1]
    assert result.result == 4


def test_discomfort_lowers_the_result_not_the_kept_die() -> None:
    """[002:218]: a kept 6 stays a 6 for the sixes rule whatever discomfort takes off."""
    result = read(Pool(basic=[6, 6, 2], discomfort=[6, 6, 6]), ReadingSpec(name="x", choice="HIGH"))
    assert result.face == 6
    assert result.sixes == 1
    assert result.result == 6 + 1 - 3


def test_wound_dice_not_beaten_take_one_off_and_declined_ones_too() -> None:
    """[002:262-264]: wound dice act as discomfort; each declined one is -1 outright."""
    pool = Pool(basic=[4, 2, 2], wound=[4, 3], declined_wounds=1)
    result = read(pool, ReadingSpec(name="x", choice="HIGH"))
    assert result.wound_unbeaten == [0]
    assert result.declined_wounds == 1
    assert result.result == 4 - 1 - 1


def test_p3_omnium_dodge_beaten_luck_adds_one() -> None:
    """P3 [002:334]: HIGH on 1,3,4 with luck 2,4: the 4 beats the 2, not the other 4: 5."""
    result = read(Pool(basic=[1, 3, 4], luck=[2, 4]), ReadingSpec(name="dodge", choice="HIGH"))
    assert result.luck_beaten == [0]
    assert result.result == 5


def test_p4_omnium_whirlwind_tempt_die_acts_as_discomfort() -> None:
    """P4 [002:356]: 4,4,4 and a tempt die 5: not beaten, -1: result 3."""
    result = read(Pool(basic=[4, 4, 4], tempt=5), ReadingSpec(name="whirlwind", choice="HIGH"))
    assert result.tempt_unbeaten
    assert result.result == 3


def test_a_die_equal_to_the_kept_one_is_not_beaten() -> None:
    """ "Superado" is strictly lower [002:210, 216, 324]."""
    result = read(
        Pool(basic=[3, 3, 3], discomfort=[3], luck=[3], wound=[3], tempt=3),
        ReadingSpec(name="x", choice="HIGH"),
    )
    assert result.discomfort_unbeaten == [0]
    assert result.wound_unbeaten == [0]
    assert result.luck_beaten == []
    assert result.tempt_unbeaten
    assert result.result == 3 - 3


def test_aguante_reading_ignores_discomfort_wound_and_tempt_dice_but_not_luck() -> None:
    """[002:206-208, 1199]: discomfort and wound dice do not touch aguante; ones, sixes and
    luck do. The tempt die behaves as discomfort [002:344], so it does not either."""
    pool = Pool(basic=[5, 3, 2], discomfort=[6], wound=[6], declined_wounds=1, luck=[1])
    defence = read(pool, ReadingSpec(name="defence", choice="HIGH"))
    aguante = read(pool, ReadingSpec(name="aguante", choice="HIGH", aguante=True))
    assert defence.result == 5 - 1 - 1 - 1 + 1
    assert aguante.result == 5 + 1
    assert aguante.discomfort_unbeaten == [] and aguante.declined_wounds == 0
    tempted = read(
        Pool(basic=[2, 2, 2], tempt=6), ReadingSpec(name="a", choice="LOW", aguante=True)
    )
    assert tempted.result == 2


def test_specialty_adds_the_fortaleza_level() -> None:
    """[002:456-460]: Historia (Roma clásica) 2 adds 2 to the result."""
    assert reading(Pool(basic=[4, 2, 1]), specialty=2) == 6


def test_reroll_excess_adds_to_the_result() -> None:
    """[002:514]: each point past 5 rerolls adds 1."""
    assert reading(Pool(basic=[4, 2, 1]), excess=2) == 6


def test_p18_brunak_one_roll_read_as_attack_and_damage_die() -> None:
    """P18 [002:1153]: HIGH attack and HIGH damage die on 6,6,4 with a discomfort 6: both 6
    (6 + 1 for the other six - 1 for the discomfort); the weapon's raw HIGH die is 6."""
    pool = Pool(basic=[6, 6, 4], discomfort=[6])
    attack = read(pool, ReadingSpec(name="attack", choice="HIGH"))
    damage = read(pool, ReadingSpec(name="damage", choice="HIGH"))
    assert attack.result == damage.result == 6
    assert raw_die(pool.basic, "HIGH") + 2 == 8


def test_p19_lamorak_each_reading_keeps_its_own_die() -> None:
    """P19 [002:1155]: 4,1,1 with a discomfort 3: attack HIGH 4; damage die LOW -1
    (1, -1 for the other 1, -1 for the discomfort); the cudgel's raw LOW die stays 1."""
    pool = Pool(basic=[4, 1, 1], discomfort=[3])
    assert read(pool, ReadingSpec(name="attack", choice="HIGH")).result == 4
    assert read(pool, ReadingSpec(name="damage", choice="LOW")).result == -1
    assert raw_die(pool.basic, "LOW") == 1


def test_p20_ariel_environment_die_is_raw() -> None:
    """P20 [002:1157]: 3,1,1, MID in a jungle: 1, not lowered by the other 1 [002:1110]."""
    assert raw_die([3, 1, 1], "MID") == 1


def test_limitation_or_sequel_forces_low_and_fortaleza_zero_gives_high() -> None:
    """[002:524, 293, 404]."""
    assert choice_for("HIGH", limited=True) == "LOW"
    assert choice_for("MID", fortaleza_zero=True) == "HIGH"
    assert choice_for("MID") == "MID"
    assert choice_for("HIGH", limited=True, fortaleza_zero=True) == "LOW"


pools = st.builds(
    Pool,
    basic=st.lists(faces, min_size=3, max_size=3),
    discomfort=st.lists(faces, max_size=3),
    wound=st.lists(faces, max_size=3),
    declined_wounds=st.integers(0, 3),
    luck=st.lists(faces, max_size=3),
)


@given(pools, st.sampled_from(CHOICES), st.booleans())
def test_result_is_the_kept_face_plus_its_adjustments(
    pool: Pool, choice: Choice, aguante: bool
) -> None:
    """Every step is recorded: the result is their sum, and the kept die is a basic die
    showing the chosen face."""
    r = read(pool, ReadingSpec(name="x", choice=choice, aguante=aguante))
    assert r.kept.kind == "basic" and pool.basic[r.kept.index] == r.face
    assert r.face == sorted(pool.basic)[{"LOW": 0, "MID": 1, "HIGH": 2}[choice]]
    penalty = len(r.discomfort_unbeaten) + len(r.wound_unbeaten) + r.declined_wounds
    assert r.result == r.face + r.sixes - r.ones - penalty + len(r.luck_beaten)
    assert all(pool.luck[i] < r.face for i in r.luck_beaten)
    assert all(pool.discomfort[i] >= r.face for i in r.discomfort_unbeaten)


@given(pools, st.sampled_from(CHOICES))
def test_higher_choice_never_keeps_a_lower_face(pool: Pool, choice: Choice) -> None:
    high = read(pool, ReadingSpec(name="x", choice="HIGH")).face
    low = read(pool, ReadingSpec(name="x", choice="LOW")).face
    assert low <= read(pool, ReadingSpec(name="x", choice=choice)).face <= high


def test_die_refs_name_every_die_of_the_pool() -> None:
    pool = Pool(basic=[1, 2, 3], discomfort=[4], luck=[5, 6], tempt=None)
    assert [(d.kind, pool.face(d)) for d in pool.dice()] == [
        ("basic", 1),
        ("basic", 2),
        ("basic", 3),
        ("discomfort", 4),
        ("luck", 5),
        ("luck", 6),
    ]
    assert pool.with_face(DieRef(kind="luck", index=1), 2).luck == [5, 2]
