"""A combatant's announcement for the turn checked against the rules of combat [L881-L1105]:
action and move, technique, weapon and reach, targets, aim and holster, grapple, shots left;
and the hold's test [L1089-L1090]. What it yields (the declaration and the attacker's part in
the turn's test) `combat_turn` records; nothing here triggers an event."""

from __future__ import annotations

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.frontera import guards
from domain.frontera.character import Character, Skill, Trait
from domain.frontera.combat import (
    LASSO,
    TECHNIQUE_TRAIT,
    Technique,
    check_weapon_kind,
    damage_dealt,
    max_attacks,
)
from domain.frontera.combat_commands import MAX_THROWN, DeclareAction
from domain.frontera.state import (
    Combat,
    Declaration,
    FronteraState,
    Modifier,
    Participant,
)

#: "con cualquiera de las dos habilidades, Fuerza o Agilidad" [L1090]
HOLD_SKILLS = (Skill.STRENGTH, Skill.AGILITY)


def rivals(combat: Combat, character_id: str) -> list[str]:
    """Those a character is in a hold with: its holder, and those it holds."""
    holder = combat.combatants[character_id].held_by
    held = [c for c, footing in combat.combatants.items() if footing.held_by == character_id]
    return ([holder] if holder is not None else []) + held


def check_declaration(
    state: FronteraState, combat: Combat, character: Character, command: DeclareAction
) -> tuple[Declaration, Participant | None]:
    """Check an announcement against the rules of the turn; the attacker's part in the test."""
    footing = combat.combatants[character.id]
    if command.action == "hold":
        return _hold(combat, character, command)
    if command.action == "move":
        if command.move not in ("adjacent", "short"):
            raise InvalidCommand("moving only goes adjacent (3 m) or short (10 m)", "invalid_move")
    elif command.move == "short":
        raise InvalidCommand(
            "with an action a character moves within adjacent range (3 m) at most", "invalid_move"
        )
    if command.action != "attack":
        if command.technique or command.weapon or command.targets:
            raise InvalidCommand(
                "only an attack names a technique, a weapon or targets", "invalid_declaration"
            )
        declaration = Declaration(character=character.id, action=command.action, move=command.move)
        return declaration, None
    technique = command.technique
    if technique is None:
        raise InvalidCommand("an attack names its technique before drawing", "technique_required")
    targets = _targets(combat, character, command.targets)
    weapon = None
    if technique is Technique.BRAWL:
        if command.weapon is not None:
            raise InvalidCommand("brawling takes no weapon", "invalid_weapon")
    else:
        if command.weapon is None:
            raise InvalidCommand(f"{technique.value} needs a weapon", "weapon_required")
        weapon = state.weapons.get(command.weapon)
        if weapon is None:
            raise NotFound(f"the table has no weapon {command.weapon!r}", "unknown_weapon")
        check_weapon_kind(technique, weapon)
    ranges = {t: combat.range_between(character.id, t) for t in targets}
    if technique in (Technique.BRAWL, Technique.MELEE) and set(ranges.values()) != {"adjacent"}:
        raise Conflict(f"{technique.value} reaches adjacent enemies only", "out_of_range")
    if technique is Technique.THROWN and not set(ranges.values()) <= {"adjacent", "short"}:
        raise Conflict("thrown weapons reach short range at most", "out_of_range")
    modifiers = guards.checked_modifiers(command.modifiers)
    if weapon is not None:
        reach = {t: weapon.ranges.get(r) for t, r in ranges.items()}
        far = [state.characters[t].name for t, m in reach.items() if m is None]
        if far:
            raise Conflict(f"the {weapon.name} does not reach {', '.join(far)}", "out_of_range")
        worst = min((m for m in reach.values() if m is not None), default=0)
        if worst:
            band = next(ranges[t] for t, m in reach.items() if m == worst)
            modifiers.append(Modifier(amount=worst, reason=f"{weapon.name} at {band} range"))
    if technique is Technique.AIM:
        if footing.cover == "total":
            raise Conflict("nobody aims from total cover", "cannot_aim")
        if footing.mount != "none":
            raise Conflict("nobody aims from a mount or a moving vehicle", "cannot_aim")
        if footing.holstered:
            raise Conflict("nobody aims with holstered weapons", "cannot_aim")
    knives = footing.knife_holster and weapon is not None and "knife" in weapon.name
    if footing.holstered and command.move != "none" and not knives:
        raise Conflict(
            "drawing a holstered weapon costs the 3 m move (knives in a knife holster excepted)",
            "holstered",
        )
    if command.variant == "grapple" and not (
        technique is Technique.BRAWL
        or (technique is Technique.THROWN and weapon and weapon.name == LASSO)
    ):
        raise InvalidCommand("a grapple is a brawl, or a thrown lasso", "invalid_variant")
    if technique is Technique.THROWN and not 1 <= command.weapons <= MAX_THROWN:
        raise InvalidCommand(f"1 to {MAX_THROWN} thrown weapons at hand", "invalid_weapon")
    attacks = max_attacks(technique, character, command.weapons, weapon.name if weapon else None)
    if footing.shots_left is not None and technique in (Technique.QUICK_SHOT, Technique.AIM):
        if footing.shots_left < 1:
            raise Conflict(f"{character.name} has no shots left", "no_shots_left")
        attacks = min(attacks, footing.shots_left)
    trait, skill = TECHNIQUE_TRAIT[technique]
    declaration = Declaration(
        character=character.id,
        action="attack",
        move=command.move,
        technique=technique,
        weapon=weapon.name if weapon else None,
        weapons=command.weapons,
        variant=command.variant,
        targets=targets,
        damage=damage_dealt(technique, character, weapon),
    )
    participant = Participant(
        character=character.id,
        seat=character.seat,
        trait=trait,
        skill=skill,
        modifiers=modifiers,
        plays=attacks,
        at_least=1,
    )
    return declaration, participant


def _hold(
    combat: Combat, character: Character, command: DeclareAction
) -> tuple[Declaration, Participant]:
    """A hold's test [L1090]: muscle, with strength or agility (either serves), one card
    against each rival; nothing else, not even a move."""
    held_with = rivals(combat, character.id)
    if not held_with:
        raise Conflict(f"{character.name} is in no hold", "not_held")
    if command.technique or command.weapon or command.targets or command.move != "none":
        raise InvalidCommand(
            "a hold's test names no technique, weapon, target or move: its rivals are known",
            "invalid_declaration",
        )
    skill = next((s for s in HOLD_SKILLS if s in character.skills), HOLD_SKILLS[0])
    declaration = Declaration(character=character.id, action="hold", targets=held_with)
    participant = Participant(
        character=character.id,
        seat=character.seat,
        trait=Trait.MUSCLE,
        skill=skill,
        modifiers=guards.checked_modifiers(command.modifiers),
        plays=len(held_with),
        at_least=len(held_with),
    )
    return declaration, participant


def _targets(combat: Combat, attacker: Character, targets: list[str]) -> list[str]:
    if not targets or len(set(targets)) != len(targets):
        raise InvalidCommand("an attack names one or more different targets", "invalid_targets")
    for target in targets:
        if target == attacker.id or target not in combat.combatants:
            raise InvalidCommand(
                f"{target!r} is not another combatant of this combat", "invalid_targets"
            )
    return list(targets)
