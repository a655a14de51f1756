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
- credential and invitation hashes are never shown;
- an event type or field without a rule here is hidden from every seat until closing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.frontera import combat_turn as ct
from domain.frontera import drinking as dr
from domain.frontera import equipment as eq
from domain.frontera import events as fe
from domain.frontera import exchanges as fx
from domain.frontera import gambling as ga
from domain.frontera import harm as ha
from domain.frontera import morale as mo
from domain.frontera import recovery as re
from domain.frontera.cards import sort_cards
from domain.frontera.state import DEAD_MANS_HAND, FronteraState
from domain.table import (
    GM,
    CommandRecorded,
    CredentialIssued,
    GameCopied,
    InvitationIssued,
    Seat,
    SeatJoined,
    SeatRemoved,
    Table,
    TableClosed,
)

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


#: how the API's document describes each audience and what each mask leaves (a JSON Schema):
#: projections/event_schema.py documents every secret field from these
AUDIENCES: dict[Callable[[Any], Audience], str] = {
    _nobody: "no seat",
    _seat: "the event's `seat`",
    _actor: "the seat that sent the command",
    _seen_by: "the seats in `seen_by` (every seat when it is null)",
}
NULLS = {"type": "array", "items": {"type": "null"}}
MASKS: dict[Callable[[Any], Any], tuple[dict[str, Any], str]] = {
    _cards: (NULLS, "a null for each card: how many is public, not which"),
    _cards_by_key: (
        {"type": "object", "additionalProperties": NULLS},
        "a null for each card of each entry: how many is public, not which",
    ),
    _opaque: ({"type": "null"}, "null"),
}


@dataclass(frozen=True)
class Secret:
    audience: Callable[[Any], Audience]
    mask: Callable[[Any], Any]
    #: whether the Mayor's audit opens it (what somebody saw of the game); protocol data,
    #: such as a command's recorded result, stays with its sender
    audited: bool = True


@dataclass(frozen=True)
class Rule:
    """What everybody sees of an event, and who sees each secret field. A field with no
    rule is hidden from everyone until closing: the policy fails closed."""

    public: frozenset[str] = frozenset()
    secret: Mapping[str, Secret] = field(default_factory=dict)
    #: a field keyed by seat, of which each seat sees its own entry
    own_entry: str | None = None


def public(*fields: str, **secret: Secret) -> Rule:
    return Rule(public=frozenset(fields), secret=secret)


_OWN_CARDS = Secret(_seat, _cards)
RULES: dict[type, Rule] = {
    Table.Created: public("system", "title", "options", "gm", "seed_commitment", "lineage"),
    SeatJoined: public("seat"),
    SeatRemoved: public("seat", "reason"),
    InvitationIssued: public("seat", "number"),
    CredentialIssued: public("seat", "number", "reason"),
    GameCopied: public(game=Secret(_nobody, _opaque)),
    TableClosed: public("seed"),
    CommandRecorded: public(
        key=Secret(_actor, _opaque, audited=False),
        command=Secret(_actor, _opaque, audited=False),
        fingerprint=Secret(_actor, _opaque, audited=False),
        result=Secret(_actor, _opaque, audited=False),
    ),
    fe.CharacterCreated: public("character", "purchases"),
    fe.TableStarted: public("decks", "zones", "phase"),
    fe.CardsShuffled: public("zone", "index", order=Secret(_nobody, _cards)),
    fe.CardsDealt: public("source", "seen_by", decks=Secret(_seen_by, _cards_by_key)),
    fe.CardsMoved: public("source", "target", "reason", "seen_by", cards=Secret(_seen_by, _cards)),
    fe.PhaseChanged: Rule(public=frozenset({"phase"}), own_entry="decks"),
    fe.TestOpened: public("test"),
    fe.DeadMansHandDrawn: public("character", "purpose", "cards", "better"),
    fe.CardsDrawn: public("test", "character", "seat", "source", "count", cards=_OWN_CARDS),
    fe.CardsChosen: public(
        "test",
        "character",
        "seat",
        cards=_OWN_CARDS,
        joker_suits=Secret(_seat, _opaque),
        targets=Secret(_seat, _opaque),
    ),
    fe.CardsRevealed: public("test", "cards", "joker_suits", "targets"),
    fe.TestResolved: public("test", "kind", "outcomes", "explanation"),
    fe.TestCancelled: public("test", "reason"),
    fe.ConditionChanged: public("character", "track", "before", "after", "reason"),
    fe.WeaponSet: public("weapon"),
    fe.WeaponRemoved: public("name"),
    ct.CombatOpened: public("combat"),
    ct.CombatTurnStarted: public("turn", "test"),
    ct.ActionDeclared: public("turn", "declaration", "participant"),
    ct.AttacksResolved: public("test", "turn", "attacks"),
    ct.CombatUpdated: public("combatants", "ranges", "reason"),
    ct.TurnLost: public("character", "turn", "reason"),
    ct.DeathConfirmed: public("character"),
    ct.CombatEnded: public("reason"),
    dr.DrinkTaken: public("character", "drinks", "mechanism"),
    dr.DrinkingDuelStarted: public("characters", "stake"),
    dr.DrinkingDuelEnded: public("loser", "winners", "reason"),
    dr.DrinksSleptOff: public("character"),
    eq.EquipmentChanged: public("character", "item", "before", "after", "reason"),
    fx.ExchangeStarted: public("exchange"),
    fx.ExchangeStepped: public("count", "passed", "then", "kept_by"),
    fx.ExchangeStepsAdded: public("steps"),
    fx.ExchangeCancelled: public("reason"),
    fx.DeckAdded: public("deck", "zone", "cards", "reason"),
    fx.DeckShown: public("seat", "zone", "reason", cards=_OWN_CARDS),
    fx.ProtagonistLeft: public("character", "reason"),
    ga.HouseGameStarted: public("house_game"),
    ga.HouseRoundPlayed: public(
        "character", "round", "card", "points", "for_player", "house", "player", "reshuffled"
    ),
    ga.HouseStopTried: public("character", "test"),
    ga.HouseStopDecided: public("character", "outcome", "leaves", "last_round"),
    ga.HouseGameEnded: public("character", "house", "player", "ignored_last_round", "result"),
    ga.HouseClosed: public("character", "reason"),
    ga.MoneyChanged: public("character", "before", "after", "reason"),
    ha.AccidentSuffered: public("character", "cause", "metres", "harm", "saved", "lost", "reason"),
    mo.ChallengeLost: public("challenged", "challenger"),
    mo.ChallengeAnswered: public("character", "challenger", "accepted"),
    mo.ThreatFaced: public("character", "card", "value", "confidence", "frightened", "reason"),
    re.MedicalCareGiven: public("healer", "patient", "level", "effective", "reason"),
    re.RecoveryProgressed: public("character", "track", "progress"),
    re.TimeAdvanced: public("amount", "unit", "seconds", "resting", "reason"),
}
#: digests of secrets, never shown to anyone, even after closing
NEVER_SHOWN = ("credential_hash", "invitation_hash")
ENVELOPE = ("originator_id", "originator_version", "timestamp", "originator_topic", "actor")


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
    data = {k: v for k, v in vars(event).items() if k not in ENVELOPE and k not in NEVER_SHOWN}
    rule = RULES.get(type(event), Rule())
    hidden: list[str] = []
    sealed = viewer.open_test is not None and getattr(event, "test", None) == viewer.open_test
    for name, value in data.items():
        if name in rule.public:
            continue
        secret = rule.secret.get(name)
        if name == rule.own_entry:
            shown = {k: v for k, v in value.items() if sees(viewer, frozenset({k}), closed)}
            if len(shown) < len(value):
                hidden.append(name)
            data[name] = {k: shown.get(k, [None] * len(v)) for k, v in value.items()}
        elif secret is None:
            if not closed:
                data[name] = None
                hidden.append(name)
        elif not sees(viewer, secret.audience(event), closed, sealed or not secret.audited):
            data[name] = secret.mask(value)
            hidden.append(name)
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
    # audit never opens a hand, nor a seat's deck or discard while a test is open: what left
    # it since the last look would be the draw that the test still keeps secret
    sealed = kind == "hand" or (viewer.open_test is not None and kind.startswith("player_"))
    return sort_cards(cards) if sees(viewer, audience, False, sealed) else None
