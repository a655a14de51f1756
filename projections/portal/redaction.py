"""Who may know what of a PORTAL table: every field of every event, public or secret.

- A character's sheet is in two parts. What the table sees is public: the name, seat, kind
  (protagonist or principal NPC), concept, armour, shield and named weapons (seen at the
  table, as worn and carried), and the dice the character
  holds (discomfort, wound, luck held and lost: dice on the table, thrown in every public
  roll [002:97, 101]), its sequels and thorns (harm the others see). What the character is
  made of is its player's and the game master's (`SHEET`): Fortalezas, limitations, drives,
  quirks, character points, the damage and aguante dice, a principal NPC's pool.
- A roll's dice and everything derived from them (the readings, the verdict, the rerolls,
  the settlement, the sequel named) are `ROLLED`: seen as the roll's visibility says until
  the game master reveals the roll, and by everybody once the table closes. `RollOpened`
  announces the roll (its character is public); every other event naming a roll derives from
  it and is withheld whole from whoever may not see the roll. What a public roll applies
  (the Fortalezas and aces the game master ruled, with their reasons) is said at the table
  and shown with the roll; character points in hand stay the player's and the game master's.
- The game master's rulings on a sheet's dice (discomfort, wound, damage, luck) are public,
  as the dice are; character points awarded or spent are the player's and the game master's.
"""

from __future__ import annotations

from domain.portal import cast_events as cae
from domain.portal import combat_events as ce
from domain.portal import events as ev
from domain.portal import ruling_events as re_
from domain.portal import special_events as spe
from domain.portal import story_events as se
from projections.visibility import (
    CHARACTERS_OWN,
    ROLLED,
    Rule,
    announcing,
    characters_own,
    own_sheet,
    public,
)

#: the private parts of a sheet (null to every seat but its player's and the game master)
PRIVATE_PARTS = (
    "fortalezas",
    "limitations",
    "drives",
    "quirks",
    "points",
    "damage_die",
    "aguante_die",
    "npc_pool",
)
#: a created character: what it is made of is its player's and the game master's
SHEET = own_sheet(
    *PRIVATE_PARTS,
    inside="sheet",
    leaves="the sheet with its Fortalezas, limitations, drives, quirks, character points, "
    "damage and aguante dice and NPC pool null",
)

#: an event of a roll: its number and visibility, its character and its player's seat
ROLL = ("roll", "visibility", "character", "seat")
#: the payer's dice after a cost (`costs.after_paying`), on the table as its sheet's are
DICE_AFTER = ("luck_held", "luck_lost", "discomfort", "wound")

RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=SHEET),
    # what a sheet cost tells what it is made of: its player's and the game master's
    ev.CharacterPriced: public("character", "seat", price=CHARACTERS_OWN),
    ev.RollOpened: announcing(
        public(
            *ROLL,
            **dict.fromkeys(
                (
                    "readings",
                    "reasons",
                    "difficulty",
                    "automatic",
                    "fortalezas",
                    "aces",
                    "luck",
                    "tempt",
                    "declined_wounds",
                    "pool",
                    "entitlement",
                    "partial",
                    "later",
                ),
                ROLLED,
            ),
        )
    ),
    ev.RollFixed: public(*ROLL, "fixed", "entitlement", "carried"),
    ev.DieRerolled: public(
        *ROLL,
        "reroll_roll",
        "die",
        "old",
        "new",
        "source",
        **characters_own("points", "pool"),
    ),
    ev.OnesAndSixesBlocked: public(
        *ROLL,
        "by",
        "giver",
        points=CHARACTERS_OWN,
    ),
    ev.RollSettled: public(
        *ROLL,
        "result",
        "verdict",
        "payments",
        "owed",
        *DICE_AFTER,
        **characters_own("points", "pool"),
    ),
    ev.SequelNamed: public(*ROLL, "sequel", "reason"),
    # what a public roll applies is said with it; the points paid are the player's
    ev.SpecialtyBought: public(
        *ROLL,
        "fortaleza",
        "bonus",
        "readings",
        "reason",
        "wound",
        **characters_own("paid_with", "points", "pool"),
    ),
    ev.DiceGiven: public(
        "character", "seat", "reason", "kind", "dice", "discomfort", "wound", "absorption"
    ),
    ev.DiceRemoved: public("character", "seat", "reason", "kind", "dice", "discomfort", "wound"),
    ev.DamageAbsorbed: public("character", "seat", "reason", "absorption"),
    ev.PointsAwarded: public(
        "character",
        "seat",
        **characters_own("amount", "gain", "points", "reason"),
    ),
    ev.PointsSpent: public(
        "character",
        "seat",
        "wound",
        **characters_own("amount", "use", "points", "reason", "pool"),
    ),
    ev.LuckRestored: public("character", "seat", "reason", "dice", "luck_held", "luck_lost"),
    # a drive is its player's and the game master's (and the reason would tell it); what
    # its consequence does to the dice follows in its own event
    re_.DriveRuled: public(
        "character",
        "seat",
        "scope",
        "fulfilled",
        "consequence",
        **characters_own("drive", "reason"),
    ),
    # a thorn is on the table, as the sheet's thorns are
    re_.ThornDrivenIn: public("character", "seat", "reason", "thorn"),
    re_.ThornStruck: public("character", "seat", "reason", "place", "thorn", "critical", "lost"),
    # derives from its roll, withheld whole as the roll is (a settled roll is revealed)
    re_.ThornCriticalRolled: public(*ROLL, "critical"),
    re_.ThornSolved: public("character", "seat", "reason", "place", "thorn"),
    # the sequels are on the table, as the sheet's sequels are: their care and their end too
    re_.MedicalCareGiven: public("character", "seat", "reason"),
    re_.SceneEnded: public("reason"),
    # the adventure's end is said at the table; the points it moves are named in no event
    re_.AdventureEnded: public("reason"),
}


# -- the story outside combat (domain/portal/story_events.py) ---------------------------------
# A comparison's rolls were settled, so revealed: what they read is the table's. A spell's
# casting derives from its roll (`FromRoll`), withheld whole from whoever may not see it. An
# improvement changes what a character is made of: its player's and the game master's, but
# the concept rank, which every seat sees; so is how a principal NPC pays a luck die (its
# pool is part of its sheet).

STORY_RULES: dict[type, Rule] = {
    se.RerollsCut: public("first", "second", "cut", "aces", "reason", "later_cut"),
    se.Confronted: public(
        "first",
        "second",
        "advantage",
        "doubled",
        "difference",
        "winner",
        "first_fumbled",
        "second_fumbled",
        "reason",
    ),
    se.ExtendedStarted: public("confrontation", "first", "second", "target", "reason"),
    se.ExchangeBanked: public("confrontation", "first", "second", "balance", "winner"),
    se.AcesBought: public("confrontation", "side", "aces", "levels", "balance", "reason"),
    se.PsychologicalConfronted: public(
        "manipulator",
        "victim",
        "seat",
        "influenced",
        "margin",
        "victim_dictated",
        "backfires",
        *DICE_AFTER,
        "reason",
        **characters_own("paid_with", "pool"),
    ),
    se.TeamsConfronted: public("first", "second", "difference", "winner", "reason"),
    se.Collaborated: public(
        "difficulty",
        "reduction",
        "collaborative_difficulty",
        "members",
        "excess",
        "deficit",
        "spent",
        "left",
        "shared_task",
        "task_failed",
        "reason",
    ),
    se.CharacterAdvanced: public(
        "character",
        "seat",
        "concept",
        "at_adventure_end",
        **dict.fromkeys(
            (
                "improvement",
                "name",
                "cost",
                "sheet",
                "points",
                "approval",
            ),
            CHARACTERS_OWN,
        ),
    ),
    se.SupportingAdded: public("supporting", "reason"),
    se.SupportingTurnRolled: public(
        "roll", "visibility", "supporting", "face", "modifier", "totals"
    ),
    se.SupportingHurt: public(
        "supporting", "damage_total", "aguante", "through", "taken", "generic", "out", "reason"
    ),
    se.DifficultyDeferred: public(
        *ROLL,
        "first",
        "factor",
        "bonus",
        "difficulty",
        "reason",
    ),
    se.UnitStacked: public(
        "roll", "visibility", "purpose", "leader", "members", "totals", "reflexes"
    ),
    se.SpellCast: public(
        *ROLL,
        "rank",
        "purpose",
        "missing",
        "difficulty",
        "reason",
    ),
    se.SpellPaid: public(
        "character",
        "seat",
        "elements",
        "rite_of",
        *DICE_AFTER,
        **characters_own("luck_with", "points_with", "points_paid", "points", "pool"),
    ),
    se.CriticalActionTaken: public(
        "combat",
        "character",
        "seat",
        "action",
        *DICE_AFTER,
        "state",
        "reason",
        **characters_own("paid_with", "points", "pool"),
    ),
}
RULES.update(STORY_RULES)

#: combat (domain/portal/combat_events.py): what is fought is said at the table. An event read
#: from one roll is withheld whole, as its roll is (`FromRoll`); a strike reads two settled
#: rolls, and a roll is settled only once every seat may see it.
COMBAT_RULES: dict[type, Rule] = {
    ce.CombatStarted: public(
        "combat", "contenders", "fight", "cold_blood_difficulty", "direction_die", "reason"
    ),
    ce.ReflexesTaken: public(
        *ROLL,
        "combat",
        "reflexes",
        "phases",
        "cold_blood",
        "thorn",
        "discomfort",
        "wound",
        "thorn_penalty",
    ),
    ce.CombatRollSettled: public(*ROLL, "combat", "readings", "basic", "tempt"),
    ce.StrikeResolved: public(
        "combat",
        "attacker",
        "character",
        "seat",
        "attack_roll",
        "defence_roll",
        "weapon",
        "setting",
        "reason",
        "strike",
        "damage",
        "sweep",
        "toughness",
        "through",
        "absorption",
        "knee",
        "fumbles",
        "killed",
        "defence_modifier",
        "heavy",
        "opportunities",
        "head",
        "disarmed",
        "damage_roll",
        "damage_rerolls",
        "hold",
        "broken_weapon",
        "hand_sequel",
        "critical_action",
    ),
    ce.TemptLuckRecovered: public(
        *ROLL,
        "combat",
        "result",
        "against",
        "luck_held",
        "luck_lost",
    ),
    ce.CriticalStateRolled: public(*ROLL, "combat", "critical"),
    ce.ManeuverMade: public(
        *ROLL,
        "combat",
        "enemy",
        "maneuver",
        "phases",
        "later_phases",
        "leaving",
        "critical_action",
    ),
    ce.PhaseAdvanced: public("combat", "turn", "phase", "order", "idle", "stunned"),
    ce.CombatEnded: public("combat", "reason"),
    # the aces standing for an attack or maneuver roll, hidden as the roll's own are
    ce.AttackCalled: public(
        *ROLL,
        "combat",
        "target",
        "attack",
        "aces",
        "standing",
    ),
    ce.ManeuverDeclared: public(
        "combat", "character", "maneuver", "standing", "acted", "reason", "reach"
    ),
    ce.FreeActionTaken: public(
        "combat",
        "character",
        "action",
        "bought",
        "free_actions",
        "reflexes",
        "phases",
        "later_phases",
        "reason",
    ),
}
RULES.update(COMBAT_RULES)

#: a grab ruled (`Immobilized`, and repeated by `BreakFreeAttempted`): the contender grabbed or
#: held, the four compared rolls, the defender's weapon, the grapple they make and the reason
GRAB = (
    "combat",
    "character",
    "attack",
    "strength",
    "defence",
    "struggle",
    "defender_weapon",
    "defence_modifier",
    "grapple",
    "reason",
)
#: special attacks and a team leader's ceded levels (domain/portal/special_events.py): they
#: read settled rolls, or open rolls none secret, and the supporting characters' public d6s
SPECIAL_RULES: dict[type, Rule] = {
    spe.LevelCeded: public(
        "leader", "leader_roll", "roll", "character", "leader_entitlement", "entitlement", "reason"
    ),
    spe.Immobilized: public(*GRAB, "grabber"),
    spe.BreakFreeAttempted: public(*GRAB, "holder", "advantage", "freed"),
    spe.HoldReleased: public("combat", "holder", "character", "reason"),
    spe.MultipleAttackResolved: public(
        "combat",
        "attacker",
        "attack_rolls",
        "defence_rolls",
        "dice_roll",
        "dice",
        "increment",
        "cancelled",
        "reflexes",
        "phases",
        "attacks",
        "setting",
        "reason",
    ),
}
RULES.update(SPECIAL_RULES)

#: supporting characters in a fight (domain/portal/cast_events.py): said at the table, their
#: units' dice public; the defence and attack rolls they read were settled, so seen by all
CAST_RULES: dict[type, Rule] = {
    cae.SupportingClashed: public(
        "roll",
        "attacker",
        "target",
        "attack_unit",
        "defence_unit",
        "attack",
        "damage",
        "defence",
        "aguante",
        "hit",
        "excess",
        "through",
        "taken",
        "generic",
        "out",
        "reason",
    ),
    cae.SupportingAttacked: public(
        "roll",
        "combat",
        "attacker",
        "attack_unit",
        "attack",
        "damage",
        "character",
        "seat",
        "defence_roll",
        "defence_unit",
        "defence",
        "hit",
        "excess",
        "damage_total",
        "environment",
        "toughness",
        "through",
        "absorption",
        "fumble",
        "killed",
        "setting",
        "reason",
        "defence_modifier",
    ),
    cae.SupportingDefended: public(
        "roll",
        "combat",
        "attacker",
        "attack_roll",
        "attack_unit",
        "target",
        "defence_unit",
        "weapon",
        "setting",
        "strike",
        "damage",
        "damage_total",
        "aguante",
        "through",
        "taken",
        "generic",
        "out",
        "fumble",
        "reason",
    ),
}
RULES.update(CAST_RULES)
