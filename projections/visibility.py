"""The vocabulary of visibility: who reads (a `Viewer`), who saw a secret (an audience), and
how an event's fields are ruled (`Rule`, `Secret`). It names no rule system: each system's
rules are written in these words (`projections/<system>/redaction.py`) and applied by the one
policy, `projections.redaction`.

- a player sees public facts and its own secrets;
- the game master, in play, the same, plus what a roll shows the game master (`gm`, `blind`);
  in audit (dispute replay), every secret that anybody saw, never a face-down order nobody
  saw, nothing of the test still open, and no face-down deck's contents (`face_down`): the
  game master plays too, and must not read a player's draw or secret choice before the
  reveal, by listing or by inference;
- after the table closes, every seat sees everything (the seed included).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.table import GM, Seat, Table

#: an audience: the seats that saw a secret; None for every seat
Audience = frozenset[str] | None
#: in an audience, the table's game master, whichever seat that is
GAME_MASTER = "@gm"


@dataclass(frozen=True)
class Viewer:
    seat: str
    is_gm: bool
    #: the Mayor's power to read every secret somebody saw, to settle disputes
    audit: bool = False
    #: the test open when the viewer reads, whose secrets audit does not open
    open_test: int | None = None
    #: the secret rolls the game master has revealed by the version read
    revealed_rolls: frozenset[int] = frozenset()
    #: the characters its seat plays: it knows their sheets (`played_by`)
    plays: frozenset[str] = frozenset()


#: whoever reads a closed table (the analytics read model, the operator's export): no seat,
#: and no secret of a closed table is kept from it (`sees`); were it ever asked about an open
#: table, it would see only what is public
AFTER_CLOSING = Viewer(seat="", is_gm=False)


def viewer_for(table: Table, seat: Seat, audit: bool) -> Viewer:
    test = getattr(table.game, "test", None)
    return Viewer(
        seat=seat.id,
        is_gm=seat.role == GM,
        audit=audit,
        open_test=test.number if test is not None else None,
        revealed_rolls=frozenset(table.revealed_rolls),
        plays=frozenset(
            c.id for c in getattr(table.game, "characters", {}).values() if c.seat == seat.id
        ),
    )


def sees(viewer: Viewer, audience: Audience, closed: bool, sealed: bool = False) -> bool:
    """Whether the viewer may see a secret; `sealed` secrets belong to the open test."""
    if audience is None or closed:
        return True
    if viewer.audit and viewer.is_gm and not sealed:
        return bool(audience)
    return (
        viewer.seat in audience
        or (viewer.is_gm and GAME_MASTER in audience)
        or any(played_by(character) in audience for character in viewer.plays)
    )


def played_by(character: str) -> str:
    """In an audience, the seat that plays a character, whichever seat that is."""
    return f"@character:{character}"


# -- audiences -----------------------------------------------------------------------------


def nobody(_: Any) -> Audience:
    return frozenset()


def own_seat(event: Any) -> Audience:
    return frozenset({event.seat})


def sender(event: Any) -> Audience:
    return frozenset({event.actor})


def seen_by(event: Any) -> Audience:
    return None if event.seen_by is None else frozenset(event.seen_by)


#: who sees a roll (and what derives from it), by its visibility; `actor` is the roller's seat
ROLL_AUDIENCES: dict[str, Callable[[str], Audience]] = {
    "public": lambda _: None,
    "gm": lambda actor: frozenset({actor, GAME_MASTER}),
    "blind": lambda _: frozenset({GAME_MASTER}),
    "self": lambda actor: frozenset({actor}),
}


def rolled(event: Any) -> Audience:
    """The audience of a roll: `event.visibility` of the seat that rolled (`event.actor`)."""
    return ROLL_AUDIENCES[event.visibility](event.actor)


# -- masks ---------------------------------------------------------------------------------


def hidden_cards(value: Any) -> Any:
    """Hidden cards keep their number (public), not their identity."""
    return [None] * len(value)


def hidden_cards_by_key(value: Any) -> Any:
    return {key: [None] * len(cards) for key, cards in value.items()}


def opaque(_: Any) -> Any:
    return None


#: how the API's document describes each audience and what each mask leaves (a JSON Schema):
#: projections/event_schema.py documents every secret field from these
AUDIENCES: dict[Callable[[Any], Audience], str] = {
    nobody: "no seat",
    own_seat: "the event's `seat`",
    sender: "the seat that sent the command",
    seen_by: "the seats in `seen_by` (every seat when it is null)",
    rolled: "as the roll's `visibility` says (public; gm: the roller and the game master; "
    "blind: the game master; self: the roller), until the game master reveals the roll",
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
    #: whether the Mayor's audit opens it (what somebody saw of the game); protocol data,
    #: such as a command's recorded result, stays with its sender, and face-down contents
    #: (`face_down`) with whom the rules let look
    audited: bool = True


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


def public(*fields: str, **secret: Secret) -> Rule:
    return Rule(public=frozenset(fields), secret=secret)


#: a secret of a roll: the dice, or anything derived from them
ROLLED = Secret(rolled, opaque)
#: each entry of a rule's `own_entry`: the face-down cards of the seat its key names
OWN_ENTRY = face_down(lambda seat: frozenset({seat}))
