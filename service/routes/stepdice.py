"""stepdice's routes: its commands, one line each (its reads are the shared ones: view,
character, log, stream, rewind, fork, verify)."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from domain.stepdice import commands as sc
from service import schemas
from service.command_routes import CREATED, ROLLED, SECRET_ROLL_READERS, Answer, command_route
from service.named_enums import NamedEnum

#: an enemy or a clock: its id; the table's view lists it (`enemies`, `clocks`)
LISTED = Answer(
    schemas.Created,
    lambda outcome: schemas.Created(version=outcome.version, id=str(outcome.result)),
)
SECRET_TEST = (
    " `visibility` (public, gm, blind, self) keeps the dice and everything derived from them "
    "(outcome, the ruling owed, the benefit or complication that follows) "
    + SECRET_ROLL_READERS
    + " until the game master reveals the roll (`revealRolls`) or closes the table; a secret "
    "test moves no clock by itself."
)
ALMOST_CERTAIN = (
    " A TN shifted below 4 is almost certain [003:88]: a success with no die (its roll's die, "
    "TN and face null), unless the table's `tn_below_ladder` gives a TN to roll against."
)

ROUTES: list[HTTPRouteHandler] = [
    command_route(
        "stepdiceCreateCharacter",
        "/stepdice/characters",
        sc.CreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
        description="A player creates a character for its own seat (the game master for any "
        "seat, or an NPC of its own): a die per attribute, d6 to d20 [003:9, 97] (in the "
        "solo-d6 variant a rank, Maestro 3+ to Sin habilidad 6 [003:316-321]), and an Armour "
        "token per scene if protected [003:359]. It starts with the table's Hearts and Mana "
        "(`starting_hearts`, `starting_mana`: 5 [003:282] and 3 [003:235]); other maxima are "
        "the game master's to set (`stepdiceSetMaxima`). Others see its name and Hearts; its "
        "dice and Mana are its player's and the game master's.",
    ),
    command_route(
        "stepdiceSetMaxima",
        "/stepdice/maxima",
        sc.SetMaxima,
        "Set a character's maximum Hearts or Mana (game master)",
        description="The game master sets a character's maximum Hearts, Mana or both, with the "
        'reason (maxima are per character: Hearts are 5 only "estándarmente" [003:282]). '
        "A raised maximum gives as much more at once, as advancement does [003:347]; a lowered "
        "one caps what the character holds. Every seat reads the Hearts and the reason; the "
        "Mana is its player's and the game master's.",
    ),
    command_route(
        "stepdiceAddEnemy",
        "/stepdice/enemies",
        sc.AddEnemy,
        "Set an enemy on the table (game master)",
        answer=LISTED,
        status=201,
        description="The game master sets out a pawn, an élite or a boss: its TN (pawn 6, "
        "boss 12 [003:216, 222]; élite 8 by default) or, in solo, its grade [003:336-340], "
        "and its Hearts (a boss's 3 Heridas [003:340]), as the table's options say.",
    ),
    command_route(
        "stepdiceBeginScene",
        "/stepdice/scenes",
        sc.BeginScene,
        "Begin a new scene (game master)",
        description="A new scene: protected characters have their Armour token again (1 per "
        "scene [003:359]) and the last scene's time-pressure clocks stop [003:362-364].",
    ),
    command_route(
        "stepdiceRollTest",
        "/stepdice/tests",
        sc.Test,
        "Roll a test (game master)",
        answer=ROLLED,
        description="The game master calls for a test [003:59-73]: the attribute (errata: "
        "outside combat the game master picks it [003:124]), the grade (4 Fácil, 6 Normal, 8 "
        "Difícil, 12 [003:57]) and its shifts, each with its reason [003:75-84], and the help "
        "accepted (one helper steps the die up [003:93-103]). A 1 fails with a complication, "
        "the die's maximum is exceptional [003:61-64]. Answers with the roll's number."
        + ALMOST_CERTAIN
        + SECRET_TEST,
    ),
    command_route(
        "stepdiceAttack",
        "/stepdice/attacks",
        sc.Attack,
        "Roll an attack on an enemy (game master)",
        answer=ROLLED,
        description="An attack [003:157-161]: Fuerza in melee, Destreza at range, Magia for a "
        "spell (its Mana cost spent first), against the enemy's TN with the game master's "
        "shifts (range, several opponents [003:201, 207]). A hit puts a pawn out or takes an "
        "élite's or boss's Heart [003:169-170]; a miss or a 1 owes Venganza [003:179-188]. "
        "Always public. Answers with the roll's number." + ALMOST_CERTAIN,
    ),
    command_route(
        "stepdiceCast",
        "/stepdice/casts",
        sc.Cast,
        "Roll a cast (game master)",
        answer=ROLLED,
        description="A cast [003:238-245]: the effect described, its level (Truco 4, "
        "Estándar 6, Fuerte 8, Gran poder 12) and cost as the game master assigned them "
        "[003:247-256]; the Mana is spent before the Magia die rolls, and lost on a failure, "
        "which owes a small consequence [003:245]. A Fuerte heal gives 2 Hearts [003:254]. "
        "Always public. Answers with the roll's number." + ALMOST_CERTAIN,
    ),
    command_route(
        "stepdiceGrantBenefit",
        "/stepdice/benefits",
        sc.GrantBenefit,
        "Grant an exceptional roll's benefit (game master)",
        description="The game master's extra benefit of an exceptional success [003:71-73]: "
        "a second wound to an élite or boss [003:224], a refund of 1 Mana, a larger effect or "
        "another benefit of magic [003:258-264]. A secret test's benefit stays as secret as "
        "the test.",
    ),
    command_route(
        "stepdiceNameComplication",
        "/stepdice/complications",
        sc.NameComplication,
        "Name a failed roll's complication (game master)",
        description="The game master names the complication a 1 owes [003:61, 70], the "
        "consequence of a failed spell [003:245], or a fail-forward complication of any "
        "failure [003:105-111, 119]. A secret test's complication stays as secret as the test.",
    ),
    command_route(
        "stepdiceResolveVenganza",
        "/stepdice/venganza",
        sc.ResolveVenganza,
        "Rule on a missed attack's Venganza (game master)",
        description="A missed attack or a 1 lets the enemy strike back, if it could really "
        "reach [003:177-193]: the attacker loses a Heart or suffers another complication, "
        "as the game master rules; the Armour token may take the Heart [003:360].",
    ),
    command_route(
        "stepdiceLoseHeart",
        "/stepdice/hits",
        sc.LoseHeart,
        "Rule a hit on a character (game master)",
        description="The game master rules that a character loses a Heart (the book has no "
        "enemy attack procedure [003:129-139]): the Armour token may absorb it [003:171, "
        "360]; at 0 Hearts the character is downed, and damage while downed kills "
        "[003:287-292].",
    ),
    command_route(
        "stepdiceSpendArmour",
        "/stepdice/armour/spend",
        sc.SpendArmour,
        "Spend the Armour token on the pending hit",
        description="The character's player spends its Armour token instead of losing the "
        "Heart [003:360]; it is worn out until the next scene [003:359].",
    ),
    command_route(
        "stepdiceDeclineArmour",
        "/stepdice/armour/decline",
        sc.DeclineArmour,
        "Keep the Armour token and lose the Heart",
        description="The character's player keeps the Armour token for later and loses the "
        "Heart [003:360].",
    ),
    command_route(
        "stepdiceRaiseAlly",
        "/stepdice/raise",
        sc.RaiseAlly,
        "Raise a downed ally",
        description="An ally spends an Action (Help) to raise a downed character to 1 Heart "
        "[003:291, 299]; the helper's player (or the game master) sends it.",
    ),
    command_route(
        "stepdiceStartClock",
        "/stepdice/clocks",
        sc.StartClock,
        "Start a time-pressure clock (game master)",
        answer=LISTED,
        status=201,
        description="The game master sets a clock of N steps and its consequence: each public "
        "failure moves it one step; at N the consequence happens (alarm, the target escapes, "
        "the passage collapses) [003:362-364].",
    ),
    command_route(
        "stepdiceAdvanceClock",
        "/stepdice/clocks/advance",
        sc.AdvanceClock,
        "Move a clock one step (game master)",
        description="The game master moves a clock one step for a failure outside the rolls, "
        "or after a secret test [003:364].",
    ),
    command_route(
        "stepdiceRest",
        "/stepdice/rests",
        sc.Rest,
        "Rest after a scene (game master)",
        description="A safe moment of rest after a combat or conflict: the characters named "
        "have their Hearts and Mana back to their own maxima [003:301-308]; a downed one is "
        "up again.",
    ),
    command_route(
        "stepdiceAdvanceCharacter",
        "/stepdice/advances",
        sc.AdvanceCharacter,
        "Advance a character, solo variant (game master)",
        description="Solo-d6 advancement [003:342-347]: one attribute's rank up (e.g. Novato → "
        "Entrenado), or +1 Heart or +1 Mana, maximum and current.",
    ),
]

#: the enums of this system a client names (`service.named_enums`)
ENUMS = [
    NamedEnum("StepdiceDie", [6, 8, 10, 12, 20], "A step die: its number of faces, d6 to d20."),
    NamedEnum(
        "StepdiceAttribute",
        ["fuerza", "agilidad", "destreza", "magia"],
        "An attribute: strength, agility, dexterity, magic (docs/glossary.md).",
    ),
    NamedEnum(
        "StepdiceRank",
        ["sin_habilidad", "novato", "entrenado", "maestro"],
        "A skill's rank: unskilled, novice, trained, master (docs/glossary.md).",
    ),
    NamedEnum(
        "StepdiceOutcome",
        ["exceptional", "success", "failure", "failure_complication"],
        "A test's outcome: an exceptional success, a success, a failure, or a failure with a "
        "complication.",
    ),
    NamedEnum(
        "StepdiceOwed",
        ["benefit", "complication", "consequence", "venganza"],
        "What a roll leaves owed: a benefit, a complication, a consequence, or venganza (the "
        "game master's, docs/glossary.md).",
    ),
    NamedEnum(
        "StepdiceEnemyStatus",
        ["standing", "downed", "out", "defeated"],
        "An enemy's state: standing, downed, out of the fight, or defeated.",
    ),
]
