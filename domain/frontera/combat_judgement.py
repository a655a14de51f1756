"""How the turn's cards are judged once revealed: each card against its target [L905-L955,
L1082-L1105] and each hold's opposed muscle test [L1090]. Pure: `combat_turn` triggers what
these return."""

from __future__ import annotations

from domain.frontera.cards import Suit
from domain.frontera.character import Trait
from domain.frontera.combat import TECHNIQUE_TRAIT, damage_taken, effective_toughness, is_hit
from domain.frontera.resolution import VICTORY, Play, opposed_test
from domain.frontera.state import AttackResult, Combat, Declaration, FronteraState, HoldResult


def judge_hold(
    held: str, holder: str, targets: dict[str, dict[str, str]], suits: dict[str, Suit]
) -> HoldResult:
    """A hold's opposed muscle test [L1090] on the cards each side played against the other
    (none for a side that could not act): the held character breaks free only by winning."""
    cards = {
        side: next((c for c, t in targets.get(side, {}).items() if t == rival), None)
        for side, rival in ((held, holder), (holder, held))
    }
    plays = {side: Play.of(c, suits) if c else None for side, c in cards.items()}
    judged = opposed_test(plays, {side: Trait.MUSCLE for side in plays})
    kept = judged[held][0] != VICTORY
    verdicts = "; ".join(why for _, why in judged.values())
    return HoldResult(
        held=held,
        holder=holder,
        cards=cards,
        outcomes={side: outcome for side, (outcome, _) in judged.items()},
        kept=kept,
        why=f"hold of {held} by {holder}: {verdicts}; {'kept' if kept else 'broken'}",
    )


def judge(
    state: FronteraState, combat: Combat, declaration: Declaration, play: Play, target_id: str
) -> AttackResult:
    """One card against one target [L905-L955, L1082-L1105]."""
    attacker = state.characters[declaration.character]
    target = state.characters[target_id]
    technique = declaration.technique
    assert technique is not None
    hit = is_hit(play.suit, technique)
    toughness = effective_toughness(
        target,
        combat.combatants[target_id].cover,
        combat.combatants[declaration.character].mount,
    )
    taken = morale = 0
    holds = False
    aimed = f"{play.describe()} at {target.name}"
    if not hit:
        why = f"{aimed}: misses, not {TECHNIQUE_TRAIT[technique][0].suit.value}"
    elif declaration.variant == "grapple":
        holds = True
        why = f"{aimed}: holds {target.name} in a grapple"
    elif declaration.variant == "scare":
        morale = 1 if play.value > target.confidence else 0
        why = (
            f"{aimed}: above confidence {target.confidence}, scares"
            if morale
            else f"{aimed}: not above confidence {target.confidence}, no fright"
        )
    else:
        taken = damage_taken(play.value, toughness, declaration.damage)
        why = (
            f"{aimed}: hits for {declaration.damage} against toughness {toughness}, "
            f"{taken} level(s) lost"
        )
    return AttackResult(
        attacker=attacker.id,
        card=play.card,
        target=target_id,
        variant=declaration.variant,
        hit=hit,
        damage=declaration.damage,
        toughness=toughness,
        taken=taken,
        morale=morale,
        holds=holds,
        why=why,
    )
