"""PORTAL's events of the game master's narrative rulings (`ruling_handlers`): a drive ruled,
a thorn driven in, striking or solved [002:548-566, 615-633], the last aguante roll a thorn's
dice past the damage limit call outside a combat, a character's medical care, the scene's
end and the adventure's end. What they do to the dice, the luck and the points
follows as the sheet rulings' own events (`DiceGiven`, `DiceRemoved`, `LuckRestored`,
`PointsAwarded`); a drive is its player's and the game master's, a thorn is on the table."""

from __future__ import annotations

from domain.portal.critical import CriticalState
from domain.portal.events import FollowsRoll, game
from domain.portal.harm import critical_reached
from domain.portal.points import new_adventure
from domain.portal.sheet import PERMANENT, SCENE, STORY, Thorn
from domain.structs import clone
from domain.table import Table


class _OnCharacter(Table.Event):
    character: str
    """The id of the character ruled on"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    reason: str
    """The game master's reason"""


class DriveRuled(_OnCharacter):
    """A drive's significant or vital fulfilment or failure ruled [002:548-566]; its
    consequence follows as its own event (a die given or removed, luck back, points, a
    thorn)."""

    TOPIC = "portal.DriveRuled"
    drive: str
    """The drive fulfilled or failed"""
    scope: str
    """`significant` or `vital`"""
    fulfilled: bool
    """Whether the drive was fulfilled (true) or failed (false)"""
    consequence: str
    """`luck`, `remove_discomfort`, `discomfort`, `points`, `wound` or `thorn`"""


class ThornDrivenIn(_OnCharacter):
    """A thorn driven into a character, with its schedule [002:615-633]."""

    TOPIC = "portal.ThornDrivenIn"
    thorn: Thorn
    """The thorn: what it is, what it gives, how much, and its interval or trigger"""

    def apply(self, table: Table) -> None:
        sheet = game(table).characters[self.character].sheet
        sheet.thorns = [*sheet.thorns, clone(self.thorn)]


class ThornStruck(_OnCharacter):
    """A thorn's interval passed or its trigger happened [002:623]: the dice it gives that fit
    follow (`DiceGiven`); those past the damage limit call the last aguante roll or are lost,
    as the table's option `thorn_past_limit` says (GAP)."""

    TOPIC = "portal.ThornStruck"
    place: int
    """The thorn's place in the character's sheet, from 0"""
    thorn: Thorn
    """The thorn that struck"""
    critical: int = 0
    """Its dice past the damage limit (a wound die at 3 wound dice, a discomfort die at 3 and
    3), a point each, that the last aguante roll of the critical state is taken against
    [002:1273] (`thorn_past_limit`: `critical_roll`): in its combat if the character fights
    one, otherwise `portalTakeThornCritical`; 0: none"""
    lost: int = 0
    """Its dice past the damage limit that are lost (`thorn_past_limit`: `lost`); 0: none"""

    def apply(self, table: Table) -> None:
        if self.critical:
            game(table).critical_holder(self.character).critical = self.critical


class ThornCriticalRolled(FollowsRoll):
    """A character's last aguante roll outside a combat settled (its `RollSettled` just
    before) against the points a thorn's dice went past the damage limit [002:1271-1283],
    as `CriticalStateRolled` is in a combat: where it leaves the character, the worst thorn
    driven in if not carried yet; dead where the table's option `critical_below` says so."""

    TOPIC = "portal.ThornCriticalRolled"
    critical: CriticalState
    """The aguante against the points past the limit, the state it leaves (`unconscious`,
    `conscious`, `unstabilised`, `dead`), whether stabilised, and the thorn"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.critical = 0
        critical_reached(character, self.critical)


class ThornSolved(_OnCharacter):
    """A thorn solved or run its course: it leaves the sheet [002:617, 627, 633]."""

    TOPIC = "portal.ThornSolved"
    place: int
    """The thorn's place in the character's sheet, from 0, before it left"""
    thorn: Thorn
    """The thorn solved"""

    def apply(self, table: Table) -> None:
        sheet = game(table).characters[self.character].sheet
        sheet.thorns = [t for i, t in enumerate(sheet.thorns) if i != self.place]


class MedicalCareGiven(_OnCharacter):
    """A character received the proper medical care, as the game master judged: its level 2
    sequels end, "hasta recibir la apropiada atención médica" [002:289]; level 1 and 3
    stay."""

    TOPIC = "portal.MedicalCareGiven"

    def apply(self, table: Table) -> None:
        sheet = game(table).characters[self.character].sheet
        sheet.sequels = [sequel for sequel in sheet.sequels if sequel.level != STORY]


class SceneEnded(Table.Event):
    """The scene over for the whole table: every character's level 1 sequels end, "lo que
    queda de escena" [002:287]; no combat is under way (a combat's sequels end with it)."""

    TOPIC = "portal.SceneEnded"
    reason: str
    """The game master's reason: how the scene ended"""

    def apply(self, table: Table) -> None:
        for character in game(table).characters.values():
            sheet = character.sheet
            sheet.sequels = [sequel for sequel in sheet.sequels if sequel.level != SCENE]


class AdventureEnded(Table.Event):
    """The adventure over for the whole table: each protagonist's reserve back in hand, the
    next adventure starting with 5 in hand at most [002:854-856], every partly applicable
    Fortaleza whole again [002:492], and the sequels of level 1 and 2 gone (the scene's, and
    the story's: "lo que queda de relato" [002:287-289], the relato ending with the adventure
    [002:856]); level 3 stays for life. The points it moves are each player's and the game
    master's: the event names none, the state derives them."""

    TOPIC = "portal.AdventureEnded"
    reason: str
    """The game master's reason: how the adventure ended"""

    def apply(self, table: Table) -> None:
        for character in game(table).characters.values():
            character.partial_used = {}
            sheet = character.sheet
            sheet.sequels = [sequel for sequel in sheet.sequels if sequel.level == PERMANENT]
            if sheet.kind == "protagonist":
                sheet.points = new_adventure(sheet.points)
