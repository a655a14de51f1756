"""Frontera's figures of a table: what its events add to the shared tally (`projections.stats`).

The fold reads each event as the log shows it to the caller, so it counts only what the
caller was shown: a draw's number of cards is public, its cards only for the seat that drew
them (and for everybody once the table is closed); a card hidden from the caller (a null in
the log) adds to `cards.drawn` and `cards.hidden`, never to a suit or a value.

What counts as what:
- **drawn**: the cards a character draws for a test (`CardsDrawn`, from the pile or from its
  seat's deck) and the card the Mayor draws for a frightening threat (`ThreatFaced`, face
  up). Cards moved between zones (deals, exchanges, put away after a test), the dead man's
  hand's coin flips (four set-aside cards, counted apart) and the house's rounds (the Mayor's
  deck with the dead man's hand shuffled in) are not draws of the play cards.
- **played**: the cards revealed for a test (`CardsRevealed`), shown to everybody.
- **damage dealt**: the health levels each attack costs its target as judged
  (`AttacksResolved`), and a pistol duel's shot at its full damage, credited to the shooter.
  **damage taken**: the health levels a character loses from any cause (`ConditionChanged`
  on health: combat, accidents, duels, the Mayor's rulings), after the track's floor.
- **deaths**: health reaching -4 (dead); **dead for good**: the survival test's 8
  (`DeathConfirmed`); **recovered**: levels regained, by track (medical care, rest, time,
  surviving the survival test).
- **money**: every change of a character's money (`MoneyChanged`: the house's and the
  games' settlements, the Mayor's rulings), up as won, down as lost.

A Frontera table has one test open at a time: what the test's outcome does not say itself
(each participant's trait and skill, the difficulty, the dead man's hand's labels, a pistol
duel's stakes) is kept from its `TestOpened` (and a combat turn's `ActionDeclared`) until it
is resolved or cancelled, in the tally's `open_test` label.

Fairness: the drawn cards by `suit` (with `joker` when the table has Jokers) and by `value`
(2 to 14, 15 for a Joker), against the shares of the play cards the table set out
(`TableStarted`'s lay-out, the dead man's hand excepted, and every deck added later); cards
removed at random do not change the shares. Draws from a seat's own deck follow what its
players chose to play before (normal mode's phase 2, wear mode), so only the pile's draws are
a blind sample; the figures say where the cards came from (`cards.by_source`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from domain.frontera.cards import card
from domain.frontera.state import PILE
from projections.fairness import Fairness, fairness
from projections.tally import (
    Counts,
    DamagePoint,
    LoggedEvent,
    Tally,
    by_character,
    key,
    name_character,
    outcome_rows,
    took_damage,
    whole,
    word,
    word_number,
    word_text,
)

#: a key word for a figure the event does not give (a dead man's hand tests no trait)
OPEN_TEST = "open_test"
PHASE = "phase"
SCRIPTED = "scripted"
JOKER = "joker"
TRACKS = ("health", "morale", "sobriety")


class FronteraTestFigures(msgspec.Struct, kw_only=True):
    """Participants' outcomes of the tests of one kind, trait, skill and difficulty."""

    kind: str
    """The tests' kind: `trait`, `opposed`, `combat` (a combat turn's attackers and holds) or
    `dead_mans_hand`"""
    trait: str | None
    """The trait tested; null in a dead man's hand test"""
    skill: str | None
    """The skill the Mayor ruled relevant, whether or not the character has it; null: none"""
    difficulty: int | None
    """The lowest value a trait test asked for; null: none"""
    outcomes: dict[str, int]
    """How many participants got each outcome, by the rules' word: `success`, `partial`,
    `failure` (trait tests); `victory`, `defeat`, `tie` (opposed); `hit`, `miss` (combat turns'
    attacks), `kept`, `broken` (their holds [L1090]); `better`, `worse` (dead man's hand,
    whatever its labels)"""


class FronteraCardFigures(msgspec.Struct, kw_only=True):
    """The cards drawn (for tests and threats) and played (revealed for tests)."""

    drawn: int
    """Cards drawn for tests and frightening threats, shown to the caller or not"""
    hidden: int
    """Drawn cards the caller was not shown (counted, not by suit or value)"""
    played: int
    """Cards played (revealed) for tests"""
    jokers_drawn: int
    """Jokers among the drawn cards the caller was shown"""
    jokers_played: int
    """Jokers among the cards played"""
    threats: int
    """Cards the Mayor drew for frightening threats (in `drawn` too)"""
    by_suit: dict[str, int]
    """Shown drawn cards by suit (`spades`, `clubs`, `hearts`, `diamonds`), `joker` for a Joker"""
    by_value: dict[str, int]
    """Shown drawn cards by value: 2 to 10, J 11, Q 12, K 13, A 14, Joker 15"""
    by_source: dict[str, int]
    """Drawn cards by where they came from: `pile` or `player_deck`"""


class FronteraCombatFigures(msgspec.Struct, kw_only=True):
    """Combats, turns and attacks, and the damage the attacks did."""

    combats: int
    """Combats opened"""
    turns: int
    """Combat turns started"""
    attacks: int
    """Cards played as attacks, each against one target"""
    hits: int
    """Attacks that hit"""
    damage: int
    """Health levels the attacks cost their targets, as judged"""


class FronteraConditionFigures(msgspec.Struct, kw_only=True):
    """Health, morale and sobriety levels lost and regained, over every character."""

    damage_taken: int
    """Health levels lost, from every cause"""
    deaths: int
    """Times a character's health reached dead (-4)"""
    dead_for_good: int
    """Dead characters whose survival test drew the 8"""
    lost: dict[str, int]
    """Levels lost, by track (`health`, `morale`, `sobriety`)"""
    recovered: dict[str, int]
    """Levels regained, by track"""


class FronteraCharacterFigures(msgspec.Struct, kw_only=True):
    """One character's figures of a table."""

    name: str
    """The character's name"""
    outcomes: dict[str, int]
    """How many of each outcome it got in resolved tests, one per test it took part in, by the
    rules' word (as `FronteraTestFigures.outcomes`)"""
    drawn: int
    """Cards it drew for tests"""
    played: int
    """Cards it played (revealed)"""
    jokers_drawn: int
    """Jokers among its drawn cards the caller was shown"""
    jokers_played: int
    """Jokers among the cards it played"""
    damage_dealt: int
    """Health levels its attacks and pistol-duel shots cost their targets"""
    damage_taken: int
    """Health levels it lost, from any cause"""
    deaths: int
    """Times its health reached dead (-4)"""
    dead_for_good: int
    """1 when its survival test drew the 8, else 0"""
    recovered: dict[str, int]
    """Levels it regained, by track"""
    drinks: int
    """Drinks it took"""
    money_won: int
    """Dollars it gained, by every rise of its money"""
    money_lost: int
    """Dollars it lost, by every fall of its money"""


class FronteraDamagePoint(DamagePoint, kw_only=True):
    """The health levels one character lost at one event of the table (as `damage_taken`
    counts them)."""


class FronteraFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="frontera"):
    """Frontera's own figures of a table (or of closed tables added up)."""

    tests: list[FronteraTestFigures]
    """Tests resolved, by kind, trait, skill and difficulty: one outcome per participant"""
    tests_cancelled: int
    """Tests the Mayor cancelled"""
    cards: FronteraCardFigures
    """The cards drawn (for tests and threats) and played"""
    combat: FronteraCombatFigures
    """Combats, turns, attacks and their damage"""
    conditions: FronteraConditionFigures
    """Health, morale and sobriety levels lost and regained, over every character"""
    drinks: int
    """Drinks taken"""
    money_won: int
    """Dollars gained, by every rise of a character's money"""
    money_lost: int
    """Dollars lost, by every fall of a character's money"""
    dead_mans_hand: dict[str, dict[str, int]]
    """The dead man's hand's coin flips, by purpose (`test`, `tipsy`, `jam` …), then by result:
    `better` (an Ace) and `worse` (no Ace)"""
    characters: dict[str, FronteraCharacterFigures]
    """Each character's figures, by character id (a table's own figures: not added up across
    tables)"""
    damage_over_time: list[FronteraDamagePoint]
    """Every health level lost, by version and character (a table's own figures: not added up across
    tables)"""


# -- the fold ------------------------------------------------------------------------------


def _shown(cards: Any) -> list[str]:
    """The cards of a list the caller was shown (a hidden card is a null)."""
    return [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []


def _suit(card_id: str) -> str:
    face = card(card_id)
    return JOKER if face.suit is None else face.suit.value


def _count_cards(tally: Tally, cards: list[str], *words: str) -> None:
    """Count a set of play cards into the composition (or into the drawn figures)."""
    counts = tally.counts
    for card_id in cards:
        for path in _card_paths(words, card_id):
            counts[path] = counts.get(path, 0) + 1


@cache
def _card_paths(words: tuple[str, ...], card_id: str) -> tuple[str, str]:
    """The paths a card counts under: its suit's and its value's."""
    return key(*words, "suit", _suit(card_id)), key(*words, "value", card(card_id).value)


def _open_test(tally: Tally) -> dict[str, Any] | None:
    text = tally.labels.get(OPEN_TEST)
    return None if text is None else msgspec.json.decode(text)


def _keep_test(tally: Tally, test: dict[str, Any] | None) -> None:
    if test is None:
        tally.labels.pop(OPEN_TEST, None)
    else:
        tally.labels[OPEN_TEST] = msgspec.json.encode(test).decode()


def _participant(test: dict[str, Any], participant: Any) -> None:
    if isinstance(participant, dict) and isinstance(participant.get("character"), str):
        test["participants"][participant["character"]] = [
            participant.get("trait"),
            participant.get("skill"),
        ]


def _drawn(tally: Tally, character: Any, cards: Any, source: str) -> None:
    if not isinstance(cards, list):
        return
    shown = _shown(cards)
    jokers = sum(1 for c in shown if card(c).is_joker)
    tally.add("cards", "drawn", amount=len(cards))
    tally.add("cards", "hidden", amount=len(cards) - len(shown))
    tally.add("cards", "jokers_drawn", amount=jokers)
    tally.add("cards", "source", source.partition(":")[0], amount=len(cards))
    _count_cards(tally, shown, "drawn")
    if source == PILE:
        _count_cards(tally, shown, "blind")
        if tally.labels.get(SCRIPTED):
            tally.add("scripted_cards", amount=len(shown))
    if isinstance(character, str):
        tally.add("character", character, "drawn", amount=len(cards))
        tally.add("character", character, "jokers_drawn", amount=jokers)


def _resolved(tally: Tally, data: dict[str, Any]) -> None:
    test = _open_test(tally)
    number = whole(data.get("test"))
    if test is None or test.get("number") != number:
        test = {"number": number, "kind": data.get("kind"), "participants": {}}
    kind = word(data.get("kind") or test.get("kind"))
    outcomes = data.get("outcomes") or {}
    tally.add("tests_resolved")
    for character, outcome in outcomes.items():
        trait, skill = test["participants"].get(character, [None, None])
        if kind == "dead_mans_hand":
            outcome = "better" if outcome == test.get("better") else "worse"
        words = (trait, skill, whole(test.get("difficulty")), outcome)
        tally.add("test", kind, *map(word, words))
        tally.add("character", character, "outcome", word(outcome))
    if test.get("purpose") == "pistol_duel":
        stakes = test.get("stakes") or {}
        for character, outcome in outcomes.items():
            if outcome in ("defeat", "tie"):
                for shooter in outcomes:
                    if shooter != character and whole(stakes.get(shooter)) is not None:
                        tally.add("character", shooter, "damage_dealt", amount=stakes[shooter])
    _keep_test(tally, None)


def _condition(tally: Tally, data: dict[str, Any]) -> None:
    character, track = data.get("character"), data.get("track")
    before, after = whole(data.get("before")), whole(data.get("after"))
    if not isinstance(character, str) or track not in TRACKS or before is None or after is None:
        return
    if after < before:
        tally.add("conditions", "lost", track, amount=before - after)
        if track == "health":
            tally.add("character", character, "damage_taken", amount=before - after)
            took_damage(tally, character, before - after)
            if after == -4:
                tally.add("conditions", "deaths")
                tally.add("character", character, "deaths")
    elif after > before:
        tally.add("conditions", "recovered", track, amount=after - before)
        tally.add("character", character, "recovered", track, amount=after - before)


def _attacks(tally: Tally, attacks: Any) -> None:
    for attack in attacks if isinstance(attacks, list) else []:
        if not isinstance(attack, dict):
            continue
        taken = whole(attack.get("taken")) or 0
        tally.add("combat", "attacks")
        if attack.get("hit") is True:
            tally.add("combat", "hits")
        tally.add("combat", "damage", amount=taken)
        if isinstance(attack.get("attacker"), str):
            tally.add("character", attack["attacker"], "damage_dealt", amount=taken)


def _phase(tally: Tally, data: dict[str, Any]) -> None:
    if whole(data.get("phase")) is not None:
        tally.label(str(data["phase"]), PHASE)


def _threat_source(tally: Tally) -> str:
    """Where the Mayor drew a threat's card: the pile in no-management mode and in phase 1,
    the Mayor's deck otherwise."""
    mode, phase = tally.labels.get("mode", "normal"), tally.labels.get(PHASE)
    from_pile = mode == "no_management" or (mode == "normal" and phase == "1")
    return "pile" if from_pile else "player_deck"


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of Frontera's events says."""
    data = event.data
    kind = event.type
    if kind == "TableCreated":
        if (data.get("options") or {}).get("scripted_order") is not None:
            tally.label("yes", SCRIPTED)
    elif kind == "CharacterCreated":
        name_character(tally, data.get("character"))
    elif kind == "TableStarted":
        _phase(tally, data)
        for zone, cards in (data.get("zones") or {}).items():
            if zone != "dead_mans_hand":
                _count_cards(tally, _shown(cards), "deck")
    elif kind == "PhaseChanged":
        _phase(tally, data)
    elif kind == "DeckAdded":
        _count_cards(tally, _shown(data.get("cards")), "deck")
    elif kind == "TestOpened" and isinstance(data.get("test"), dict):
        opened = data["test"]
        test = {
            key: opened.get(key)
            for key in ("number", "kind", "difficulty", "better", "worse", "purpose", "stakes")
        }
        test["participants"] = {}
        for participant in (opened.get("participants") or {}).values():
            _participant(test, participant)
        _keep_test(tally, test)
    elif kind == "ActionDeclared":
        declared = _open_test(tally)
        if declared is not None:
            _participant(declared, data.get("participant"))
            _keep_test(tally, declared)
    elif kind == "CardsDrawn":
        _drawn(tally, data.get("character"), data.get("cards"), str(data.get("source")))
    elif kind == "ThreatFaced":
        _drawn(tally, None, [data.get("card")], _threat_source(tally))
        tally.add("cards", "threats")
    elif kind == "CardsRevealed":
        for character, cards in (data.get("cards") or {}).items():
            if not isinstance(cards, list):
                continue
            shown = _shown(cards)
            jokers = sum(1 for c in shown if card(c).is_joker)
            tally.add("cards", "played", amount=len(cards))
            tally.add("cards", "jokers_played", amount=jokers)
            tally.add("character", character, "played", amount=len(cards))
            tally.add("character", character, "jokers_played", amount=jokers)
    elif kind == "TestResolved":
        _resolved(tally, data)
    elif kind == "TestCancelled":
        tally.add("tests_cancelled")
        _keep_test(tally, None)
    elif kind == "DeadMansHandDrawn":
        better = data.get("better")
        if isinstance(better, bool):
            tally.add("dead_mans_hand", word(data.get("purpose")), "better" if better else "worse")
    elif kind == "ConditionChanged":
        _condition(tally, data)
    elif kind == "DeathConfirmed" and isinstance(data.get("character"), str):
        tally.add("conditions", "dead_for_good")
        tally.add("character", data["character"], "dead_for_good")
    elif kind == "CombatOpened":
        tally.add("combat", "combats")
    elif kind == "CombatTurnStarted":
        tally.add("combat", "turns")
    elif kind == "AttacksResolved":
        _attacks(tally, data.get("attacks"))
    elif kind == "DrinkTaken" and isinstance(data.get("character"), str):
        tally.add("drinks")
        tally.add("character", data["character"], "drinks")
    elif kind == "MoneyChanged" and isinstance(data.get("character"), str):
        before, after = whole(data.get("before")), whole(data.get("after"))
        if before is not None and after is not None and before != after:
            way = "won" if after > before else "lost"
            tally.add("money", way, amount=abs(after - before))
            tally.add("character", data["character"], "money_" + way, amount=abs(after - before))


# -- the figures ---------------------------------------------------------------------------


def _tests(tally: Tally) -> list[FronteraTestFigures]:
    return [
        FronteraTestFigures(
            kind=kind,
            trait=word_text(trait),
            skill=word_text(skill),
            difficulty=word_number(difficulty),
            outcomes=outcomes,
        )
        for (kind, trait, skill, difficulty), outcomes in outcome_rows(tally, "test")
    ]


def figures(tally: Tally) -> FronteraFigures:
    count, cards = Counts(tally), Counts(tally, ("cards",))
    conditions = Counts(tally, ("conditions",))
    return count.filled(
        FronteraFigures,
        tests=_tests(tally),
        cards=cards.filled(
            FronteraCardFigures,
            by_suit=count.by_word("drawn", "suit"),
            by_value=count.by_word("drawn", "value"),
            by_source=cards.by_word("source"),
        ),
        combat=Counts(tally, ("combat",)).filled(FronteraCombatFigures),
        conditions=conditions.filled(
            FronteraConditionFigures,
            damage_taken=conditions("lost", "health"),
        ),
        money_won=count("money", "won"),
        money_lost=count("money", "lost"),
        dead_mans_hand={
            purpose: flips for (purpose,), flips in outcome_rows(tally, "dead_mans_hand")
        },
        **by_character(tally, FronteraCharacterFigures, FronteraDamagePoint),
    )


def judged(tally: Tally) -> list[Fairness]:
    """The cards drawn from the pile, the blind sample, by suit and by value against the play
    cards' shares (a seat's own deck holds what its players chose to keep, so its draws
    would judge the players, not the shuffle); nothing when the log shows no lay-out (a
    table never started)."""
    scripted = tally.count("scripted_cards")
    return [
        fairness(
            name,
            {path[0]: n for path, n in tally.under("blind", name).items()},
            {path[0]: n for path, n in tally.under("deck", name).items()},
            scripted=scripted,
        )
        for name in ("suit", "value")
        if tally.under("deck", name)
    ]


#: the event types whose fields `fold` reads
READS = frozenset(
    {
        "TableCreated",
        "CharacterCreated",
        "TableStarted",
        "PhaseChanged",
        "DeckAdded",
        "TestOpened",
        "ActionDeclared",
        "CardsDrawn",
        "ThreatFaced",
        "CardsRevealed",
        "TestResolved",
        "TestCancelled",
        "DeadMansHandDrawn",
        "ConditionChanged",
        "DeathConfirmed",
        "CombatOpened",
        "CombatTurnStarted",
        "AttacksResolved",
        "DrinkTaken",
        "MoneyChanged",
    }
)
#: what the figures' damage counts, in the book's words (`TableStats.damage_unit`)
DAMAGE_UNIT = "health levels"
