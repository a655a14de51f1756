"""PORTAL's routes: its commands, one line each (its reads are the shared ones: view,
character, log, stream, rewind, fork, verify)."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from domain.portal import commands as pc
from service.command_routes import CREATED, ROLLED, SECRET_ROLL_READERS, command_route

SECRET_ROLL = (
    " `visibility` (public, gm, blind, self) keeps the dice and everything derived from them "
    "(readings, rerolls, the settlement, the sequel) "
    + SECRET_ROLL_READERS
    + " until the game master reveals the roll (`revealRolls`) or closes the table; a secret "
    "roll is rerolled and settled by the game master, and settled only once revealed (its "
    "settlement changes the dice every seat sees)."
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
        "of its own (its die names the die it replaces and what paid); answers with its number."
        + ROLLER,
    ),
    command_route(
        "portalBlockRoll",
        "/portal/rolls/block",
        pc.PortalBlockRoll,
        "Hand the roller a character point to block its 1s and 6s",
        description="The game master, or another player through its character's point "
        "(`giver`), hands the roller a character point: every 1 and 6 of the roll is locked "
        "from now on, those its rerolls produce later included [002:603-609]; the roller "
        "keeps the point [002:579].",
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
        "whose kind the game master names [002:268-295]." + ROLLER,
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
]
