"""Who may know what of Frontera: each event's public and secret fields, and who may list
each card zone. Knowledge is modelled per card by the events themselves: an event that
carries card identities says who saw them (the drawer, `seen_by`, each seat's own entry).

The contents of a face-down deck or pile are `face_down` wherever they appear: a shuffle's
order, a deal, a seat's deck shown to it, a deck shown to a picker, cards moved out of
everybody's sight, a zone's listing. The Mayor's audit opens none of them until the table
closes, for a draw would be read off what the deck held; the counts stay public, and so do
every past hand, choice and reveal. The lay-out at the start (`TableStarted`) and a deck
added later (`DeckAdded`) are whole decks in canonical order, known to all.
"""

from __future__ import annotations

from typing import Any

from domain.frontera import combat_events as ce
from domain.frontera import drinking as dr
from domain.frontera import equipment as eq
from domain.frontera import events as fe
from domain.frontera import exchange_events as xe
from domain.frontera import gambling as ga
from domain.frontera import harm as ha
from domain.frontera import morale as mo
from domain.frontera import recovery as re
from domain.frontera.cards import sort_cards
from domain.frontera.state import DEAD_MANS_HAND, FronteraState
from domain.table import Table
from projections.visibility import (
    Audience,
    Rule,
    Secret,
    Viewer,
    face_down,
    hidden_cards,
    hidden_cards_by_key,
    nobody,
    opaque,
    own_seat,
    public,
    seen_by,
    sees,
)

OWN_CARDS = Secret(own_seat, hidden_cards)


def from_a_hand(event: Any) -> bool:
    """they leave a hand (cards drawn for a test, the test over)"""
    return str(event.source).startswith("hand:")


RULES: dict[type, Rule] = {
    fe.CharacterCreated: public("character", "purchases"),
    fe.TableStarted: public("decks", "zones", "phase"),
    fe.CardsShuffled: public("zone", "index", order=face_down(nobody)),
    fe.CardsDealt: public("source", "seen_by", decks=face_down(seen_by, hidden_cards_by_key)),
    # cards moved out of somebody's sight land face down (a deck, a discard, the treasure) or
    # in the loot that the decks take; those that leave a hand were seen in the hand's draw,
    # which audit shows once its test is over, so audit shows where they went too
    fe.CardsMoved: public(
        "source",
        "target",
        "reason",
        "seen_by",
        cards=Secret(seen_by, hidden_cards, audited=from_a_hand),
    ),
    fe.PhaseChanged: Rule(public=frozenset({"phase"}), own_entry="decks"),
    fe.TestOpened: public("test"),
    fe.DeadMansHandDrawn: public("character", "purpose", "cards", "better"),
    fe.CardsDrawn: public("test", "character", "seat", "source", "count", cards=OWN_CARDS),
    fe.CardsChosen: public(
        "test",
        "character",
        "seat",
        cards=OWN_CARDS,
        joker_suits=Secret(own_seat, opaque),
        targets=Secret(own_seat, opaque),
    ),
    fe.CardsRevealed: public("test", "cards", "joker_suits", "targets"),
    fe.TestResolved: public("test", "kind", "outcomes", "explanation"),
    fe.TestCancelled: public("test", "reason"),
    fe.ConditionChanged: public("character", "track", "before", "after", "reason"),
    fe.WeaponSet: public("weapon"),
    fe.WeaponRemoved: public("name"),
    ce.CombatOpened: public("combat"),
    ce.CombatTurnStarted: public("turn", "test"),
    ce.ActionDeclared: public("turn", "declaration", "participant"),
    ce.AttacksResolved: public("test", "turn", "attacks"),
    ce.HoldTested: public("test", "turn", "hold"),
    ce.CombatUpdated: public("combatants", "ranges", "reason"),
    ce.TurnLost: public("character", "turn", "reason"),
    ce.DeathConfirmed: public("character"),
    ce.CombatEnded: public("reason"),
    dr.DrinkTaken: public("character", "drinks", "mechanism"),
    dr.DrinkingDuelStarted: public("characters", "stake"),
    dr.DrinkingDuelEnded: public("loser", "winners", "reason"),
    dr.DrinksSleptOff: public("character"),
    eq.EquipmentChanged: public("character", "item", "before", "after", "reason"),
    xe.ExchangeStarted: public("exchange"),
    xe.ExchangeStepped: public("count", "passed", "then", "kept_by"),
    xe.ExchangeStepsAdded: public("steps"),
    xe.ExchangeCancelled: public("reason"),
    xe.DeckAdded: public("deck", "zone", "cards", "reason"),
    xe.DeckShown: public("seat", "zone", "reason", cards=face_down(own_seat)),
    xe.ProtagonistLeft: public("character", "reason"),
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


def zone_cards(table: Table, state: FronteraState, zone: str, viewer: Viewer) -> list[str] | None:
    """The cards of a zone the viewer may list (in canonical order, so that no order leaks),
    or None when they are face down to the viewer. After closing: everything, in order."""
    cards = state.zone(zone)
    if table.closed:
        return list(cards)
    kind, _, owner = zone.partition(":")
    if kind == "hand":
        # a hand holds its test's draw (only a draw fills one), which audit sees as it sees
        # the draw (`CardsDrawn`): once the test is over, on a rewind to a version where it
        # was still open
        character = state.characters.get(owner)
        audience: Audience = frozenset({character.seat}) if character else frozenset()
        sealed = state.test is not None and state.test.number == viewer.open_moment
        return sort_cards(cards) if sees(viewer, audience, False, sealed) else None
    if zone == DEAD_MANS_HAND:
        audience = None
    elif kind == "player_deck":
        audience = frozenset({owner}) if state.own_decks_open else frozenset()
    elif kind == "player_discard":
        audience = frozenset({owner})
    else:
        audience = frozenset()
    # every other zone but the dead man's hand lies face down: audit lists none of them
    listing = face_down(lambda _: audience)
    shown = sees(viewer, listing.audience(zone), False, not listing.audited)
    return sort_cards(cards) if shown else None
