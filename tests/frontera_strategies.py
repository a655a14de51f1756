"""Random Frontera sessions for the property tests, and the checks every version must pass.

A `Driver` plays one table: each step draws a command from the table's current state, mostly
valid (a participant that has not drawn yet draws, a card actually drawn is chosen) and often
not (the wrong seat, a card that was not drawn, a Mayor-only command by a player, anything
after the table closed). After every command it checks:

- conservation: every new event is folded onto a replica built from the events alone, and
  after each one (so at every version) every card of the table is in exactly one zone, the
  multiset of cards being the one the table started with; after each command the dead man's
  hand holds its four cards (a night at the house only lends them to a round's draw);
- replay equals live: the replica and the application's cached (live) table are the same;
  every snapshot the application stores equals the replica at the snapshot's version, and at
  the end past versions read back (snapshot + later events) equal the replica too;
- a rejected command raises a `DomainError`, appends nothing and leaves the version as it
  was; any other exception escapes `Driver.send` and fails the test.

Commands now and then carry an idempotency key (a retry returns the first result and appends
nothing) or an expected version (a stale one is rejected).

Hypothesis draws are the slow part of a step, so choices are drawn as small integers from
cached strategies, and the strategies of random commands are built once.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import msgspec
from hypothesis import event, note
from hypothesis import strategies as st

from domain.application import Tables
from domain.commands import AddSeat, CloseTable, RemoveSeat
from domain.errors import DomainError
from domain.frontera import combat_commands as cc
from domain.frontera import commands as cmd
from domain.frontera import drinking as dr
from domain.frontera import equipment as eq
from domain.frontera import exchange_commands as xc
from domain.frontera import exchange_events as xe
from domain.frontera import gambling as gm
from domain.frontera import recovery as rc
from domain.frontera.cards import Suit, card, dead_mans_hand, deck
from domain.frontera.character import SKILL_GROUPS, SKILL_TRAITS, Skill, Trait
from domain.frontera.combat import Cover, Technique
from domain.frontera.combat_declarations import rivals
from domain.frontera.combat_turn import still_to_declare
from domain.frontera.events import CardsMoved, PhaseChanged, TableStarted
from domain.frontera.setup import DEAL
from domain.frontera.state import (
    DEAD_MANS_HAND,
    MAX_DECKS,
    FronteraState,
    Modifier,
    OpenTest,
    hand,
    player_deck,
)
from domain.table import Table
from tests.frontera_helpers import MAYOR, SERVER_KEY, Session

T = TypeVar("T")

#: snapshots every few versions, so that snapshots are taken and checked all the time
SNAPSHOT_INTERVAL = 7

#: tables are created under a fixed idempotency key, so that their id, hence every shuffle,
#: is the same each time hypothesis replays an example
TABLE_KEY = "frontera-property-test-table"

STRANGER = "nobody"
#: card ids that are malformed, or name no card of any table
BOGUS_CARDS = ("", "x", "d0:", "d0:1S", "d0:ZZ", "d0:JK3", "d:AS", "d99:AS", "AS")
#: every character and seat id a random command may name, known or not
ANY_CHARACTER = ("c1", "c2", "c3", "c4", "c5", "c6", "c99", "")
ANY_SEAT = (MAYOR, "p1", "p2", "p3", "p4", "p5", STRANGER)
TRAITS = tuple(Trait)
SKILLS = tuple(Skill)
SUITS = tuple(Suit)
COVERS: tuple[Cover, ...] = ("none", "partial", "total")
SKILLS_OF = {trait: tuple(s for s, t in SKILL_TRAITS.items() if t == trait) for trait in Trait}


class SnapshottingTables(Tables):
    """The application with snapshots every `SNAPSHOT_INTERVAL` versions instead of the
    production interval, so that taking and loading snapshots is exercised all the time."""

    name = "Tables"
    snapshotting_intervals = {Table: SNAPSHOT_INTERVAL}


def snapshotting_tables(**env: str) -> Tables:
    return SnapshottingTables(
        {"PERSISTENCE_MODULE": "eventsourcing.popo", **env}, server_key=SERVER_KEY
    )


def start_session(app: Tables, players: int, key: str = TABLE_KEY, **options: Any) -> Session:
    """A table with the Mayor and `players` players seated, not started (a table per `key`)."""
    table_id = app.create_table(
        "frontera", "Property table", "The Mayor", options, idempotency_key=key
    ).table_id
    session = Session(app, table_id)
    for name in ("Ana", "Bruno", "Carmen", "Dario", "Elena")[:players]:
        session.seats[name] = session.run(MAYOR, AddSeat(name=name)).result
    return session


# -- checks ------------------------------------------------------------------------------


def fingerprint(table: Table) -> dict[str, Any]:
    """Everything a table holds, as plain data, for comparing two copies of it.

    Every attribute counts (the game, seats, seed, closing, random operations, recorded
    commands, lineage, version, timestamps, and whatever a later change adds), except the
    events not saved yet.
    """
    state = {name: value for name, value in vars(table).items() if name != "_pending_events"}
    return cast(dict[str, Any], msgspec.to_builtins(state))


def replay(events: Sequence[Any]) -> Table:
    """A fresh table built from its events alone."""
    table = functools.reduce(lambda aggregate, e: e.mutate(aggregate), events, None)
    assert isinstance(table, Table)
    return table


def expected_cards(options: dict[str, Any], seats: int) -> Counter[str]:
    """The cards a table must hold once started, computed from its options and seats."""
    jokers = options["jokers_per_deck"]
    if options["mode"] == "wear":
        return Counter(c for index in range(seats) for c in deck(index, jokers))
    decks = options["decks"] or (-(-seats // 4) if options["mode"] == "normal" else 1)
    cards = Counter(c for index in range(decks) for c in deck(index, jokers))
    if options["separate_dead_mans_hand"]:
        cards.update(dead_mans_hand(decks))
    cards.update(options.get("extra_cards") or [])
    return cards


def assert_conserved(zones: dict[str, list[str]], initial: Counter[str], version: int) -> None:
    held = Counter(c for cards in zones.values() for c in cards)
    twice = sorted(c for c, n in held.items() if n > 1)
    assert not twice, f"version {version}: cards in more than one place: {twice}"
    lost = sorted((initial - held).elements())
    made = sorted((held - initial).elements())
    assert not lost and not made, f"version {version}: lost {lost}, appeared {made}"


# -- strategies of command parts, built once ------------------------------------------------


@st.composite
def protagonist_sheets(draw: st.DrawFn) -> tuple[dict[Trait, int], list[Skill]]:
    """A sheet by the creation rules: 1 per trait plus 8 points, one skill per group + 1."""
    points = draw(st.lists(st.integers(0, 3), min_size=8, max_size=8))
    traits = {trait: 1 + points.count(index) for index, trait in enumerate(TRAITS)}
    skills = [draw(st.sampled_from(members)) for members in SKILL_GROUPS.values()]
    skills.append(draw(st.sampled_from([s for s in Skill if s not in skills])))
    return traits, skills


@st.composite
def broken_sheets(draw: st.DrawFn) -> tuple[dict[Trait, int], list[Skill]]:
    """A protagonist sheet the creation rules reject, in one of several ways."""
    traits, skills = draw(protagonist_sheets())
    flaw = draw(st.sampled_from(["sum", "zero", "missing", "few_skills", "group", "twice"]))
    if flaw == "sum":
        traits[Trait.HEAD] += 1
    elif flaw == "zero":
        richest = max(traits, key=traits.__getitem__)
        lowest = min(traits, key=traits.__getitem__)
        traits[richest] += traits[lowest]
        traits[lowest] = 0
    elif flaw == "missing":
        del traits[Trait.SENSES]
    elif flaw == "few_skills":
        skills = skills[:3]
    elif flaw == "group":
        skills = [Skill.PERCEPTION, Skill.KNOWLEDGE, Skill.CUNNING, Skill.AGILITY]
    else:
        skills = [*skills[:3], skills[0]]
    return traits, skills


SHEETS = protagonist_sheets()
BROKEN_SHEETS = broken_sheets()
NPC_TRAITS = st.fixed_dictionaries(
    {trait: st.integers(0, 6) | st.sampled_from([0, 12, 20]) for trait in Trait}
)
SKILL_LISTS = st.lists(st.sampled_from(SKILLS), max_size=4, unique=True)
REASONS = st.sampled_from(["gear", "the Mayor says so", "", "   "])
MODIFIERS = st.lists(
    st.builds(
        Modifier,
        amount=st.sampled_from([1, -1, 2, 10, 10, -3, 5, 0, 11, -11]),
        reason=st.sampled_from(["gear", "range", "a lucky charm", "gear", ""]),
    ),
    max_size=3,
)
#: draws that empty a pile fast: several large modifiers
BIG_MODIFIERS = st.lists(
    st.builds(Modifier, amount=st.sampled_from([10, 8, 5]), reason=st.just("a big draw")),
    min_size=1,
    max_size=3,
)
CONDITIONS = st.sampled_from(
    [
        ("sobriety", -1),
        ("sobriety", -1),
        ("sobriety", -1),
        ("health", -3),
        ("health", -1),
        ("morale", -1),
        ("sobriety", -2),
        ("morale", -3),
        ("sobriety", -3),
        ("health", -4),
        ("health", 4),
        ("morale", 4),
        ("sobriety", 4),
        ("health", 1),
        ("sobriety", 1),
        ("health", 0),
    ]
)
_character = st.sampled_from(ANY_CHARACTER)
_traits = st.sampled_from(TRAITS)
#: any command at all, with fields drawn at random: mostly rejected
JUNK: st.SearchStrategy[Any] = st.one_of(
    st.builds(cmd.Draw, character=_character),
    st.builds(
        cmd.Choose,
        character=_character,
        cards=st.lists(st.sampled_from([*BOGUS_CARDS, "d0:AS", "d0:JK1"]), max_size=3),
        joker_suits=st.dictionaries(st.sampled_from(["d0:JK1", "d0:AS"]), st.just(Suit.CLUBS)),
    ),
    st.builds(cmd.CancelTest, reason=REASONS),
    st.builds(cmd.StartTable),
    st.builds(
        cmd.OpenTraitTest,
        character=_character,
        trait=_traits,
        skill=st.none() | st.sampled_from(SKILLS),
        difficulty=st.none() | st.integers(-3, 20),
        modifiers=MODIFIERS,
    ),
    st.builds(
        cmd.OpenOpposedTest,
        participants=st.lists(
            st.builds(cmd.Contender, character=_character, trait=_traits), max_size=3
        ),
    ),
    st.builds(
        cmd.OpenDeadMansHandTest,
        character=_character,
        cards=st.sampled_from([0, 1, 2, 3]),
        better=REASONS,
        worse=REASONS,
    ),
    st.builds(
        cmd.ChangeCondition,
        character=_character,
        track=st.sampled_from(["health", "morale", "sobriety"]),
        change=st.integers(-5, 5),
        reason=REASONS,
    ),
    st.builds(
        cmd.CreateCharacter,
        name=st.sampled_from(["Drifter", ""]),
        kind=st.sampled_from(["protagonist", "npc", "henchman"]),
        traits=NPC_TRAITS,
        skills=SKILL_LISTS,
        seat=st.none() | st.sampled_from(ANY_SEAT),
        fixed_draw=st.none() | st.integers(-1, 21),
    ),
    st.builds(RemoveSeat, seat=st.sampled_from(ANY_SEAT), reason=REASONS),
    st.builds(AddSeat, name=st.sampled_from(["Drifter", ""])),
    st.just(cmd.StartTable()),
    st.builds(lambda: NotACommand()),
)


class NotACommand(msgspec.Struct):
    """A Struct no rule system handles."""


# -- the driver --------------------------------------------------------------------------

Action = Callable[[], None]


class Rejected:
    """What `Driver.send` returns for a rejected command."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __repr__(self) -> str:
        return f"Rejected({self.code!r})"


class Driver:
    """Plays random commands on one table and checks the table after each of them."""

    def __init__(self, data: st.DataObject, session: Session) -> None:
        self.data = data
        self.session = session
        self.initial: Counter[str] | None = None
        #: the dead man's hand, as the table set it aside
        self.hand: list[str] | None = None
        self.replica: Table | None = None
        self.folded = 0
        self.snapshots_checked = 0
        self.history: dict[int, dict[str, Any]] = {}
        #: commands sent with an idempotency key: (key, actor, command, result, version)
        self.keyed: list[tuple[str, str, Any, Any, int]] = []
        self.commands = 0
        self.rejections: Counter[str] = Counter()
        self.milestones: set[str] = set()
        self.check()

    # -- drawing -----------------------------------------------------------------------

    def draw(self, strategy: st.SearchStrategy[T], label: str | None = None) -> T:
        return self.data.draw(strategy, label=label)

    def number(self, low: int, high: int, label: str | None = None) -> int:
        return self.data.draw(st.integers(low, high), label=label)

    def choice(self, options: Sequence[T], label: str | None = None) -> T:
        return options[self.number(0, len(options) - 1, label)]

    def rarely(self, odds: int, label: str | None = None) -> bool:
        """True once in `odds + 1` draws (shrinks to False)."""
        return self.number(0, odds, label) == odds

    def anyone(self) -> str:
        """Any seat id, sitting or not, or a stranger."""
        return self.choice([*self.table.seats, STRANGER], "anyone")

    def usually_by(self, seat: str, odds: int = 8) -> str:
        """`seat` most of the time, else any seat at all (one draw: draws are the slow part)."""
        return self.choice([seat] * (odds * 5) + [*self.table.seats, STRANGER], "actor")

    def character_id(self) -> str:
        """A character of the table, now and then one it does not have."""
        return self.choice([*self.game.characters] * 4 + ["c99"], "character")

    def pick(self, weighted: list[tuple[int, Action]]) -> Action:
        """One action, with probability by weight; shrinks toward the first."""
        roll = self.number(0, sum(weight for weight, _ in weighted) - 1, "action")
        for weight, action in weighted:
            if roll < weight:
                return action
            roll -= weight
        raise AssertionError("unreachable")  # pragma: no cover

    # -- sending and checking ----------------------------------------------------------

    def send(self, actor: str, command: Any, *, plain: bool = False) -> Any:
        """Run a command; return its result, or a `Rejected` after checking it left nothing.

        Unless `plain`, the command now and then carries an idempotency key (remembered for
        `retry`), or an expected version, current or stale.
        """
        before = self.folded
        self.commands += 1
        delivery = 0 if plain else self.number(0, 39, "delivery")
        key = f"key-{self.commands}" if delivery in (1, 2) else None
        expected = {3: before, 4: before - 1}.get(delivery)
        app, table_id = self.session.app, self.session.table_id
        try:
            outcome = app.execute(
                table_id, actor, command, idempotency_key=key, expected_version=expected
            )
        except DomainError as error:
            note(f"{actor}: {command!r} key={key} expected={expected} -> rejected {error.code}")
            self.rejections[error.code] += 1
            left = list(app.table_events(table_id, after=before))
            assert not left, f"rejected {command!r} ({error.code}) left events {left}"
            assert self.session.version == before, "a rejected command moved the version"
            self.check()
            assert key is None or app.recorded(table_id, actor, key) is None
            return Rejected(error.code)
        note(f"{actor}: {command!r} key={key} expected={expected} -> {outcome.result!r}")
        assert expected != before - 1, "a command with a stale expected version ran"
        self.check()
        assert outcome.version == self.folded
        if key is not None:
            self.keyed.append((key, actor, command, outcome.result, outcome.version))
        return outcome.result

    def check(self) -> None:
        """Fold the new events onto the replica, checking each version; compare the copies."""
        app, table_id = self.session.app, self.session.table_id
        for stored in app.table_events(table_id, after=self.folded):
            assert stored.originator_version == self.folded + 1, "the versions have a gap"
            self.replica = cast(Any, stored).mutate(self.replica)
            assert self.replica is not None
            self.folded = self.replica.version
            if isinstance(stored, TableStarted):
                self.initial = Counter(c for cards in stored.zones.values() for c in cards)
                self.hand = sorted(stored.zones[DEAD_MANS_HAND])
                seats = sum(1 for s in self.replica.seats.values() if s.active)
                assert self.initial == expected_cards(self.replica.options, seats)
            elif isinstance(stored, PhaseChanged):
                self.milestones.add("phase 2")
            elif isinstance(stored, CardsMoved) and stored.reason == "discards_returned":
                self.milestones.add("discards returned")
            elif isinstance(stored, xe.DeckAdded) and self.initial is not None:
                self.initial.update(stored.cards)  # a late joiner's deck, a seeded treasure
                self.milestones.add("deck added")
            elif isinstance(stored, (xe.ExchangeStarted, gm.HouseGameStarted, gm.HouseGameEnded)):
                self.milestones.add(type(stored).__name__)
            if self.initial is not None:
                assert_conserved(self.game.zones, self.initial, self.folded)
            self.history[self.folded] = fingerprint(self.replica)
        if self.hand is not None:
            held = sorted(self.game.zone(DEAD_MANS_HAND))
            assert held == self.hand, f"version {self.folded}: the dead man's hand holds {held}"
        live = self.session.table()
        assert live.version == self.folded
        assert fingerprint(live) == self.history[self.folded], "the live table differs from replay"
        snapshots = app.snapshots
        if snapshots is not None:
            for snapshot in snapshots.get(table_id, gt=self.snapshots_checked or None):
                version = snapshot.originator_version
                loaded = cast(Any, snapshot).mutate(None)
                assert fingerprint(loaded) == self.history[version], f"snapshot {version} differs"
                self.snapshots_checked = version

    def finish(self, versions: int = 2) -> None:
        """A last replay of all events at once, and past versions read back from the store."""
        events = list(self.session.app.table_events(self.session.table_id))
        assert len(events) == self.folded
        assert fingerprint(replay(events)) == self.history[self.folded]
        loaded: Table = self.session.app.repository.get(self.session.table_id, version=self.folded)
        assert fingerprint(loaded) == self.history[self.folded]
        if isinstance(self.session.app, SnapshottingTables) and self.folded >= SNAPSHOT_INTERVAL:
            assert self.snapshots_checked >= SNAPSHOT_INTERVAL, "no snapshot was taken"
        for _ in range(versions):
            version = self.number(1, self.folded, "past version")
            assert fingerprint(self.session.table(version=version)) == self.history[version]
        game = self.game
        if game.started:
            event(
                f"started, {game.options.mode} mode"
                + (f", phase {game.phase}" if game.phase else "")
            )
        for milestone in sorted(self.milestones):
            event(milestone)
        if self.table.closed:
            event("closed")

    # -- what the table is now ---------------------------------------------------------

    @property
    def table(self) -> Table:
        assert self.replica is not None
        return self.replica

    @property
    def game(self) -> FronteraState:
        return cast(FronteraState, self.table.game)

    def seats(self, role: str | None = None) -> list[str]:
        return [
            s.id for s in self.table.seats.values() if s.active and (role is None or s.role == role)
        ]

    # -- the session -------------------------------------------------------------------

    def run(self, steps: int) -> None:
        for _ in range(steps):
            self.step()
        self.finish()

    def step(self) -> None:
        game = self.game
        if self.table.closed:
            action = self.pick([(3, self.junk), (1, self.retry)])
        elif not game.started:
            action = self.pick(
                [
                    (5, self.start),
                    (4, self.create_character),
                    (1, self.seat_change),
                    (1, self.change_condition),
                    (1, self.junk),
                ]
            )
        elif game.test is None and game.exchange is not None and not self.rarely(6, "ignore"):
            action = self.answer_exchange
        elif game.test is None and game.house_game is not None and not self.rarely(6, "ignore"):
            action = self.at_the_house
        elif game.test is not None and game.test.kind == "combat":
            action = self.pick(
                [(8, self.declare), (8, self.choose_attacks), (1, self.cancel), (1, self.junk)]
            )
        elif game.combat is not None and game.test is None and not self.rarely(4, "let it be"):
            action = self.pick(
                [(6, self.start_turn), (1, self.update_combat), (1, self.end_combat)]
            )
        elif game.test is not None:
            action = self.pick(
                [
                    (8, self.draw_cards),
                    (8, self.choose),
                    (1, self.cancel),
                    (2, self.change_condition),
                    (1, self.open_any),
                    (1, self.junk),
                    (1, self.create_character),
                    (1, self.retry),
                ]
            )
        else:
            action = self.pick(
                [
                    (6, self.open_trait_test),
                    (4, self.open_opposed_test),
                    (2, self.open_dead_mans_hand_test),
                    (3, self.change_condition),
                    (1, self.create_character),
                    (1, self.draw_cards),
                    (1, self.choose),
                    (1, self.junk),
                    (1, self.seat_change),
                    (1, self.start),
                    (1, self.close),
                    (1, self.retry),
                    (2, self.exchange_or_game),
                    (1, self.open_combat),
                ]
            )
        action()

    # -- combat ----------------------------------------------------------------------------

    def open_combat(self) -> None:
        fighters = list(self.game.characters)
        chosen = fighters[: self.number(0, len(fighters), "combatants")]
        combatants = [
            cc.CombatantSetup(character=c, cover=self.choice(COVERS, "cover")) for c in chosen
        ]
        limit = self.choice([None, None, 1, 3], "shot limit")
        command = cc.OpenCombat(combatants=combatants, range="short", shot_limit=limit)
        self.send(self.usually_by(MAYOR), command)

    def start_turn(self) -> None:
        self.send(self.usually_by(MAYOR), cc.StartCombatTurn())

    def update_combat(self) -> None:
        combat = self.game.combat
        assert combat is not None
        leaving = [self.choice(list(combat.combatants), "leaving")] if self.rarely(3) else []
        command = cc.UpdateCombat(reason="they scatter", leaving=leaving)
        self.send(self.usually_by(MAYOR), command)

    def end_combat(self) -> None:
        self.send(self.usually_by(MAYOR), cc.EndCombat(reason="the dust settles"))

    def declare(self) -> None:
        game = self.game
        combat = game.combat
        assert combat is not None
        pending = still_to_declare(game, combat) or list(combat.combatants)
        character = self.choice(pending, "declarer")
        others = [c for c in combat.combatants if c != character] or ["c99"]
        kind = self.number(0, 4, "declaration")
        if rivals(combat, character) and kind:
            command = cc.DeclareAction(character=character, action="hold")
        elif kind == 0:
            command = cc.DeclareAction(character=character, action="move", move="short")
        elif kind == 1:
            command = cc.DeclareAction(character=character, action="other")
        else:
            technique = self.choice(list(Technique), "technique")
            grapple = technique is Technique.BRAWL and self.rarely(1, "grapple")
            command = cc.DeclareAction(
                character=character,
                action="attack",
                technique=technique,
                weapon=None if technique is Technique.BRAWL else "revolver",
                variant="grapple" if grapple else "harm",
                targets=[self.choice(others, "target")],
            )
        self.send(self.usually_by(game.characters[character].seat), command)

    def choose_attacks(self) -> None:
        game = self.game
        combat, test = game.combat, game.test
        ready = self._participants(test, drawn=True)
        if combat is None or test is None or not ready:
            self.declare()
            return
        character = self.choice(ready, "attacker")
        held = game.zone(hand(character))
        cards = self.some(held, 1, test.participants[character].plays + 1)
        targets = combat.declarations[character].targets
        attacks = [cc.Attack(card=c, target=self.choice(targets, "aimed at")) for c in cards]
        suits = {c: self.choice(SUITS, "joker suit") for c in cards if card(c).is_joker}
        self.send(
            self.usually_by(game.characters[character].seat),
            cc.ChooseAttacks(character=character, attacks=attacks, joker_suits=suits),
        )

    # -- exchanges and gambling ----------------------------------------------------------

    def some(self, cards: list[str], low: int, high: int) -> list[str]:
        count = self.number(low, max(low, high), "how many")
        start = self.number(0, max(0, len(cards) - count), "from")
        return cards[start : start + count]

    def answer_exchange(self) -> None:
        exchange = self.game.exchange
        assert exchange is not None
        step = exchange.steps[0]
        if self.rarely(15, "cancel the exchange"):
            self.send(self.usually_by(MAYOR), xc.CancelExchange(reason="the sheriff"))
        elif step.kind == "pick":
            shown = exchange.shown
            cards = self.some(shown, min(step.at_least, len(shown)), min(step.at_most, len(shown)))
            if self.rarely(10, "a card not offered"):
                cards = [self.choice([*BOGUS_CARDS, "d0:AS"], "not offered")]
            self.send(self.usually_by(step.seat), xc.PickCards(cards=cards))
        elif step.kind == "keep_loot":
            keeper = self.choice(exchange.sharers, "keeper")
            self.send(self.usually_by(MAYOR, odds=2), xc.KeepLoot(character=keeper))
        else:
            partner = self.choice([None, *step.partners], "partner")
            own = self.game.zone(player_deck(step.seat))
            chosen = own[0] if partner and own and self.game.phase == 2 else None
            swap = xc.SwapCards(character=step.character or "", partner=partner, card=chosen)
            self.send(self.usually_by(step.seat), swap)

    def at_the_house(self) -> None:
        """Rounds and stop tests, and the night's drinks, fears and hours: the rules that
        draw from the dead man's hand while the house's deck has it for its rounds."""
        house = self.game.house_game
        assert house is not None
        actor = self.usually_by(house.seat)
        may_stop = house.rounds != house.stop_failed_after and not house.last_round
        kind = self.number(0, 11, "at the house")
        if kind == 0:
            drinks = self.choice([1, 3, 5], "drinks")
            self.send(actor, dr.Drink(character=house.character, drinks=drinks))
        elif kind == 1:
            self.change_condition()
        elif kind == 2:
            hours = rc.AdvanceTime(amount=self.choice([1, 8], "hours"), unit="hours", reason="dawn")
            self.send(self.usually_by(MAYOR), hours)
        elif may_stop and self.rarely(2, "try to stop"):
            self.send(actor, gm.TryToStop(character=house.character))
        else:
            self.send(actor, gm.PlayHouseRound(character=house.character))

    def exchange_or_game(self) -> None:
        characters = list(self.game.characters) or ["c1"]
        a = self.choice(characters, "first")
        b = self.choice(characters, "second")
        mayor = self.usually_by(MAYOR)
        kind = self.number(0, 12, "exchange or game")
        if kind == 0:
            self.send(mayor, xc.StartDuelExchange(winner=a, loser=b))
        elif kind == 1:
            self.send(mayor, xc.StartDuelExchange(tied=[a, b]))
        elif kind == 2:
            self.send(mayor, xc.StartBetExchange(winner=a, loser=b))
        elif kind == 3:
            self.send(mayor, xc.StartBetExchange(winner=a, cheater=b))
        elif kind == 4:
            cast_ = self.game.characters
            sharers = [c for c in cast_ if cast_[c].kind == "protagonist"]
            cards = self.choice([1, 1, 2, 3], "loot cards")
            self.send(mayor, xc.ShareLoot(characters=sharers or [a], cards=cards, reason="loot"))
        elif kind == 5:
            cards = self.choice([1, 5, 20], "treasure")
            self.send(mayor, xc.SeedTreasure(cards=cards, reason="the vault"))
        elif kind == 6:
            seat = self.choice(self.seats("player") or [STRANGER], "late seat")
            way = cast(Any, self.choice(["new_deck", "from_others"], "way"))
            each = self.choice([1, 2, 3, 4], "each")
            late = xc.DealLateJoiner(seat=seat, way=way, cards_each=each, reason="late")
            self.send(mayor, late)
        elif kind == 7:
            self.send(mayor, xc.ProtagonistLeaves(character=a, reason="boot hill"))
        elif kind == 8:
            cheating = self.rarely(2, "cheats")
            self.send(mayor, gm.StartHouseGame(character=a, cheating=cheating))
        elif kind == 9:
            cheaters = [b] if self.rarely(2, "a cheater") else []
            self.send(mayor, gm.StartChanceGame(participants=[a, b], cheaters=cheaters))
        elif kind == 10:
            contenders = [self.contender(a), self.contender(b)]
            self.send(mayor, gm.StartSkillGame(participants=contenders, stake=5))
        elif kind == 11:
            money = self.choice([0, 12, 50, -1], "money")
            self.send(mayor, gm.SetMoney(character=a, money=money, reason="a bounty"))
        else:
            item = self.choice(["rifle", "knife", "revolver", ""], "item")
            change = self.choice([1, -1, 10, 0], "change")
            self.send(mayor, eq.ChangeEquipment(character=a, item=item, change=change, reason="x"))

    # -- the actions -------------------------------------------------------------------

    def start(self) -> None:
        self.send(self.usually_by(MAYOR), cmd.StartTable())

    def close(self) -> None:
        # rare: a closed table rejects everything from then on
        if self.rarely(8, "close now"):
            self.send(self.usually_by(MAYOR, odds=2), CloseTable())

    def seat_change(self) -> None:
        actor = self.usually_by(MAYOR, odds=3)
        if self.rarely(2, "remove a seat"):
            self.send(actor, RemoveSeat(seat=self.anyone(), reason="left the table"))
        else:
            name = self.choice(["Late Larry", "Rosa", " ", "x" * 81], "seat name")
            self.send(actor, AddSeat(name=name))

    def create_character(self) -> None:
        kind = self.choice(["protagonist", "protagonist", "npc", "henchman"], "kind")
        if kind == "protagonist":
            seat = self.choice(self.seats("player") or [STRANGER], "for seat")
            actor = self.choice([seat, seat, seat, MAYOR, self.anyone()], "creator")
            sheet = BROKEN_SHEETS if self.rarely(5, "broken sheet") else SHEETS
            traits, skills = self.draw(sheet)
            self.send(
                actor,
                cmd.CreateCharacter(
                    name="x" * 81 if self.rarely(12, "long name") else "Hero",
                    kind="protagonist",
                    traits=traits,
                    skills=skills,
                    seat=None if actor == seat and self.rarely(1, "own seat") else seat,
                    kit=self.choice([None, None, "revolver", "knives"], "kit"),
                    money=self.choice([0, 0, 50, 51], "money"),
                ),
            )
            return
        fixed = None
        if kind == "henchman":
            fixed = self.choice([None, 0, 2, 4, 6, 20, 21, -1], "fixed draw")
        elif self.rarely(12, "npc with a fixed draw"):
            fixed = 3
        self.send(
            self.usually_by(MAYOR, odds=5),
            cmd.CreateCharacter(
                name="Henchman" if kind == "henchman" else "Sheriff",
                kind=cast(Any, kind),
                traits=self.draw(NPC_TRAITS),
                skills=self.draw(SKILL_LISTS),
                seat=self.choice([None, None, None, MAYOR, "p1"], "npc seat"),
                fixed_draw=fixed,
            ),
        )

    def contender(self, character: str | None = None) -> cmd.Contender:
        character = character or self.character_id()
        trait = self.choice(TRAITS, "trait")
        own = SKILLS_OF[trait]
        skill = self.choice([*[None] * 8, *own * 8, *SKILLS], "skill")
        big = self.rarely(4, "big draw")
        return cmd.Contender(
            character=character,
            trait=trait,
            skill=skill,
            modifiers=self.draw(BIG_MODIFIERS if big else MODIFIERS),
        )

    def open_any(self) -> None:
        self.pick(
            [
                (2, self.open_trait_test),
                (1, self.open_opposed_test),
                (1, self.open_dead_mans_hand_test),
            ]
        )()

    def open_trait_test(self) -> None:
        contender = self.contender()
        difficulty = self.choice([None, None, None, 2, 8, 10, 14, 15, 1, 16], "difficulty")
        self.send(
            self.usually_by(MAYOR),
            cmd.OpenTraitTest(
                character=contender.character,
                trait=contender.trait,
                skill=contender.skill,
                difficulty=difficulty,
                modifiers=contender.modifiers,
            ),
        )

    def open_opposed_test(self) -> None:
        known = list(self.game.characters)
        count = self.choice([2, 2, 2, 3, 1], "contenders")
        if count <= len(known) and not self.rarely(15, "anyone at all"):
            chosen = []
            for _ in range(count):
                chosen.append(self.choice([c for c in known if c not in chosen], "contender"))
            contenders = [self.contender(c) for c in chosen]
        else:
            contenders = [self.contender() for _ in range(count)]
        if self.rarely(15, "same character twice"):
            contenders.append(contenders[0])
        self.send(self.usually_by(MAYOR), cmd.OpenOpposedTest(participants=contenders))

    def open_dead_mans_hand_test(self) -> None:
        self.send(
            self.usually_by(MAYOR),
            cmd.OpenDeadMansHandTest(
                character=self.character_id(),
                cards=cast(Any, self.choice([1, 2, 2, 3], "cards")),
                better="" if self.rarely(10, "no better") else "keeps shooting",
                worse=" " if self.rarely(10, "no worse") else "loses the turn",
            ),
        )

    @staticmethod
    def _participants(test: OpenTest | None, drawn: bool) -> list[str]:
        if test is None:
            return []
        return [c for c, p in test.participants.items() if p.drawn == drawn and p.chosen is None]

    def draw_cards(self) -> None:
        waiting = self._participants(self.game.test, drawn=False)
        if not waiting and self._participants(self.game.test, drawn=True):
            self.choose()
            return
        if not waiting or self.rarely(12, "draw for anyone"):
            self.send(self.anyone(), cmd.Draw(character=self.character_id()))
            return
        character = self.choice(waiting, "drawer")
        seat = self.game.characters[character].seat
        self.send(self.usually_by(seat), cmd.Draw(character=character))

    def choose(self) -> None:
        game = self.game
        ready = self._participants(game.test, drawn=True)
        if not ready and self._participants(game.test, drawn=False):
            self.draw_cards()
            return
        if not ready or self.rarely(12, "choose for anyone"):
            cards = [self.choice(BOGUS_CARDS, "bogus card")] if self.rarely(1, "bogus") else []
            self.send(self.anyone(), cmd.Choose(character=self.character_id(), cards=cards))
            return
        character = self.choice(ready, "chooser")
        seat = game.characters[character].seat
        held = game.zone(hand(character))
        chosen = [self.choice(held, "card")]
        suits = {c: self.choice(SUITS, "joker suit") for c in chosen if card(c).is_joker}
        flaw = self.number(0, 20, "flaw")
        actor = seat
        if flaw == 1:
            actor = self.anyone()
        elif flaw == 2:
            elsewhere = [c for z, cs in game.zones.items() if z != hand(character) for c in cs[:2]]
            chosen = [self.choice(elsewhere or BOGUS_CARDS, "card not drawn")]
        elif flaw == 3:
            chosen = [self.choice(BOGUS_CARDS, "bogus card")]
        elif flaw == 4:
            chosen = chosen * 2
        elif flaw == 5:
            chosen = held[:2]
            suits = {c: Suit.SPADES for c in chosen if card(c).is_joker}
        elif flaw == 6:
            chosen = []
        elif flaw == 7:
            suits = {}
        elif flaw == 8:
            suits = {**suits, held[-1]: Suit.HEARTS}
        self.send(actor, cmd.Choose(character=character, cards=chosen, joker_suits=suits))

    def cancel(self) -> None:
        reason = "" if self.rarely(6, "no reason") else "the saloon burns"
        self.send(self.usually_by(MAYOR, odds=3), cmd.CancelTest(reason=reason))

    def change_condition(self) -> None:
        track, change = self.draw(CONDITIONS, "condition")
        self.send(
            self.usually_by(MAYOR),
            cmd.ChangeCondition(
                character=self.character_id(),
                track=cast(Any, track),
                change=change,
                reason="" if self.rarely(8, "no reason") else "a bottle of rye",
            ),
        )

    def junk(self) -> None:
        command = self.draw(JUNK, "junk")
        self.send(self.choice(ANY_SEAT, "junk actor"), command)

    def retry(self) -> None:
        """Send a keyed command again: the first result comes back, nothing is appended.

        The same key with another command of the same seat is rejected, and appends nothing.
        """
        if not self.keyed:
            return
        key, actor, command, result, version = self.choice(self.keyed, "retried")
        app, table_id = self.session.app, self.session.table_id
        before = self.folded
        if self.rarely(3, "reuse the key"):
            # keys belong to their seat: another seat's same key is a command of its own
            other = cmd.CancelTest(reason=f"not {key}")
            try:
                app.execute(table_id, actor, other, idempotency_key=key)
            except DomainError as error:
                note(f"{other!r} reusing {key} -> rejected {error.code}")
                assert error.code == "idempotency_key_reused", error.code
            else:
                raise AssertionError(f"{other!r} reusing the key {key} ran")
        else:
            outcome = app.execute(table_id, actor, command, idempotency_key=key)
            note(f"{actor}: retry of {key} -> {outcome.result!r}")
            assert outcome.result == msgspec.to_builtins(result)
            assert outcome.version == version
        assert not list(app.table_events(table_id, after=before)), "a retry left events"
        self.check()

    def play_test(self, characters: list[str], *, big: bool = False) -> None:
        """A whole test, all valid: open it (trait or opposed), draw and choose for each."""
        contenders = [
            cmd.Contender(
                character=c,
                trait=self.choice(TRAITS, "trait"),
                modifiers=self.draw(BIG_MODIFIERS) if big else [],
            )
            for c in characters
        ]
        if len(contenders) == 1:
            (one,) = contenders
            opened = cmd.OpenTraitTest(
                character=one.character, trait=one.trait, modifiers=one.modifiers
            )
            self.send(MAYOR, opened, plain=True)
        else:
            self.send(MAYOR, cmd.OpenOpposedTest(participants=contenders), plain=True)
        for character in characters:
            self.send(
                self.game.characters[character].seat, cmd.Draw(character=character), plain=True
            )
        for character in characters:
            test = self.game.test
            if test is None or test.participants[character].chosen is not None:
                continue
            held = self.game.zone(hand(character))
            chosen = self.choice(held, "card")
            suits = {chosen: self.choice(SUITS, "joker suit")} if card(chosen).is_joker else {}
            self.send(
                self.game.characters[character].seat,
                cmd.Choose(character=character, cards=[chosen], joker_suits=suits),
                plain=True,
            )
        assert self.game.test is None, "a test with every choice made is still open"


# -- tables and casts ----------------------------------------------------------------------


#: now and then a scripted table: these cards on top of their zones, and shuffles keep the order
SCRIPTS = (
    st.none()
    | st.none()
    | st.none()
    | st.lists(st.sampled_from(deck(0, 0)), unique=True, max_size=8)
)
PLAYERS = st.sampled_from([1, 2, 3, 4, 1, 2, 0])
#: now and then cards of another deck [L226]: of the last deck a table may name, past any
#: play deck, a Joker among them
EXTRA_CARDS = st.none() | st.lists(
    st.sampled_from(deck(MAX_DECKS, 2)), min_size=1, max_size=6, unique=True
)


@st.composite
def normal_options(
    draw: st.DrawFn, skip_phase_1: bool = False, small: bool = False
) -> tuple[int, dict[str, Any]]:
    """Players and options of a normal-mode table; small piles too (only those if `small`),
    so that they run out."""
    players = draw(PLAYERS)
    decks = draw(st.sampled_from([None, None, 1, 2]))
    jokers = draw(st.sampled_from([2, 0, 1]))
    separate = draw(st.booleans())
    seats = players + 1
    pile = (decks or -(-seats // 4)) * (52 + jokers) - (0 if separate else 4)
    spare = pile - (0 if skip_phase_1 else DEAL * seats) - 4
    choices = [max(0, spare // 2), max(0, spare - 8)]
    removed = draw(st.sampled_from(choices if small else [0, 0, *choices]))
    return players, {
        "mode": "normal",
        "decks": decks,
        "jokers_per_deck": jokers,
        "separate_dead_mans_hand": separate,
        "extra_cards": draw(EXTRA_CARDS) or [],
        "skip_phase_1": skip_phase_1,
        "removed_at_random": removed,
        "scripted_order": draw(SCRIPTS),
    }


@st.composite
def no_management_options(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(PLAYERS)
    return players, {
        "mode": "no_management",
        "decks": draw(st.sampled_from([None, None, 1, 2])),
        "jokers_per_deck": draw(st.sampled_from([2, 0, 1])),
        "separate_dead_mans_hand": draw(st.booleans()),
        "extra_cards": draw(EXTRA_CARDS) or [],
        "scripted_order": draw(SCRIPTS),
    }


@st.composite
def wear_options(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(1, 3))
    return players, {
        "mode": "wear",
        "jokers_per_deck": draw(st.sampled_from([2, 0, 1])),
        "scripted_order": draw(SCRIPTS),
    }


HEROES = (
    (
        {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
        ("aim", "agility", "cunning", "perception"),
    ),
    (
        {"hands": 6, "senses": 2, "muscle": 2, "head": 2},
        ("quick_shot", "strength", "knowledge", "brawl"),
    ),
)


def cast_characters(driver: Driver) -> None:
    """Two protagonists (c1, c2), an NPC (c3) and a henchman with a fixed draw (c4); only the
    Mayor's two (c1, c2) when no player sits at the table."""
    players = driver.seats("player")
    for index, (traits, skill_names) in enumerate(HEROES if players else ()):
        driver.send(
            players[index % len(players)],
            cmd.CreateCharacter(
                name=f"Hero {index}",
                traits={Trait(t): v for t, v in traits.items()},
                skills=[Skill(s) for s in skill_names],
            ),
            plain=True,
        )
    driver.send(
        MAYOR,
        cmd.CreateCharacter(
            name="Black Bart",
            kind="npc",
            traits={Trait.HANDS: 5, Trait.SENSES: 3, Trait.MUSCLE: 4, Trait.HEAD: 2},
            skills=[Skill.QUICK_SHOT, Skill.AGILITY],
        ),
        plain=True,
    )
    driver.send(
        MAYOR,
        cmd.CreateCharacter(
            name="Henchman",
            kind="henchman",
            traits={trait: 2 for trait in Trait},
            skills=[],
            fixed_draw=4,
        ),
        plain=True,
    )


def own_deck(driver: Driver, seat: str) -> list[str]:
    return driver.game.zone(player_deck(seat))
