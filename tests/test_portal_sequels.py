"""PORTAL: paying sequel points [002:268-308]."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.portal.options import Options
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec
from domain.portal.roll import resolve, settle
from domain.portal.sequels import pay_sequel_points
from domain.portal.sheet import Drives, Sheet

DEFAULT = Options()


def sheet(**fields: int) -> Sheet:
    return Sheet(name="Ricardo", drives=Drives(names=["Sobrevivir"]), **fields)  # type: ignore[arg-type]


def test_unpaid_points_make_one_sequel_of_that_level() -> None:
    """[002:276-284]: two points as levels and one as discomfort: a level 2 sequel of the
    game master's kind, lasting the story [002:289], and one more discomfort die."""
    after, settlement = pay_sequel_points(
        sheet(wound=3), 3, ["sequel", "discomfort", "sequel"], DEFAULT, kind="Agilidad"
    )
    assert settlement.sequel is not None and settlement.sequel.level == 2
    assert settlement.sequel.expiry == "story"
    assert after.sequels == [settlement.sequel] and after.discomfort == 1


def test_luck_pays_a_point_by_losing_a_held_die() -> None:
    """[002:280]."""
    after, settlement = pay_sequel_points(sheet(luck_held=2), 1, ["luck"], DEFAULT)
    assert (after.luck_held, after.luck_lost) == (1, 1) and settlement.sequel is None


def test_points_follow_the_roll_that_made_them() -> None:
    """[002:268]: the roll's matching wound dice are its points, paid once it is settled."""
    s = sheet(wound=2, luck_held=3)
    result = resolve(
        s, Pool(basic=[4, 4, 2], wound=[4, 1]), [ReadingSpec(name="x", choice="HIGH")], DEFAULT
    )
    after, _ = pay_sequel_points(settle(s, result), len(result.sequel_points), ["luck"], DEFAULT)
    assert after.luck_held == 2


def test_each_point_is_paid_once_and_a_roll_makes_three_at_most() -> None:
    with pytest.raises(InvalidCommand):
        pay_sequel_points(sheet(), 2, ["luck"], DEFAULT)
    with pytest.raises(InvalidCommand):
        pay_sequel_points(sheet(), 4, ["sequel"] * 4, DEFAULT, kind="x")


def test_the_game_master_names_the_sequel_kind() -> None:
    """[002:295]."""
    with pytest.raises(InvalidCommand) as error:
        pay_sequel_points(sheet(), 1, ["sequel"], DEFAULT)
    assert error.value.code == "sequel_kind_required"


def test_no_luck_held_no_luck_payment() -> None:
    """[002:284] "si no quiere o no puede"."""
    with pytest.raises(Conflict) as error:
        pay_sequel_points(sheet(luck_held=0), 1, ["luck"], DEFAULT)
    assert error.value.code == "sequel_payment_unavailable"


def test_discomfort_at_three_cannot_pay_by_default() -> None:
    """GAP `sequel_discomfort_when_full="unavailable"` (the digest's suggestion)."""
    with pytest.raises(Conflict) as error:
        pay_sequel_points(sheet(discomfort=3), 1, ["discomfort"], DEFAULT)
    assert error.value.code == "sequel_payment_unavailable"


def test_discomfort_at_three_is_absorbed_under_the_option() -> None:
    """GAP `sequel_discomfort_when_full="absorbed"`: a discomfort die becomes a wound die
    [002:248]."""
    options = Options(sequel_discomfort_when_full="absorbed")
    after, settlement = pay_sequel_points(sheet(discomfort=3, wound=1), 1, ["discomfort"], options)
    assert (after.discomfort, after.wound) == (2, 2)
    assert settlement.absorbed is not None and settlement.absorbed.steps == ["wound"]


def test_luck_the_roll_gave_back_may_pay_unless_outside_roll() -> None:
    """GAP `sequel_luck`: by default the die just returned is held again and may pay; under
    "outside_roll" only luck held apart from the roll may."""
    s = sheet(luck_held=1, luck_lost=2)
    assert pay_sequel_points(s, 1, ["luck"], DEFAULT, returned_by_roll=1)[0].luck_held == 0
    with pytest.raises(Conflict):
        pay_sequel_points(s, 1, ["luck"], Options(sequel_luck="outside_roll"), returned_by_roll=1)
