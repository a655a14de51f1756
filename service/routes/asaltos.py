"""asaltos's routes: its commands, one line each (its reads are the shared ones: view,
character, log, stream, rewind, fork, verify)."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from domain.asaltos import commands as ac
from service.command_routes import CREATED, ROLLED, SECRET_ROLL_READERS, command_route
from service.named_enums import NamedEnum

SECRET_CHECK = (
    " `visibility` (public, gm, blind, self) keeps the die and the outcome "
    + SECRET_ROLL_READERS
    + " until the game master reveals the roll (`revealRolls`) or closes the table: the engine "
    "records the outcome and changes nothing shared by it; the game master narrates it."
)
PUBLIC_ROLL = (
    " Always public: its outcome changes wounds, conditions or death timers at once. Answers "
    "with the roll's number (null when no die was needed); the dice and what they did are in "
    "the log and the view."
)

ROUTES: list[HTTPRouteHandler] = [
    command_route(
        "asaltosCreateCharacter",
        "/asaltos/characters",
        ac.CreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
        description="A player creates its own character (the game master its NPCs): Fuerza, "
        "Agilidad, Resistencia and Tamaño 1 to 10 [001:2-6], skills 0 to 10 (0 cannot be "
        "used) [001:24] as the creator computed them from their bases [001:9,25]: innate "
        "skills (a weapon's, Esquivar, Escalada) are 1 at least, a sheet that leaves one out "
        "has it at 1, one at 0 is refused (`invalid_sheet`); knowledge skills (Medicina, "
        "Mecánica) may be 0 [001:25]. Weapons "
        "with their damage codes [001:121,126-129] and armour as data [001:131-134]. Others "
        "see its name, Tamaño (the only visible characteristic [001:22]), weapons and "
        "armour; the rest of the sheet is its player's and the game master's.",
    ),
    command_route(
        "asaltosMakeCheck",
        "/asaltos/checks",
        ac.Check,
        "Make a check (game master)",
        answer=ROLLED,
        description="A skill or characteristic check: d10 + difficulty ≤ value [001:27-32], "
        "the success level value - d10 [001:37-38]; the game master sets the base difficulty "
        "and every other modifier with its reason [001:27,36,101], wound penalties add "
        "[001:63-65]. A check that cannot fail or cannot succeed is not rolled unless its SL "
        "is wanted [001:31,40]. In a combat round it may use the character's declared "
        "`other` action and its accumulation [001:47]. Answers with the roll's number (null "
        "when no die was needed)." + SECRET_CHECK,
    ),
    command_route(
        "asaltosMakeOpposedCheck",
        "/asaltos/opposed-checks",
        ac.OpposedCheck,
        "Make an opposed check (game master)",
        answer=ROLLED,
        description="Two characters' checks compared by success level, \"provided both "
        "succeeded\" [001:37]; a lone success wins, ties as the table's options say. Answers "
        "with the roll's number." + SECRET_CHECK,
    ),
    command_route(
        "asaltosStartCombat",
        "/asaltos/combats",
        ac.StartCombat,
        "Start a combat (game master)",
        description="A combat begins with these combatants, and its first round of one "
        "second [001:45]; their wounds' rest stops [001:72].",
    ),
    command_route(
        "asaltosStartRound",
        "/asaltos/rounds",
        ac.StartRound,
        "Start the next round (game master)",
        description="The next round (asalto) of one second of game time [001:45]: actions "
        "not used lapse, everybody declares again [001:47], death timers run.",
    ),
    command_route(
        "asaltosDeclareActions",
        "/asaltos/declarations",
        ac.DeclareActions,
        "Declare a combatant's actions for the round",
        description="The character's player (the game master for an NPC) declares its ordered "
        "actions: attack, parry, dodge or other, as many as its Agilidad and its weapon allow "
        "[001:47,121]; the k-th is resolved in tanda k with +(k-1) accumulation "
        "[001:47-48,109]; `with_previous` runs an action with another tool at the same time "
        "[001:122]. A parry declared first can parry a faster attack [001:112-113]. The list "
        "is its seat's and the game master's: the others see that it declared, and each "
        "action as it is resolved.",
    ),
    command_route(
        "asaltosTakeAim",
        "/asaltos/aims",
        ac.TakeAim,
        "Spend the round aiming",
        description="A shooter spends the whole round aiming at a target instead of "
        "declaring: -1 to the next round's shot per round of aim, at most -2; never aim and "
        "shoot in the same round [001:90,103].",
    ),
    command_route(
        "asaltosStartTanda",
        "/asaltos/tandas",
        ac.StartTanda,
        "Start the next tanda (game master)",
        description="Everybody's next declared action, in descending Agilidad order, equal "
        "Agilidad at the same time [001:46,109].",
    ),
    command_route(
        "asaltosPassActions",
        "/asaltos/passes",
        ac.PassActions,
        "Give up the tanda's remaining actions",
        description="Nobody has to use all their actions [001:109]: the character's player "
        "gives up its actions of this tanda, and slower combatants may act.",
    ),
    command_route(
        "asaltosMove",
        "/asaltos/moves",
        ac.Move,
        "Resolve a move (game master)",
        description="The character's declared `other` action of the tanda, in Agilidad order "
        "[001:46-47], is a move of `metres`, with the game master's account of it: a "
        "round's moves add up to at most the character's Agilidad in metres [001:20] (more "
        "is refused, `too_many_metres`), each one of the round's actions, its accumulation "
        "counting for the actions after it [001:47]. Every seat sees the move; the Agilidad "
        "stays its player's and the game master's [001:22].",
    ),
    command_route(
        "asaltosAttack",
        "/asaltos/attacks",
        ac.Attack,
        "Resolve an attack (game master)",
        answer=ROLLED,
        description="The attacker's next declared attack of the tanda, with the game master's "
        "difficulty and named modifiers [001:77-100] and the defender's declared reaction: a "
        "parry is rolled after the attack, harder by its SL [001:110,117]; a dodge before, "
        "making the attack harder by its SL [001:111]; `none` when no reaction is possible "
        "[001:110]. A melee attack from behind or by surprise: an automatic hit [001:79]; a "
        "shot is always rolled (`surprise_is_melee_only`) [001:89-102]. A fallen target is "
        "partial cover to a shot and an opponent down (-4) in melee [001:83,106], once even "
        "when named. `mounted_vs_foot` comes with `mounted` [001:86-87]; a target has one "
        "cover and one distance (`incoherent_modifiers`). A chosen location is a precision "
        "strike, +1 [001:80,91,104]. A natural 1 on the attack rolls a confirmation die for "
        "a critical [001:39]. A hit waits for its damage roll." + PUBLIC_ROLL,
    ),
    command_route(
        "asaltosRollDamage",
        "/asaltos/damage",
        ac.RollDamage,
        "Roll the pending hit's damage (game master)",
        answer=ROLLED,
        description="The pending hit's location (d10 [001:52-61], unless chosen) and damage: "
        "d10 + the Fuerza modifier (armas blancas) + the attack's SL [001:78,127,130], less "
        "the armour [001:133], looked up in the weapon's code [001:126-129]; a critical does "
        "the code's highest level through armour [001:39]. The wound and what it does at "
        "once follow: a fall, dropped weapons, death, a death timer, shock [001:63-67]."
        + PUBLIC_ROLL,
    ),
    command_route(
        "asaltosInflictWound",
        "/asaltos/wounds",
        ac.InflictWound,
        "Inflict a wound outside the attack rules (game master)",
        description="A wound the game master deals for what the rules explain in game (a "
        "fall, asphyxia, poison, a special surprise action [001:49]), with its reason: noted "
        "on its own [001:68], with what its level does at once [001:63-67].",
    ),
    command_route(
        "asaltosRollPain",
        "/asaltos/pain",
        ac.PainRoll,
        "Roll against a light wound's pain (game master)",
        answer=ROLLED,
        description="A Resistencia roll at the game master's difficulty: on a success the "
        "light wound's +1 stops hurting for the rest of the current combat [001:63]." + PUBLIC_ROLL,
    ),
    command_route(
        "asaltosRollMedicine",
        "/asaltos/medicine",
        ac.MedicineRoll,
        "Roll Medicine (game master)",
        answer=ROLLED,
        description="A Medicine roll at the game master's difficulty: for the patient's "
        "death timers (abdomen, severed limb, shock: a success stops them [001:65-67]), or "
        "for a serious or incapacitating wound's healing (shorter, and no characteristic "
        "lost [001:72-73])." + PUBLIC_ROLL,
    ),
    command_route(
        "asaltosAdvanceTime",
        "/asaltos/time",
        ac.AdvanceTime,
        "Advance game time (game master)",
        description="Game time passes: death timers run out [001:65-67], light wounds heal "
        "after a few quiet minutes, serious ones after their weeks of rest, incapacitated "
        "locations after their months, each costing AGI or RES as the game master says when "
        "healed without Medicine [001:71-73]; a lost limb never heals [001:74].",
    ),
    command_route(
        "asaltosInterruptRest",
        "/asaltos/rest-interruptions",
        ac.InterruptRest,
        "Interrupt a character's rest (game master)",
        description="Combat, work or travel interrupts the rest: the wound reopens and its "
        "count starts again [001:72].",
    ),
    command_route(
        "asaltosClearCondition",
        "/asaltos/conditions/clear",
        ac.ClearCondition,
        "End a condition (game master)",
        description="The game master ends a condition a wound caused (a fainted character "
        "comes to, a fallen one stands) [001:65-67]; not one a standing wound imposes: an "
        "incapacitated leg keeps the character fallen and crawling until it heals, and its "
        "healing lifts them [001:65] (`condition_from_wound`).",
    ),
    command_route(
        "asaltosTakeUpWeapon",
        "/asaltos/weapons/take-up",
        ac.TakeUpWeapon,
        "Take a dropped weapon up again",
        description="An incapacitated arm drops what it held, an incapacitated abdomen "
        "everything [001:65]; a dropped weapon neither strikes nor parries "
        "(`weapon_dropped`) until the character's player (the game master for an NPC) takes "
        "it up again with an arm that works (`arm_disabled` otherwise), which holds it "
        "from then on. In a combat round it is the character's declared `other` action of "
        "the tanda, in its Agilidad turn [001:46-47].",
    ),
    command_route(
        "asaltosEndCombat",
        "/asaltos/combats/end",
        ac.EndCombat,
        "End the combat (game master)",
        description="The combat is over: suppressed pain returns [001:63] and the wounds' "
        "rest begins again [001:71-73].",
    ),
]

#: the enums of this system a client names (`service.named_enums`)
ENUMS = [
    NamedEnum(
        "AsaltosLocation",
        ["PD", "PI", "BD", "BI", "A", "P", "C"],
        "A hit location (docs/glossary.md): `PD`, `PI` the right and left leg (pierna), "
        "`BD`, `BI` the right and left arm (brazo), `A` the abdomen, `P` the chest (pecho), "
        "`C` the head (cabeza).",
    ),
    NamedEnum("AsaltosHand", ["BD", "BI"], "A hand: the right arm's (`BD`) or the left's (`BI`)."),
    NamedEnum(
        "AsaltosCharacteristic",
        ["FUE", "AGI", "RES", "TAM"],
        "A physical characteristic: strength, agility, endurance, size (docs/glossary.md).",
    ),
    NamedEnum(
        "AsaltosAttackOutcome",
        ["hit", "missed", "dodged", "parried"],
        "How an attack ended: it hit, it missed, the target dodged it, or parried it.",
    ),
]
