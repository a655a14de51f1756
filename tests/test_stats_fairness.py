"""Fairness in a closed table's figures: a biased script is caught, a seeded table is not.

Frontera's drawn cards are judged by suit and by value against the cards the table set out;
every system's dice are judged face by face. The seeded tables below are created with a
fixed idempotency key, so their ids, seeds and draws are the same at every run: the
p-values they give are fixed numbers, not a chance of flaking.
"""

from __future__ import annotations

from domain.commands import CloseTable
from domain.frontera import commands as cmd
from domain.frontera.cards import RANKS, Suit, card
from domain.frontera.character import Skill, Trait
from projections.fairness import MONTE_CARLO_SAMPLES, Fairness
from projections.stats import TableStats
from tests import asaltos_helpers, stepdice_helpers
from tests.frontera_helpers import MAYOR, Session, in_memory_tables, npc
from tests.stats_helpers import stats_of
from tests.test_frontera_modes import seated, trait_test

#: a character drawing hands 4 + deftness 2 = 6 cards a test
DRAWER = npc("Drawer", {"hands": 4, "senses": 3, "muscle": 2, "head": 3}, ["deftness"])
SPADES = [f"d{deck}:{rank}S" for deck in (0, 1) for rank in RANKS[:-1]]


def _frontera_table(key: str, **options: object) -> Session:
    app = in_memory_tables()
    table_id = app.create_table(
        "frontera", "Fairness", "The Mayor", dict(options), idempotency_key=key
    ).table_id
    return Session(app, table_id)


def _draw_tests(session: Session, tests: int) -> None:
    """The Mayor's own character draws for `tests` trait tests of hands."""
    drawer = session.run(MAYOR, DRAWER).result
    session.run(MAYOR, cmd.StartTable())
    for _ in range(tests):
        session.run(
            MAYOR, cmd.OpenTraitTest(character=drawer, trait=Trait.HANDS, skill=Skill.DEFTNESS)
        )
        drawn = session.run(MAYOR, cmd.Draw(character=drawer)).result
        first = drawn[0]
        suits = {first: Suit.SPADES} if card(first).is_joker else {}
        session.run(MAYOR, cmd.Choose(character=drawer, cards=[first], joker_suits=suits))
    session.run(MAYOR, CloseTable())


def _judged(stats: TableStats) -> dict[str, Fairness]:
    return {f.distribution: f for f in stats.fairness}


def assert_caught_by_monte_carlo(die: Fairness) -> None:
    """30 rolls of a d10 expect 3 of each face, too few for chi-square, and have 10 ** 7
    outcomes: estimated, and no sample is as unlikely as one face every time."""
    assert die.method == "monte_carlo"
    assert die.p_value == 1 / (MONTE_CARLO_SAMPLES + 1)


def test_a_script_of_spades_first_is_caught_by_suit() -> None:
    """Two decks, the 24 spades below the Aces on top: four tests draw 24 spades."""
    session = _frontera_table(
        "fairness-spades-first-0001", mode="no_management", decks=2, scripted_order=SPADES
    )
    _draw_tests(session, 4)
    judged = _judged(stats_of(session.app, session.table_id, MAYOR))
    suit = judged["suit"]
    assert suit.observed == {"clubs": 0, "diamonds": 0, "hearts": 0, "joker": 0, "spades": 24}
    # 2 decks of 54 less the dead man's hand (A♠ A♥ 8♣ 8♦ of deck 0): 104 cards, 26 of
    # each suit but one fewer spade, heart, club and diamond, and 4 Jokers
    shares = {"clubs": 25, "diamonds": 25, "hearts": 25, "joker": 4, "spades": 25}
    assert suit.expected == {s: round(24 * n / 104, 6) for s, n in shares.items()}
    assert suit.scripted == 24
    # a Joker expects 0.92 of 24 draws: too few for chi-square; 20,475 outcomes, enumerated
    assert suit.method == "exact"
    assert suit.p_value is not None and suit.p_value < 1e-6
    assert judged["value"].p_value is not None and judged["value"].degrees_of_freedom == 14 - 1


def test_a_seeded_table_is_not_judged_unfair() -> None:
    """One deck, shuffled by the seed before each of 40 tests: 240 cards drawn."""
    session = _frontera_table("fairness-seeded-table-0001", mode="no_management")
    _draw_tests(session, 40)
    judged = _judged(stats_of(session.app, session.table_id, MAYOR))
    assert sum(judged["suit"].observed.values()) == 240
    assert judged["suit"].scripted == 0
    for distribution in ("suit", "value"):
        p = judged[distribution].p_value
        assert p is not None and p > 0.05, (distribution, p)


def test_a_stepdice_die_that_always_shows_seven_is_caught() -> None:
    session = stepdice_helpers.new_session(players=0, scripted_rolls=[7] * 30)
    hero = session.run(
        stepdice_helpers.GM,
        stepdice_helpers.cmd.CreateCharacter(name="Hero", attributes=stepdice_helpers.dice()),
    ).result
    for _ in range(30):
        session.run(stepdice_helpers.GM, stepdice_helpers.roll_test(hero, "agilidad", "normal"))
    session.run(stepdice_helpers.GM, CloseTable())
    d10 = _judged(stats_of(session.app, session.table_id, stepdice_helpers.GM))["d10"]
    assert d10.observed == {str(face): 30 if face == 7 else 0 for face in range(1, 11)}
    assert d10.expected == {str(face): 3.0 for face in range(1, 11)}
    assert d10.scripted == 30
    assert_caught_by_monte_carlo(d10)


def test_an_asaltos_die_that_always_shows_three_is_caught() -> None:
    session = asaltos_helpers.new_session(*[3] * 30)
    gm = asaltos_helpers.GM
    hero = session.create(gm, "Hero", asaltos_helpers.sheet())
    for _ in range(30):
        session.run(gm, asaltos_helpers.check(hero, "Espada"))
    session.run(gm, CloseTable())
    d10 = _judged(stats_of(session.app, session.table_id, gm))["d10"]
    assert d10.observed["3"] == 30 and sum(d10.observed.values()) == 30
    assert_caught_by_monte_carlo(d10)


def test_draws_from_a_seats_own_deck_are_counted_but_not_judged() -> None:
    """Skipping phase 1 deals every card into the seats' decks: every draw after comes from a
    deck its players chose, not from the shuffle, so nothing is judged."""
    session, (hero,) = seated(1, skip_phase_1=True)
    session.run(MAYOR, cmd.StartTable())
    for _ in range(5):
        trait_test(session, hero)
    session.run(MAYOR, CloseTable())
    stats = stats_of(session.app, session.table_id, MAYOR)
    drawn = stats.rules.cards.drawn
    assert drawn > 0 and stats.rules.cards.by_source == {"player_deck": drawn}
    for judged in stats.fairness:
        assert sum(judged.observed.values()) == 0
        assert judged.p_value is None and judged.method is None
