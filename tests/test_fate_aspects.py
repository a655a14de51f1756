"""FATE: temporary aspects, free invocations and guessing hidden aspects [004:325-361,
839-857] and their Errata."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.fate.aspects import (
    after_use,
    at_scene_end,
    avoided,
    discovered,
    guessed,
    passed,
    placed_by_maneuver,
    revealed,
)
from domain.fate.roll import simple_action
from domain.fate.sheet import Aspect, Sheet


def test_a_maneuver_on_a_character_needs_1_shift() -> None:
    """[004:847]: "debe conseguir al menos un aumento"; a tie places nothing."""
    with pytest.raises(Conflict) as error:
        placed_by_maneuver(simple_action(3, 3), "Cegado", "Clay", "Jax")
    assert error.value.code == "maneuver_failed"
    aspect = placed_by_maneuver(simple_action(4, 3), "Cegado", "Clay", "Jax")
    assert (aspect.duration, aspect.free_invocations, aspect.holder) == ("fragile", 1, "Jax")


def test_a_scene_maneuver_succeeds_against_the_difficulty() -> None:
    """[004:845]: a scene-altering maneuver is a simple roll; a tie is a success."""
    aspect = placed_by_maneuver(simple_action(2, 2), "¡Fuego!", None, "Jax")
    assert aspect.target is None


def test_a_sticky_aspect_from_a_maneuver_needs_a_critical_when_the_gm_asks() -> None:
    """[004:857]: the GM may ask for a critical success (3 shifts) to place a sticky aspect."""
    with pytest.raises(Conflict):
        placed_by_maneuver(simple_action(5, 3), "En llamas", None, "Jax", sticky=True)
    assert placed_by_maneuver(simple_action(6, 3), "En llamas", None, "Jax", sticky=True)
    lenient = placed_by_maneuver(
        simple_action(4, 3), "Atrapado", "Clay", "Jax", sticky=True, crit_required=False
    )
    assert lenient.duration == "sticky"


def test_errata_avoiding_a_maneuvers_aspect_costs_the_targets_own_point() -> None:
    """Errata (fate, second point) [004:847]: at 0 FP the target cannot avoid it."""
    assert avoided(2) == 1
    with pytest.raises(Conflict):
        avoided(0)


def test_a_fragile_aspect_is_gone_after_its_first_use() -> None:
    """[004:853]: fragile aspects do not outlast the first invocation or compel."""
    aspect = placed_by_maneuver(simple_action(5, 3), "En la mira", "Clay", "Jax")
    assert after_use(aspect, free=True) is None


def test_a_sticky_aspect_stays_and_its_free_invocation_is_used_once() -> None:
    """[004:329, 855]: one free invocation; after it, invocations cost fate points."""
    aspect = discovered("Rincones oscuros", None, "Jax", "assessment")
    assert (aspect.duration, aspect.free_invocations, aspect.holder) == ("sticky", 1, "Jax")
    once = after_use(aspect, free=True)
    assert once is not None and (once.free_invocations, once.holder) == (0, None)
    with pytest.raises(Conflict):
        after_use(once, free=True)
    assert after_use(once, free=False) == once


def test_a_free_invocation_passes_to_an_ally_only_when_reasonable() -> None:
    """[004:333]: "Fuera de equilibrio" may be passed; "En la mira" may not."""
    fuera = placed_by_maneuver(simple_action(4, 3), "Fuera de equilibrio", "Clay", "Jax")
    assert passed(fuera, "Opie", reasonable=True).holder == "Opie"
    mira = placed_by_maneuver(simple_action(4, 3), "En la mira", "Clay", "Jax", passable=False)
    with pytest.raises(Conflict):
        passed(mira, "Opie", reasonable=True)
    with pytest.raises(Conflict):
        passed(fuera, "Opie", reasonable=False)


def test_free_invocations_and_fragile_aspects_end_with_the_scene() -> None:
    """[004:331]: the free invocation is used in the scene the aspect was named in."""
    sticky = discovered("Rincones oscuros", None, "Jax", "assessment")
    fragile = placed_by_maneuver(simple_action(4, 3), "Cegado", "Clay", "Jax")
    left = at_scene_end([sticky, fragile])
    assert [(a.name, a.free_invocations, a.holder) for a in left] == [("Rincones oscuros", 0, None)]


def test_a_close_guess_reveals_the_hidden_aspect() -> None:
    """[004:353]: "Pobremente iluminado" is close to "Rincones oscuros": revealed, invoked."""
    result = guessed("Pobremente iluminado", "Rincones oscuros", ["Rincones oscuros"], True)
    assert (result.revealed, result.refunded) == ("Rincones oscuros", False)
    with pytest.raises(InvalidCommand):
        guessed("Pobremente iluminado", "Otro", ["Rincones oscuros"], True)


def test_a_wrong_guess_is_refunded_unless_secret_or_relevant() -> None:
    """[004:355-357]: not secret, the point comes back; secret or relevant, it is lost."""
    assert guessed("Pobremente iluminado", None, [], secret=False).refunded
    assert not guessed("Sentimiento de culpa", None, [], secret=True).refunded


def test_a_deceived_guess_is_returned_or_destroyed_by_the_liar() -> None:
    """[004:359]: the liar returns the point (and places an aspect) or destroys it."""
    assert guessed("Leal", None, [], True, deceived="returned").refunded
    destroyed = guessed("Leal", None, [], False, deceived="destroyed")
    assert not destroyed.refunded and destroyed.deceived == "destroyed"


def test_a_discovered_hidden_aspect_is_known_from_then_on() -> None:
    """[004:145, 353]: hidden until discovered; revealing a visible or absent one is refused."""
    sheet = Sheet(name="Clay", aspects=[Aspect(name="Traicionero", hidden=True)])
    after = revealed(sheet, "Traicionero")
    assert after.aspects == [Aspect(name="Traicionero")] and sheet.aspects[0].hidden
    with pytest.raises(InvalidCommand):
        revealed(after, "Traicionero")
