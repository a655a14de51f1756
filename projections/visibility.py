"""The vocabulary of visibility: who reads (a `Viewer`), who saw a secret (an audience), and
how an event's fields are ruled (`Rule`, `Secret`). It names no rule system: each system's
rules are written in these words (`projections/<system>/redaction.py`) and applied by the one
policy, `projections.redaction`.

- a player sees public facts and its own secrets;
- the game master, in play, the same, plus what a roll shows the game master (`gm`, `blind`);
  in audit (dispute replay), every secret that anybody saw, never a face-down order nobody
  saw, nothing of the moment of play still open (the system's `open_moment`: a test whose
  draws are still secret, say), and no face-down deck's contents (`face_down`): the game
  master plays too, and must not read a player's draw or secret choice before the reveal,
  by listing or by inference; reading as a seat (`Viewer.within_audit`), what that seat saw
  and audit opens, no more than either;
- after the table closes, every seat sees everything (the seed included).

A secret roll, and everything that refers to it, is seen as the roll's own record says
(`SecretRoll`: the seat that plays the rolling character and how secretly), never as the seat
that sent the roll or sends a later event: `Viewer.hidden_rolls` holds the rolls a viewer may
not see, for events and views alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any

import msgspec

from domain.table import SecretRoll

#: an audience: the seats that saw a secret; None for every seat
Audience = frozenset[str] | None
#: in an audience, the table's game master, whichever seat that is
GAME_MASTER = "@gm"


@dataclass(frozen=True, slots=True)
class Viewer:
    seat: str
    is_gm: bool
    #: the game master's power to read every secret somebody saw, to settle disputes
    audit: bool = False
    #: the moment of play open when the viewer reads (its system's `open_moment`), whose
    #: secrets audit does not open
    open_moment: Hashable | None = None
    #: the table's rolls the viewer may not see (nor anything that refers to them)
    hidden_rolls: frozenset[int] = frozenset()
    #: the characters its seat plays: it knows their sheets (`played_by`)
    plays: frozenset[str] = frozenset()
    #: the game master reading as this seat (a dispute's "what did that seat know then"):
    #: what the seat saw that audit opens too, never more than either (`sees`)
    within_audit: bool = False


#: whoever reads a closed table (the analytics read model, the operator's export): no seat,
#: and no secret of a closed table is kept from it (`sees`); it reads closed tables only
AFTER_CLOSING = Viewer(seat="", is_gm=False)


def roll_audience(record: SecretRoll) -> Audience:
    """Who saw a secret roll, by its visibility: `gm`, the roller and the game master;
    `blind`, the game master; `self`, the roller; the roller being the seat that plays the
    rolling character, whoever sent the roll."""
    return ROLL_AUDIENCES[record.visibility](record.seat)


def sees_roll(viewer: Viewer, record: SecretRoll | None) -> bool:
    """Whether the viewer may see a secret roll not yet revealed. Audit opens what the game
    master was shown (`gm`, `blind`), never a roll its roller kept to itself (`self`); a
    secret roll with no record (a table stored before records) is nobody's until closing."""
    if record is None:
        return False
    return sees(viewer, roll_audience(record), False, sealed=record.visibility == "self")


def sees(viewer: Viewer, audience: Audience, closed: bool, sealed: bool = False) -> bool:
    """Whether the viewer may see a secret; `sealed` secrets belong to the open moment of
    play (`Viewer.open_moment`), or are the seats' own to keep, and audit opens none."""
    if audience is None or closed:
        return True
    if viewer.audit and viewer.is_gm and not sealed:
        return bool(audience)
    seat_sees = (
        viewer.seat in audience
        or (viewer.is_gm and GAME_MASTER in audience)
        or any(played_by(character) in audience for character in viewer.plays)
    )
    return seat_sees and not sealed and bool(audience) if viewer.within_audit else seat_sees


def played_by(character: str) -> str:
    """In an audience, the seat that plays a character, whichever seat that is."""
    return f"@character:{character}"


def knowledge(viewer: Viewer, closed: bool) -> Viewer:
    """Everything that decides what the viewer sees of a logged event, besides the event:
    after closing nothing does (`AFTER_CLOSING`); in play the open moment seals secrets from
    audit alone (`sees`), so to any other viewer it makes no difference."""
    if closed:
        return AFTER_CLOSING
    audited = (viewer.audit and viewer.is_gm) or viewer.within_audit
    return viewer if audited else replace(viewer, open_moment=None)


# -- audiences -----------------------------------------------------------------------------


def nobody(_: Any) -> Audience:
    return frozenset()


def own_seat(event: Any) -> Audience:
    return frozenset({event.seat})


def sender(event: Any) -> Audience:
    return frozenset({event.actor})


def seen_by(event: Any) -> Audience:
    return None if event.seen_by is None else frozenset(event.seen_by)


def character_seat(event: Any) -> Audience:
    """The seat that plays the event's character (the event's `seat`, or the seat of the
    character it carries), and the game master: who knows the character's sheet."""
    seat = event.seat if hasattr(event, "seat") else event.character.seat
    return frozenset({seat, GAME_MASTER})


def game_master(_: Any) -> Audience:
    return frozenset({GAME_MASTER})


def seat_of(path: str, described: str) -> Callable[[Any], Audience]:
    """The audience of the seat an event names at `path` (`actor`: its sender), and the game
    master; `AUDIENCES` describes the seat as `described`."""
    return _with_game_master(attrgetter(path), described)


def player_of(path: str) -> Callable[[Any], Audience]:
    """The audience of the seat that plays the character an event names at `path` (its
    field, or a field's: `hit.attacker`), and the game master; `AUDIENCES` describes it by
    that path."""
    character = attrgetter(path)
    return _with_game_master(
        lambda event: played_by(character(event)), f"the seat that plays `{path}`"
    )


def _with_game_master(seat: Callable[[Any], str], described: str) -> Callable[[Any], Audience]:
    def audience(event: Any) -> Audience:
        return frozenset({seat(event), GAME_MASTER})

    AUDIENCES[audience] = f"{described}, and the game master"
    return audience


#: who sees a roll (and what derives from it), by its visibility; `seat` is the roller's
#: (the seat that plays the rolling character: the game master rolling `self` for a player's
#: character leaves the result to that player alone)
ROLL_AUDIENCES: dict[str, Callable[[str], Audience]] = {
    "public": lambda _: None,
    "gm": lambda seat: frozenset({seat, GAME_MASTER}),
    "blind": game_master,
    "self": lambda seat: frozenset({seat}),
}


def rolled(_: Any) -> Audience:
    """The audience of what a roll shows is the roll's record's (`Viewer.hidden_rolls`),
    which `projections.redaction` judges for every `ROLLED` field by the event's `roll`: this
    function names that audience in the document, and were it ever asked, says nobody."""
    return frozenset()


# -- masks ---------------------------------------------------------------------------------


def hidden_cards(value: Any) -> Any:
    """Hidden cards keep their number (public), not their identity."""
    return [None] * len(value)


def hidden_cards_by_key(value: Any) -> Any:
    return {key: [None] * len(cards) for key, cards in value.items()}


def opaque(_: Any) -> Any:
    return None


def private_parts(*names: str, inside: str | None = None, leaves: str) -> Callable[[Any], Any]:
    """A mask for a character as every seat may see it: the named private parts of its sheet
    null (fields of the character, or of its field `inside`), the rest shown. It is
    described in the API's document (`MASKS`) as leaving `leaves`."""

    def mask(character: Any) -> Any:
        shown = msgspec.to_builtins(character)
        if inside is None:
            return {**shown, **dict.fromkeys(names)}
        return {**shown, inside: {**shown[inside], **dict.fromkeys(names)}}

    schema: dict[str, Any] = {
        "type": "object",
        "properties": {name: {"type": "null"} for name in names},
        "required": list(names),
    }
    if inside is not None:
        schema = {"type": "object", "properties": {inside: schema}, "required": [inside]}
    MASKS[mask] = (schema, leaves)
    return mask


def own_sheet(*names: str, inside: str | None = None, leaves: str) -> Secret:
    """A created character as its event shows it: the named private parts of its sheet its
    player's and the game master's (`character_seat`), null to the others (`private_parts`,
    which describes them as leaving `leaves`)."""
    return Secret(character_seat, private_parts(*names, inside=inside, leaves=leaves))


#: how the API's document describes each audience and what each mask leaves (a JSON Schema):
#: projections/event_schema.py documents every secret field from these
AUDIENCES: dict[Callable[[Any], Audience], str] = {
    nobody: "no seat",
    own_seat: "the event's `seat`",
    sender: "the seat that sent the command",
    seen_by: "the seats in `seen_by` (every seat when it is null)",
    character_seat: "the seat that plays the character, and the game master",
    game_master: "the game master",
    rolled: "as the roll named by `roll` was rolled (public; gm: its roller and the game "
    "master; blind: the game master; self: its roller; its roller being the seat that plays "
    "the rolling character, its `DiceRolled`'s `roller_seat`), whoever sends this event, "
    "until the game master reveals the roll",
}
NULLS = {"type": "array", "items": {"type": "null"}}
MASKS: dict[Callable[[Any], Any], tuple[dict[str, Any], str]] = {
    hidden_cards: (NULLS, "a null for each card: how many is public, not which"),
    hidden_cards_by_key: (
        {"type": "object", "additionalProperties": NULLS},
        "a null for each card of each entry: how many is public, not which",
    ),
    opaque: ({"type": "null"}, "null"),
}


@dataclass(frozen=True)
class Secret:
    audience: Callable[[Any], Audience]
    mask: Callable[[Any], Any]
    #: whether the game master's audit opens it (what somebody saw of the game); protocol data,
    #: such as a command's recorded result, stays with its sender, and face-down contents
    #: (`face_down`) with whom the rules let look; or a test of the event saying when (its
    #: docstring says it in the API's document)
    audited: bool | Callable[[Any], bool] = True

    def opened_by_audit(self, event: Any) -> bool:
        return self.audited(event) if callable(self.audited) else self.audited


def face_down(
    audience: Callable[[Any], Audience], mask: Callable[[Any], Any] = hidden_cards
) -> Secret:
    """The contents of a face-down deck or pile, one kind of secret wherever they appear:
    seen by whom the rules let look (a seat at its own deck, a picker at the deck it picks
    from), never opened by audit until the table closes, for the cards a draw takes from a
    deck would be read off its contents; how many is public."""
    return Secret(audience, mask, audited=False)


@dataclass(frozen=True)
class Rule:
    """What everybody sees of an event, and who sees each secret field. A field with no
    rule is hidden from everyone until closing: the policy fails closed."""

    public: frozenset[str] = frozenset()
    secret: Mapping[str, Secret] = field(default_factory=dict)
    #: a field keyed by seat, of which each seat sees its own entry (`OWN_ENTRY`)
    own_entry: str | None = None
    #: parts of a field derived from a hidden field of a sheet (a characteristic's value):
    #: masked for whoever may not see that field, even where the field itself is shown
    derived: Mapping[str, Secret] = field(default_factory=dict)
    #: the event tells that a roll was made (its `roll`), and is shown, its `ROLLED` fields
    #: masked, to whoever may not see the roll; any other event that names a roll derives
    #: from it, and is withheld whole from them, its very existence telling the outcome
    announces_roll: bool = False


def public(*fields: str, **secret: Secret) -> Rule:
    return Rule(public=frozenset(fields), secret=secret)


def announcing(rule: Rule) -> Rule:
    """The rule of an event that tells that a roll was made (see `Rule.announces_roll`)."""
    return replace(rule, announces_roll=True)


#: a secret of a roll: the dice, or anything derived from them
ROLLED = Secret(rolled, opaque)
#: a part of a character's sheet its player and the game master know (its points, its Mana)
CHARACTERS_OWN = Secret(character_seat, opaque)
#: each entry of a rule's `own_entry`: the face-down cards of the seat its key names
OWN_ENTRY = face_down(lambda seat: frozenset({seat}))


def characters_own(*fields: str) -> dict[str, Secret]:
    """Fields of an event that are its character's own (`CHARACTERS_OWN`), for `public`."""
    return dict.fromkeys(fields, CHARACTERS_OWN)
