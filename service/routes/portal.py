"""PORTAL's routes: its commands, one line each (its reads are the shared ones: view,
character, log, stream, rewind, fork, verify)."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from domain.portal import cast_commands as pcast
from domain.portal import combat_commands as pcc
from domain.portal import commands as pc
from domain.portal import hold_commands as phc
from domain.portal import ruling_commands as pr
from domain.portal import special_commands as psp
from domain.portal import story_commands as ps
from service.command_routes import CREATED, ROLLED, SECRET_ROLL_READERS, command_route
from service.named_enums import NamedEnum

SECRET_ROLL = (
    " `visibility` (public, gm, blind, self) keeps the dice and everything derived from them "
    "(readings, rerolls, the settlement, the sequel) "
    + SECRET_ROLL_READERS
    + " until the game master reveals the roll (`revealRolls`) or closes the table; a secret "
    "roll is rerolled and settled by the game master, and settled only once revealed (its "
    "settlement changes the dice every seat sees); so is a secret automatic outcome, which "
    "would otherwise read one version longer than a thrown call. What is paid or handed out "
    "on a secret roll (a temporary specialty bought with the call, a reroll paid with a "
    "point, a block's point) is refused (`roll_secret`) until the reveal where it would show on a "
    "sheet to a seat outside the roll's audience: luck and harm every seat reads, character "
    "points the character's player (outside a `blind` roll's audience)."
)
ROLLER = (
    " Sent by the character's player, who sees the dice; by the game master for its own "
    "characters and for a secret roll."
)

ROUTES: list[HTTPRouteHandler] = [
    command_route(
        "portalCreateCharacter",
        "/portal/characters",
        pc.PortalCreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
        description="A player creates a protagonist for its own seat (the game master for any "
        "seat), from its sheet: Fortalezas 0-5 [002:400], up to 2 limitations [002:798], "
        "drives (one at least [002:816]), quirks, character points (5 in hand at most "
        "[002:854]), the dice it holds (0-3 of each kind [002:97]). The game master creates "
        "principal NPCs for its own seat: no luck dice, no character points [002:643-655]. "
        "Every seat sees its name, kind, concept, armour, shield, dice, sequels and thorns; "
        "the rest is its player's and the game master's.",
    ),
    command_route(
        "portalOpenRoll",
        "/portal/rolls",
        pc.PortalOpenRoll,
        "Call a roll and throw its dice (game master)",
        answer=ROLLED,
        description="The game master calls a roll [002:85-218]: each reading with the basic "
        "die it keeps (HIGH, MID, LOW) and why, whether it is an aguante reading and the "
        "specialty that applies; the difficulty (0-15, more at a superhero table [002:107]) or "
        "an automatic success or failure with no dice [002:85-89]; the Fortalezas [002:442] "
        "and aces [002:466] that apply, each with its reason; and what the player declared "
        "before rolling: luck dice [002:322], Tempt luck [002:340], wound dice declined "
        "[002:264]. Every discomfort and wound die is thrown with the 3 basic dice. The roll "
        "stays open for rerolls until settled. Answers with the roll's number." + SECRET_ROLL,
    ),
    command_route(
        "portalRerollDie",
        "/portal/rolls/reroll",
        pc.PortalRerollDie,
        "Reroll one die of an open roll",
        answer=ROLLED,
        description="One die of an open roll rolled again, paid by a Fortaleza level, an ace "
        "in the sleeve, or a character point spent now for an ace [002:442, 466, 584]; at "
        "most 5 rerolls a roll, and an entitlement past 5 adds 1 per point once all 5 are made "
        "[002:514-516]; a blocked 1 or 6 cannot be rerolled [002:605]. Each reroll is a roll "
        "of its own (its die names the die it replaces and what paid); answers with its number. "
        "A point paid on a `blind` roll waits for its reveal (`roll_secret`)." + ROLLER,
    ),
    command_route(
        "portalFixRoll",
        "/portal/rolls/fix",
        pc.PortalFixRoll,
        "Fix an open roll's attack or defence for its damage's or aguante's rerolls",
        description="The roller fixes an open roll's first reading (the attack or defence): "
        "its result stands, and the Fortalezas and aces the call named for the damage or "
        "aguante (`later`) reroll the pool the first rerolls left, changing the other "
        "readings only [002:1096]. Whether the cap of 5 rerolls [002:514] counts both stages "
        "is the table's `late_reroll_cap` (GAP)." + ROLLER,
    ),
    command_route(
        "portalBlockRoll",
        "/portal/rolls/block",
        pc.PortalBlockRoll,
        "Hand the roller a character point to block its 1s and 6s",
        description="The game master, or another player through its character's point "
        "(`giver`), hands the roller a character point: every 1 and 6 of the roll is locked "
        "from now on, those its rerolls produce later included [002:603-609]; the roller "
        "keeps the point [002:579]. On a secret roll, the game master alone, and not while "
        "the roller's player does not see the roll (`blind`: `roll_secret` until revealed).",
    ),
    command_route(
        "portalSettleRoll",
        "/portal/rolls/settle",
        pc.PortalSettleRoll,
        "Settle an open roll",
        description="The final faces are read: the first reading against the difficulty "
        "(exceed to succeed, equal is partial [002:137-139]); a kept 6 removes every "
        "discomfort die, another kept face those showing it [002:220-228]; luck kept or lost "
        "[002:326-334]; the tempt die won back [002:348-356]; a point for a LOW success "
        "[002:575]. Each wound die matching the kept die is a sequel point, paid as the "
        "player chooses (`payments`): a discomfort die, a held luck die, or a level of sequel, "
        "whose kind the game master names [002:268-295]. A secret call granted an automatic "
        "outcome is settled here too, once revealed, with no payments (the view's "
        "`automatic_calls`)." + ROLLER,
    ),
    command_route(
        "portalNameSequel",
        "/portal/sequels",
        pc.PortalNameSequel,
        "Name a sequel's kind (game master)",
        description="The game master names the kind of the sequel a settled roll left "
        "(perception, communication, agility, skill, wit, constitution [002:297-304]): "
        "level 1 lasts the scene, 2 the story, 3 for life [002:286-291].",
    ),
    command_route(
        "portalGiveDice",
        "/portal/dice/give",
        pc.PortalGiveDice,
        "Give a character discomfort or wound dice (game master)",
        description="The game master gives discomfort or wound dice, with the reason "
        "[002:230-258]; a discomfort die given at 3 turns one into a wound die [002:248].",
    ),
    command_route(
        "portalRemoveDice",
        "/portal/dice/remove",
        pc.PortalRemoveDice,
        "Remove a character's discomfort or wound dice (game master)",
        description="The game master removes discomfort or wound dice, with the reason (rest, "
        "care, the story [002:230-244]).",
    ),
    command_route(
        "portalDamage",
        "/portal/damage",
        pc.PortalDamage,
        "Deal damage past the toughness (game master)",
        description="Damage points past the aguante are absorbed one by one: a discomfort die "
        "each; at 3, a point turns one into a wound die [002:248-250, 1238]; non-lethal damage "
        "stuns instead [002:1246]; past 3 and 3 the critical state [002:312, 1273].",
    ),
    command_route(
        "portalAwardPoints",
        "/portal/points/award",
        pc.PortalAwardPoints,
        "Award character points (game master)",
        description="Character points for a story's start or end, excellent roleplay, table "
        "conduct, a drive fulfilled [002:574-579]: into the hand up to 5, the rest into the "
        "reserve [002:854]. Protagonists only [002:647].",
    ),
    command_route(
        "portalSpendPoints",
        "/portal/points/spend",
        pc.PortalSpendPoints,
        "Spend character points (game master)",
        description="Character points spent from the hand [002:583-591]: a wound die removed "
        "(one point [002:583]), background, advancement, an action past the limit, a last "
        "heroic action. Aces and blocks are spent with their roll.",
    ),
    command_route(
        "portalRestoreLuck",
        "/portal/luck/restore",
        pc.PortalRestoreLuck,
        "Give back lost luck dice (game master)",
        description="The game master gives a character back lost luck dice (a drive "
        "fulfilled [002:556-560]); only its own lost ones come back [002:338].",
    ),
    command_route(
        "portalRuleDrive",
        "/portal/drives/rulings",
        pr.PortalRuleDrive,
        "Rule a drive fulfilled or failed (game master)",
        description="A drive's significant fulfilment gives a lost luck die back or removes a "
        "discomfort die, its significant failure gives a discomfort die; a vital fulfilment "
        "gives character points, a vital failure a wound die or a thorn [002:548-566]. The "
        "consequence follows as its own event (`DiceGiven`, `DiceRemoved`, `LuckRestored`, "
        "`PointsAwarded`, `ThornDrivenIn`); the drive and the reason are the player's and the "
        "game master's.",
    ),
    command_route(
        "portalDriveThorn",
        "/portal/thorns",
        pr.PortalDriveThorn,
        "Drive a thorn into a character (game master)",
        description="An ongoing harm with its schedule: discomfort or wound dice at an "
        "interval or a trigger, or a penalty to every reflex roll, until solved "
        "[002:615-633].",
    ),
    command_route(
        "portalThornStrikes",
        "/portal/thorns/strike",
        pr.PortalThornStrikes,
        "Let a thorn strike at its interval or trigger (game master)",
        description="The thorn gives its dice (`DiceGiven`), a discomfort die at 3 turning "
        "one into a wound die [002:248, 623]; a reflex thorn gives none. Its dice past the "
        "damage limit (a wound die at 3 wound dice, a discomfort die at 3 and 3), a point "
        "each, call the last aguante roll of the critical state (in the character's combat, "
        "`portalTakeCritical`; outside one, `portalTakeThornCritical`), or are lost, as the "
        "table's option `thorn_past_limit` says (GAP); refused while that roll is due.",
    ),
    command_route(
        "portalTakeThornCritical",
        "/portal/thorns/critical",
        pr.PortalTakeThornCritical,
        "Settle the last aguante roll a thorn called outside a combat",
        description="The last aguante roll against the points a thorn's dice went past the "
        "damage limit [002:1271-1283], as `portalTakeCritical` settles it in a combat: with "
        "the armour's die where `critical_roll_armour` says so; equal, unconscious and "
        "stabilised; above, conscious; below, unstabilised or dead as `critical_below` says. "
        "The worst thorn is driven in unless the character carries it already. The roll is an "
        "ordinary one (`portalOpenRoll`, read for `aguante`), settled here as "
        "`portalSettleRoll` settles it (`payments`), by its roller; a secret roll is revealed "
        "first.",
    ),
    command_route(
        "portalSolveThorn",
        "/portal/thorns/solve",
        pr.PortalSolveThorn,
        "Solve a thorn (game master)",
        description="The thorn leaves the sheet: treated, cured, or run its course "
        "[002:617, 627, 633]; the dice it gave stay until removed.",
    ),
    command_route(
        "portalGiveMedicalCare",
        "/portal/sequels/medical-care",
        pr.PortalGiveMedicalCare,
        "Give a character proper medical care (game master)",
        description="The character's level 2 sequels end: they last \"hasta recibir la "
        'apropiada atención médica" [002:289], whether the care is proper being the game '
        "master's judgement (the reason); level 1 and 3 stay. Refused when the character "
        "carries no level 2 sequel (`no_sequel`), owes a level 2 sequel its kind "
        "(`sequel_owed`) or has a roll open (`roll_open`).",
    ),
    command_route(
        "portalEndScene",
        "/portal/scene/end",
        pr.PortalEndScene,
        "End the scene for the whole table (game master)",
        description="Every character's level 1 sequels end: they last \"lo que queda de "
        'escena o combate" [002:287]; level 2 and 3 stay. Refused while a combat is under '
        "way (`combat_under_way`: a combat is part of its scene, and `portalEndCombat` ends "
        "the sequels made in it), a roll is open (`roll_open`) or a sequel's kind is owed "
        "(`sequel_owed`).",
    ),
    command_route(
        "portalEndAdventure",
        "/portal/adventure/end",
        pr.PortalEndAdventure,
        "End the adventure for the whole table (game master)",
        description="Every protagonist's reserve of character points comes back to the hand, "
        "the next adventure starting with 5 in hand at most (what they buy is `portalAdvance` "
        "with `at_adventure_end`) [002:854-856], and every partly applicable Fortaleza's "
        "once-per-adventure rerolls come back [002:492]; the sequels of level 1 and 2 end "
        "(the scene's and the story's, the relato ending with the adventure [002:287-289, "
        "856]), level 3 stays. Refused while a roll is open (`roll_open`) or a sequel's kind "
        "is owed (`sequel_owed`).",
    ),
]


# -- the story outside combat (domain/portal/story_commands.py) -------------------------------

SETTLED = (
    " Each roll is named by its number, settled (a secret one revealed first) and counted in "
    "one comparison only; its result is the reading named, by default its first."
)

ROUTES += [
    command_route(
        "portalCutRerolls",
        "/portal/rolls/cut",
        ps.PortalCutRerolls,
        "Cut two opposed rolls' rerolls (game master)",
        description="The confrontation reduction [002:924-930]: two opposed characters' open "
        "rolls, none rerolled yet, lose the lower side's Fortaleza levels (Stealth 2 against "
        "Alert 1: 1 reroll against none [002:928]); in combat aces too [002:1094], after the "
        "levels. A specialty's bonus is cut as well by the table's "
        "`confrontation_cuts_specialty`. The game master may skip it [002:930]. Both rolls "
        "in the open: a secret one is refused.",
    ),
    command_route(
        "portalConfront",
        "/portal/confrontations",
        ps.PortalConfront,
        "Decide a simple or unequal confrontation (game master)",
        description="Two characters' settled rolls compared, the first against the second "
        "[002:922-930]: the difference and who won (a tie is the table's `confrontation_tie`). "
        "An unequal confrontation adds the game master's virtual advantage to the difference, "
        "never to a result, so it cannot prevent a fumble; or doubles the advantaged side's "
        "result [002:944-954]." + SETTLED,
    ),
    command_route(
        "portalDeferredRoll",
        "/portal/confrontations/deferred",
        ps.PortalDeferredRoll,
        "Call a deferred confrontation's later roll (game master)",
        answer=ROLLED,
        description="A confrontation resolved at two moments [002:956-962]: the first side's "
        "settled result, as the game master transforms it (multiplied, then a bonus: Calvin's "
        "knot of 3 doubled is Peter's difficulty 6), is the difficulty of the later roll, "
        "called as `portalOpenRoll` calls one (`difficulty` and `automatic` null). Answers "
        "with the roll's number." + SETTLED + SECRET_ROLL,
    ),
    command_route(
        "portalStartExtended",
        "/portal/confrontations/extended",
        ps.PortalStartExtended,
        "Open an extended confrontation (game master)",
        description="The game master sets the success differential that wins a contest of "
        "several exchanges [002:932-936]. Confrontations are numbered from 1 in the order "
        "they are opened (`ExtendedStarted`).",
    ),
    command_route(
        "portalExchange",
        "/portal/confrontations/extended/exchange",
        ps.PortalExchange,
        "Bank an exchange of an extended confrontation (game master)",
        description="A settled roll of each side: the difference is banked; the side whose "
        "lead reaches the differential wins [002:938]." + SETTLED,
    ),
    command_route(
        "portalBuyAces",
        "/portal/confrontations/extended/aces",
        ps.PortalBuyAces,
        "Spend banked levels on aces (game master)",
        description="The side ahead spends banked success levels on aces for a later roll "
        "[002:940], at the table's `levels_per_ace` (1 by default); the game master grants "
        "them when opening that roll.",
    ),
    command_route(
        "portalPsychological",
        "/portal/confrontations/psychological",
        ps.PortalPsychological,
        "Decide a psychological confrontation (game master)",
        description="The manipulator pays one held luck die [002:966] and its settled roll "
        "meets the victim's: influenced or not, by how much; a victim's fumble lets the game "
        "master dictate the behaviour, a manipulator's turns the discomfort on him "
        "[002:964-1000]. The discomfort for resisting is the game master's, given as any "
        "(`portalGiveDice`)." + SETTLED,
    ),
    command_route(
        "portalTeams",
        "/portal/confrontations/teams",
        ps.PortalTeams,
        "Decide a team confrontation (game master)",
        description="Each team's settled results summed; the difference decides "
        "[002:1008-1012]." + SETTLED,
    ),
    command_route(
        "portalCollaborate",
        "/portal/collaborations",
        ps.PortalCollaborate,
        "Resolve a collaboration (game master)",
        description="The members' settled rolls against the difficulty less the game "
        "master's reduction [002:886-900]: the success levels of those who reach it pooled "
        "[002:902], each point a member falls short costing 2 [002:904]; the members the "
        "group covers, in order, raised to the difficulty (the table's `covered_member`); "
        "one uncovered fails alone, or the whole task if the game master rules it shared "
        "[002:906-912]." + SETTLED,
    ),
    command_route(
        "portalAdvance",
        "/portal/advancement",
        ps.PortalAdvance,
        "Approve an improvement paid with character points (game master)",
        description="The game master approves an improvement [002:846] and its price is paid "
        "[002:711-838]: a Fortaleza raised or acquired (each level in turn, priced by its "
        "frequency), a specialty (by its Fortaleza's level), a limitation removed, the concept "
        "changed (lowering it gives points back), a drive acquired or removed (the n-th of "
        "each costs the n-th triangular number over the character's life, one drive always "
        "kept). In play the hand pays alone; at the adventure's end the reserve too, and the "
        "next adventure starts with 5 in hand at most [002:844, 854-856]. Protagonists only "
        "[002:647]; the improvement is its player's and the game master's to see, but the "
        "concept.",
    ),
    command_route(
        "portalCastSpell",
        "/portal/spells",
        ps.PortalCastSpell,
        "Call a spell's roll and throw its dice (game master)",
        answer=ROLLED,
        description="A roll called as `portalOpenRoll` calls one, its difficulty set by the "
        "spell [002:1604-1614]: rank 0..3 gives 2, 3, 4, 5, enchanting an item or inventing a "
        "spell works a rank higher (a rank 3 one is a rite of 6), each missing element adds 1 "
        "at rank 1 and 2 at rank 2, and none may miss at rank 3 [002:1616-1620]; a competent "
        "mage's rank 0 spell succeeds with no roll. `difficulty` and `automatic` stay null. "
        "The elements the caster pays from its sheet (`spell.paid`: luck, discomfort, points, "
        "wound dice) are paid before the roll [002:1604], which throws the dice they leave; a "
        "principal NPC pays luck and points with its pool or its harm (Errata [002:649]); "
        "the payment is public (`portal.SpellPaid`), the dice being on the table. "
        "Answers with the roll's number." + SECRET_ROLL,
    ),
]

# -- combat (domain/portal/combat_commands.py) -------------------------------------------------

COMBAT_ROLL = (
    " The roll is an ordinary one (`portalOpenRoll`, `portalRerollDie`), settled here as "
    "`portalSettleRoll` settles it (`payments`), by its roller." + ROLLER
)

ROUTES += [
    command_route(
        "portalStartCombat",
        "/portal/combats",
        pcc.PortalStartCombat,
        "Start a combat (game master)",
        answer=ROLLED,
        description="The game master starts a combat: its contenders in table order going "
        "right from the game master, and the kind of fight, which sets the cold-blood "
        'difficulty (friendly brawl 3, port riot 4, balanced shootout 5, "we are going to '
        'die" 6 [002:1044-1047]). A public die fixes the direction of ties round the table for '
        "the whole combat: even right, odd left [002:1036]. Answers with its roll's number, the "
        "combat's number. Each contender's initial roll follows (`portalTakeReflexes`).",
    ),
    command_route(
        "portalTakeReflexes",
        "/portal/combats/reflexes",
        pcc.PortalTakeReflexes,
        "Settle a contender's reflex roll",
        description="A contender's roll read for `reflexes` gives its reflex value and phases: "
        "6 down to 1, a value past 6 buying later phases (16: 6, 5, 4, 1 [002:1024-1030]). The "
        "initial roll is read for `cold blood` too: each point missing to reach the difficulty "
        "paid as the player chooses, a lost turn, a discomfort die or a reflex point "
        "[002:1049-1057]. After wound dice a new reflex roll is due, read for `aguante` "
        "against the damage accumulated: a thorn below it [002:1063, 1252-1267]." + COMBAT_ROLL,
    ),
    command_route(
        "portalCallDefence",
        "/portal/combats/defences",
        pcc.PortalCallDefence,
        "Call a contender's defence roll with its protection (game master)",
        answer=ROLLED,
        description="A defence roll called as `portalOpenRoll` calls any roll, its readings "
        "`defence` and `aguante` [002:1092], with what protects the defender against this "
        "attack: cover from its side (partial 1 ace, full 2), the sheet's shield (large: full "
        "cover; medium 2 and small 1 against melee) and, against melee, 1 ace each for a sharp "
        "weapon that wounds without momentum, a trapping weapon, a long one usable here "
        "[002:1201-1222]. Those aces join the roll's, with the protection's reason, and so do "
        "the contender's total defences this turn (an ace each [002:1427]). Answers with the "
        "roll's number." + SECRET_ROLL,
    ),
    command_route(
        "portalCallAttack",
        "/portal/combats/attacks",
        pcc.PortalCallAttack,
        "Call a contender's attack or maneuver roll with its standing aces (game master)",
        answer=ROLLED,
        description="An attack roll (read for `attack`) or a maneuver roll (`maneuver`) called "
        "as `portalOpenRoll` calls any roll, with the aces standing for it, each with its "
        "reason, spent: on an attack, the ace of a maneuver above the enemy's reflexes "
        "[002:1441] and of an attack prepared against this `target` [002:1433-1435]; on either, "
        "a neglected defence's this turn [002:1447]. A call that spends any is public "
        "(`roll_secret` otherwise): the view shows them spent. Answers with the roll's number."
        + SECRET_ROLL,
    ),
    command_route(
        "portalDeclareManeuver",
        "/portal/combats/declarations",
        pcc.PortalDeclareManeuver,
        "Rule total defence, a prepared attack or a neglected defence (game master)",
        description="Total defence and preparing an attack give up the contender's attack, "
        "its action in this phase: an ace on every defence roll for the rest of the turn "
        "[002:1427], or on its next attack against the target, this turn or the next "
        "[002:1433-1437]. Neglecting defence, declared before the turn's first defence roll, "
        "gives an ace on this turn's attack or maneuver and -2 on every defence result for the "
        "rest of the turn [002:1443-1447], as a multiple attack does [002:1493]. The aces join "
        "the rolls called (`portalCallDefence`, `portalCallAttack`), the -2 the defence read "
        "at the strike. A stunned contender does not act, and defends at -2 too [002:1075].",
    ),
    command_route(
        "portalFreeAction",
        "/portal/combats/free",
        pcc.PortalFreeAction,
        "Rule a contender's free action (game master)",
        description="Before or after its normal action, a contender draws a weapon or picks up "
        "something at hand, moves or speaks up to its reflexes in metres or words, or asks the "
        "game master about the scene [002:1077-1082]: one free action per normal action this "
        "turn [002:1084], each one more bought for a reflex point [002:1088]. Whether the "
        "lowered reflexes' phases hold at once, a later phase lost, or from the next turn is "
        "the table's `free_action_reflexes` (Errata GAP).",
    ),
    command_route(
        "portalSettleCombatRoll",
        "/portal/combats/rolls",
        pcc.PortalSettleCombatRoll,
        "Settle an attack or defence roll for a strike",
        description="An attack roll (read for `attack`, and `damage` in melee) or a defence "
        "roll (read for `defence` and `aguante`) [002:1092] is settled and kept for the strike "
        "the game master rules (`portalStrike`)." + COMBAT_ROLL,
    ),
    command_route(
        "portalStrike",
        "/portal/combats/strikes",
        pcc.PortalStrike,
        "Rule a strike (game master)",
        description="In a phase the attacker acts in, once a phase [002:1073]: its attack (less "
        "a black-powder gun's 1) against the defence. Above: a hit, its damage the excess, the "
        "damage die in melee and the weapon's raw dice and bonus, never below 0 "
        "[002:1118-1147]; equal: the environment's raw die of the attacker by the setting "
        "[002:1102-1110]; below: a miss. The damage past the aguante and the armour's raw die "
        "is absorbed as discomfort and wound dice [002:1199, 1226, 1238]; wound dice call a new "
        "reflex roll and a thorn check, damage past 3 and 3 the critical state's last aguante "
        "roll (`portalTakeCritical`). Negative results are fumbles, the game master's to pick "
        "[002:1555-1562]. A contender out of combat makes no defence roll: attacked, it dies "
        "[002:1112]. The defence takes off -2 for a neglected defence this turn and -2 stunned "
        "(`defence_modifier` [002:1075, 1447, 1493]). A heavy weapon sweeps, its damage again "
        "on a hit [002:1190]. An `opportunity` attack strikes a defender leaving melee out of "
        "the attacker's phases, at most its reflexes a turn [002:1545-1549]. A weapon's damage "
        "aces (a weight dropped past HIGH [002:1173]) reroll the basic dice its player names "
        "(`damage_rerolls`) once a plain hit is counted [002:1096], thrown here: the weapon's "
        "raw dice read the new faces, the attack the old. The holder's melee attack on the "
        "contender it holds is at +2 (`hold` [002:1485]).",
    ),
    command_route(
        "portalTakeCritical",
        "/portal/combats/critical",
        pcc.PortalTakeCritical,
        "Settle the last aguante roll of the critical state",
        description="The last aguante roll against the damage left unabsorbed [002:1271-1283], "
        "with the armour's die where the table's option `critical_roll_armour` says so: "
        "equal, unconscious and stabilised; above, conscious; below, unstabilised or dead as "
        "the table's option `critical_below` says. Either way out of combat, and the worst "
        "thorn (a wound die every 10 minutes) unless the character carries it already."
        + COMBAT_ROLL,
    ),
    command_route(
        "portalCriticalAction",
        "/portal/combats/critical/actions",
        ps.PortalCriticalAction,
        "Let a contender in the critical state act once more at its cost (game master)",
        description="Conscious past the damage limit, a minimal action (press a button, "
        "crawl) costs a luck die, a normal one (attack, flee) a character point "
        "[002:590, 1281]; unconscious but stabilised, a last heroic normal action costs a "
        "character point, comes at the end of the turn with 3 discomfort and 3 wound dice, and "
        "leaves the character unstabilised [002:591, 599-601]. A principal NPC pays as its "
        "sheet says: its pool, or its harm (a discomfort die per luck die, a wound die per "
        "point) (Errata [002:649]). The game master then calls the action's roll, if any.",
    ),
    command_route(
        "portalManeuver",
        "/portal/combats/maneuvers",
        pcc.PortalManeuver,
        "Settle a contender's maneuver roll",
        description="A maneuver is the contender's action in one of its phases [002:1073]: "
        "the roll's `maneuver` reading becomes its new reflex value and phases, better or "
        "worse [002:1067, 1441]; against an enemy's current reflexes (`enemy`), exceeding them "
        "earns an ace on the next attack [002:1439-1441], granted when that roll is called "
        "(`portalCallAttack`). A maneuver only to better the reflexes is fair [002:1069]."
        + COMBAT_ROLL,
    ),
    command_route(
        "portalAdvancePhase",
        "/portal/combats/phases",
        pcc.PortalAdvancePhase,
        "Advance a combat to its next phase (game master)",
        description="Phases run 6 down to 1, then the next turn's 6 [002:1024]; once every "
        "reflex roll and last aguante roll due is taken. Who acts in the phase, in order: "
        "higher reflexes, fewer wound dice, fewer discomfort dice, then the table's direction "
        "[002:1032-1036]; a contender owing turns of cold blood loses the new turn.",
    ),
    command_route(
        "portalEndCombat",
        "/portal/combats/end",
        pcc.PortalEndCombat,
        "End a combat (game master)",
        description="The game master ends a combat, with the reason; the rolls it kept for "
        'strikes are dropped, and the level 1 sequels made in it end on every character ("lo '
        'que queda de [...] combate" [002:287]).',
    ),
    command_route(
        "portalAddSupporting",
        "/portal/supporting",
        ps.PortalAddSupporting,
        "Bring a supporting character (game master)",
        description="A supporting character [002:657-663, 1285-1299]: its generic value G "
        "(1-6) is the difficulty of every roll against it and the default of its Group, "
        "Attack, Defence, Aguante and Damage; its Reflexes are G - 0.5 unless given (never a "
        "whole number). Numbered s1, s2 … in order (`SupportingAdded`). Its values are said "
        "at the table.",
    ),
    command_route(
        "portalSupportingTurn",
        "/portal/supporting/turn",
        ps.PortalSupportingTurn,
        "Roll a supporting character's turn die (game master)",
        answer=ROLLED,
        description="A d6 against its current G [002:1309-1319]: below, +1 to every total "
        "this turn; equal, nothing; above, -1. Answers with the roll's number; `visibility` "
        "keeps the die and the modifier from the players as any roll's.",
    ),
    command_route(
        "portalHurtSupporting",
        "/portal/supporting/hurt",
        ps.PortalHurtSupporting,
        "Hurt a supporting character (game master)",
        description="A damage total against its Aguante this turn (its value and its last "
        "turn die's modifier): what passes lowers its G only, never the values it was given; "
        "at 0 or less it is out of combat [002:1297-1307]. Refused while that turn die is "
        "secret.",
    ),
    command_route(
        "portalStackUnit",
        "/portal/supporting/stack",
        ps.PortalStackUnit,
        "Stack supporting characters into a unit (game master)",
        answer=ROLLED,
        description="Members stacked on a leading supporting character [002:1371-1419]: one "
        "d6 each against its current G: equal adds its whole value, below +1 to each total "
        "its value exceeds the die by, above nothing; for one attack (Attack and Damage) or "
        "the leader's defence, on the leader's totals this turn. A unit holds its Group at "
        "most, the leader included (Group 1 never stacks), and acts in its slowest member's "
        "phase. Answers with the dice's roll number.",
    ),
]

# -- special attacks, a team leader's levels (domain/portal/special_commands.py) -----------

ROUTES += [
    command_route(
        "portalCedeLevel",
        "/portal/collaborations/leader",
        psp.PortalCedeLevel,
        "Cede a team leader's Fortaleza level to a member's roll (game master)",
        description="In a collaboration only the team leader's Fortaleza levels reroll other "
        "members' dice [002:914]: one level applying to the leader's open roll goes to another "
        "member's open roll, whose player rerolls one of its dice with it (`portalRerollDie`, "
        "source `fortaleza`): Alex's Sigilo 2, one level for David, one for Cosme [002:918]. "
        "The game master names the leader, with the reason. Both rolls in the open: a secret "
        "one is refused.",
    ),
    command_route(
        "portalImmobilize",
        "/portal/combats/grapples",
        psp.PortalImmobilize,
        "Rule an attempt to immobilize (game master)",
        description="The grabber's action in its phase [002:1073, 1473-1481]: a confrontation "
        "of two settled rolls, each read twice. The grab: the grabber's `attack` must exceed "
        "the defender's `defence`, plus 1 (one hand) or 2 (two hands) for a long cutting "
        "weapon against an unarmed grabber [002:1477]; the struggle: the grab's margin plus "
        "the grabber's `strength` against the defender's `struggle`, no weapon bonus (Lucio's "
        "6 against Salvio's 1 + 1: 4, and 4 + 3 against 4: immobilized by 3 [002:1481]). Ties "
        "are the table's `immobilize_tie`. The defence takes off a neglected defence's and a "
        "stun's -2, as a strike's [002:1075, 1447]. Immobilized, the defender is held "
        "(`portalBreakFree`, `portalReleaseHold`)." + SETTLED,
    ),
    command_route(
        "portalBreakFree",
        "/portal/combats/grapples/escape",
        phc.PortalBreakFree,
        "Rule a held contender's attempt to break free (game master)",
        description="The held contender's action in its phase, in a turn after the one it "
        "was immobilized in [002:1483]: the grab repeated on two settled rolls, each read "
        "twice, the holder's `attack` at +2 (the book's \"+2 al ataque\"; its margin goes on "
        "to the struggle) and `strength` against the held contender's `defence` (less a "
        "neglected defence's or a stun's -2, plus its weapon's bonus) and `struggle`. Not "
        "immobilized again, it is free. While held, the holder's melee strikes on it are at "
        "+2 [002:1485] (`portalStrike`)." + SETTLED,
    ),
    command_route(
        "portalReleaseHold",
        "/portal/combats/grapples/release",
        phc.PortalReleaseHold,
        "Rule a hold over (game master)",
        description="A hold after an immobilization ends without a struggle: the holder "
        "lets go, or can hold no more (out of combat, moved apart), as the game master rules "
        "with the reason [002:1481-1485]. Refused for a contender held by nobody.",
    ),
    command_route(
        "portalMultipleAttack",
        "/portal/combats/multiple",
        psp.PortalMultipleAttack,
        "Rule a multiple attack (game master)",
        description="The attacker's action in its phase: at most its reflex value of attacks "
        "on the same or different targets, against coupled defences [002:1487-1506]. "
        "Contenders attacked sum their settled defence results, each times the attacks on it "
        "(Omnium's 4 against three attacks: 12 [002:1504]); supporting characters attacked "
        "each roll a public d6: below both its G and Defence, +1 to the others' defences; "
        "equal to its G, its Defence to theirs (to its own once per attack when attacked "
        "several times). Every attack's difficulty rises by the weapons' and the positions' "
        "increment [002:1508-1515], cancelled 1:1 by aces, Fortaleza levels or reflex points "
        "given up, never the coupling bonus (Dorkar against three goblins: 5, 5 and 4 "
        "[002:1521-1529]). One attack roll for every attack, or one per attack, by the "
        "table's `multiple_attack_rolls`. Hits deal damage as `portalStrike`'s do. Declaring "
        "it neglects the attacker's defence, -2 on its defence results [002:1493]: not "
        "applied by the table.",
    ),
]

# -- supporting characters in a fight (domain/portal/cast_commands.py) ------------------------

UNITS = (
    " Either side may stack supporting characters on its leader for this attack "
    "(`attack_unit`, `defence_unit`): one public d6 each, thrown now, against its current G "
    "(equal: its whole value; below: +1 to each total its value exceeds the die by; above: "
    "nothing [002:1383-1387]), which is also that member's turn die for its own totals "
    "[002:1415-1417]. Refused while a totals' turn die is secret."
)

ROUTES += [
    command_route(
        "portalSupportingClash",
        "/portal/supporting/clash",
        pcast.PortalSupportingClash,
        "Rule a supporting character's attack on another (game master)",
        description="Its Attack this turn (its value and its turn die's modifier) against the "
        "target's Defence: a tie is a hit of excess 0; the excess plus its Damage past the "
        "target's Aguante lowers the target's G, out of combat at 0 [002:1321-1363]." + UNITS,
    ),
    command_route(
        "portalSupportingAttack",
        "/portal/supporting/attack",
        pcast.PortalSupportingAttack,
        "Rule a supporting character's attack on a contender (game master)",
        description="Its Attack this turn is the difficulty the contender's settled defence "
        "roll must exceed [002:1292]; below it, the shortfall plus its Damage is the damage "
        "total against the aguante reading and the armour's raw die, absorbed as discomfort "
        "and wound dice [002:1295, 1199, 1238]. A defence equal to the Attack is the table's "
        '`sc_attack_tie` (Errata): "hit" (excess 0) or "environment" (the defender\'s raw die '
        "of the setting, through the toughness). The defence result takes off a neglected "
        "defence's and a stun's -2, as a strike's [002:1075, 1447]. A contender out of combat "
        "makes no defence roll: attacked, it dies [002:1112]." + UNITS,
    ),
    command_route(
        "portalSupportingDefend",
        "/portal/supporting/defend",
        pcast.PortalSupportingDefend,
        "Rule a contender's strike on a supporting character (game master)",
        description="In a phase the attacker acts in, once a phase [002:1073]: its settled "
        "attack roll (less a black-powder gun's 1) against the supporting character's Defence "
        "this turn [002:1293]. Above: a hit, the damage total (the excess, the damage die in "
        "melee, the weapon's raw dice) past its Aguante lowers its G [002:1297-1307]; equal: "
        "the attacker's raw die of the setting, through the Aguante (Errata); below: a miss. "
        "Supporting characters stacked on the attacker add their Attack to the attack and "
        "their Damage to the damage total (Colmillo helping Sombra [002:1389-1395])." + UNITS,
    ),
]

#: the enums of this system a client names (`service.named_enums`)
ENUMS = [
    NamedEnum(
        "PortalLevel",
        ["HIGH", "MID", "LOW"],
        "How a pool of dice is read: its highest die, its middle one, or its lowest.",
    ),
    NamedEnum(
        "PortalAutomaticOutcome",
        ["success", "failure"],
        "A roll's outcome decided without reading its dice: a success, or a failure.",
    ),
    NamedEnum(
        "PortalImprovement",
        ["acquire_drive", "concept", "fortaleza", "remove_drive", "remove_limitation", "specialty"],
        "What character points buy [002:846]: a Fortaleza level, a specialty, a limitation "
        "removed, a new concept, a drive acquired or removed.",
    ),
    NamedEnum(
        "PortalFrequency",
        ["uncommon", "moderate", "frequent", "constant"],
        "How often a Fortaleza applies [002:400]: uncommon, moderate, frequent or constant.",
    ),
    NamedEnum(
        "PortalMeleeSize",
        ["bare", "small", "medium", "large", "gigantic"],
        "A melee weapon's size [002:1133]: bare hands, small, medium, large or gigantic.",
    ),
    NamedEnum(
        "PortalRangedWeapon",
        [
            "improvised",
            "light",
            "longbow",
            "crossbow",
            "light_firearm",
            "shotgun",
            "rifle",
            "military",
        ],
        "A ranged weapon's kind [002:1182-1197]: improvised or light projectiles, a longbow, a "
        "crossbow, a light firearm, a shotgun, a rifle or a military weapon.",
    ),
    NamedEnum(
        "PortalWeight",
        ["thrown", "dropped"],
        "How a large weight strikes [002:1172-1178]: thrown (the attacker's damage die one "
        "down) or dropped from above (one up).",
    ),
    NamedEnum(
        "PortalHeadEffect",
        ["damage", "stun"],
        "What a strike at the head does [002:1455]: +5 to the damage total, or the rival "
        "stunned as many turns as the damage points.",
    ),
    NamedEnum(
        "PortalHandEffect",
        ["broken_weapon", "sequel"],
        "What else a strike at a hand does [002:1469]: the weapon broken, or a sequel of that "
        "limb.",
    ),
    NamedEnum(
        "PortalConceptRank",
        ["ordinary", "team_member", "mythic_hero"],
        "A concept's rank [002:720]: an ordinary person, a team member, a mythic hero.",
    ),
    NamedEnum(
        "PortalSide",
        ["first", "second"],
        "One of the two sides of a confrontation: the first roll named, or the second.",
        frozenset({"doubled", "winner"}),
    ),
    NamedEnum(
        "PortalPayment",
        ["harm", "luck", "pool"],
        "How a psychological confrontation's loser paid [002:966]: with harm (a discomfort "
        "die), a luck die, or a principal NPC's pool.",
        frozenset({"paid_with"}),
    ),
    NamedEnum(
        "PortalCostPayment",
        ["harm", "luck", "points", "pool"],
        "What paid a luck or character-point cost: a protagonist's own luck die or points, a "
        "principal NPC's pool or its harm (discomfort and wound dice) [002:649].",
        frozenset({"paid_with", "luck_with", "points_with"}),
    ),
    NamedEnum(
        "PortalCriticalActionKind",
        ["minimal", "normal", "heroic"],
        "What a character in the critical state does once more [002:590, 599-601, 1281]: a "
        "minimal action, a normal one, or a last heroic one.",
    ),
]
