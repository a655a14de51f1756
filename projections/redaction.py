"""Who may know what: the one place that decides visibility, for views, log, rewind and stream.

Knowledge is modelled per card by the events themselves: an event that carries card
identities says who saw them (the drawer, `seen_by`, each seat's own entry). This module
maps every event type to its secret fields and their audience, and every card zone to who
may list its cards. Rules:
- a player sees public facts and its own secrets;
- the Mayor, in play, the same; in audit (dispute replay), every secret that anybody saw,
  never a face-down order nobody saw, and nothing of the test still open: the Mayor plays
  cards too, and must not read a player's draw or secret choice before the reveal;
- after the table closes, every seat sees everything (the seed included);
- credential hashes are never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.frontera import events as fe
from domain.frontera import exchanges as fx
from domain.frontera.cards import sort_cards
from domain.frontera.state import DEAD_MANS_HAND, FronteraState
from domain.table import GM, CommandRecorded, Seat, SeatJoined, Table

#: an audience: the seats that saw a secret; None for every seat
Audience = frozenset[str] | None


@dataclass(frozen=True)
class Viewer:
    seat: str
    is_gm: bool
    #: the Mayor's power to read every secret somebody saw, to settle disputes
    audit: bool = False
    #: the test open when the viewer reads, whose secrets audit does not open
    open_test: int | None = None


def viewer_for(table: Table, seat: Seat, audit: bool) -> Viewer:
    test = getattr(table.game, "test", None)
    return Viewer(
        seat=seat.id,
        is_gm=seat.role == GM,
        audit=audit,
        open_test=test.number if test is not None else None,
    )


def sees(viewer: Viewer, audience: Audience, closed: bool, sealed: bool = False) -> bool:
    """Whether the viewer may see a secret; `sealed` secrets belong to the open test."""
    if audience is None or closed:
        return True
    if viewer.audit and viewer.is_gm and not sealed:
        return bool(audience)
    return viewer.seat in audience


# -- events ------------------------------------------------------------------------------


def _nobody(_: Any) -> Audience:
    return frozenset()


def _seat(event: Any) -> Audience:
    return frozenset({event.seat})


def _actor(event: Any) -> Audience:
    return frozenset({event.actor})


def _seen_by(event: Any) -> Audience:
    return None if event.seen_by is None else frozenset(event.seen_by)


def _cards(value: Any) -> Any:
    """Hidden cards keep their number (public), not their identity."""
    return [None] * len(value)


def _cards_by_key(value: Any) -> Any:
    return {key: [None] * len(cards) for key, cards in value.items()}


def _opaque(_: Any) -> Any:
    return None


@dataclass(frozen=True)
class Secret:
    audience: Callable[[Any], Audience]
    mask: Callable[[Any], Any]


SECRETS: dict[type, dict[str, Secret]] = {
    fe.CardsShuffled: {"order": Secret(_nobody, _cards)},
    fe.CardsDealt: {"decks": Secret(_seen_by, _cards_by_key)},
    fe.CardsMoved: {"cards": Secret(_seen_by, _cards)},
    fe.CardsDrawn: {"cards": Secret(_seat, _cards)},
    fx.DeckShown: {"cards": Secret(_seat, _cards)},
    fe.CardsChosen: {
        "cards": Secret(_seat, _cards),
        "joker_suits": Secret(_seat, _opaque),
        "targets": Secret(_seat, _opaque),
    },
    CommandRecorded: {
        "key": Secret(_actor, _opaque),
        "fingerprint": Secret(_actor, _opaque),
        "result": Secret(_actor, _opaque),
    },
}
#: secrets kept per seat: each seat sees its own entry of the field
OWN_ENTRY: dict[type, str] = {fe.PhaseChanged: "decks"}
NEVER_SHOWN = ("credential_hash",)
_ENVELOPE = ("originator_id", "originator_version", "timestamp", "originator_topic")


def event_type(event: Any) -> str:
    return str(event.TOPIC).rpartition(".")[2]


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in NEVER_SHOWN}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


class RedactedEvent(msgspec.Struct, kw_only=True):
    """One event of the log as the caller may see it."""

    version: int
    type: str
    actor: str
    at: str
    data: dict[str, Any]
    #: fields whose card identities (or other secrets) the caller may not see
    hidden: list[str]


def redact(event: Any, viewer: Viewer, closed: bool) -> RedactedEvent:
    data = {k: v for k, v in vars(event).items() if k not in _ENVELOPE and k != "actor"}
    hidden: list[str] = []
    sealed = viewer.open_test is not None and getattr(event, "test", None) == viewer.open_test
    for field, secret in SECRETS.get(type(event), {}).items():
        if not sees(viewer, secret.audience(event), closed, sealed):
            data[field] = secret.mask(data[field])
            hidden.append(field)
    own = OWN_ENTRY.get(type(event))
    if own is not None:
        entries = data[own]
        shown = {k: v for k, v in entries.items() if sees(viewer, frozenset({k}), closed)}
        if len(shown) < len(entries):
            hidden.append(own)
        data[own] = {k: shown.get(k, [None] * len(v)) for k, v in entries.items()}
    return RedactedEvent(
        version=event.originator_version,
        type=event_type(event),
        actor=event.actor,
        at=event.timestamp.isoformat(),
        data=_scrub(msgspec.to_builtins(data)),
        hidden=hidden,
    )


def involves(event: Any, seat: str) -> bool:
    """Whether an event is about a seat: it acted, or it saw or received something."""
    if event.actor == seat or getattr(event, "seat", None) == seat:
        return True
    if isinstance(event, SeatJoined):
        return event.seat.id == seat
    seen_by = getattr(event, "seen_by", None)
    return seen_by is not None and seat in seen_by


# -- card zones ---------------------------------------------------------------------------


def zone_cards(table: Table, state: FronteraState, zone: str, viewer: Viewer) -> list[str] | None:
    """The cards of a zone the viewer may list (in canonical order, so that no order leaks),
    or None when they are face down to the viewer. After closing: everything, in order."""
    cards = state.zone(zone)
    if table.closed:
        return list(cards)
    kind, _, owner = zone.partition(":")
    if zone == DEAD_MANS_HAND:
        audience: Audience = None
    elif kind == "hand":
        character = state.characters.get(owner)
        audience = frozenset({character.seat}) if character else frozenset()
    elif kind == "player_deck":
        own_deck_open = state.options.mode == "wear" or state.phase == 2
        audience = frozenset({owner}) if own_deck_open else frozenset()
    elif kind == "player_discard":
        audience = frozenset({owner})
    else:
        audience = frozenset()
    return sort_cards(cards) if sees(viewer, audience, False, sealed=kind == "hand") else None
