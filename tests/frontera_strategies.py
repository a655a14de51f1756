"""Random Frontera sessions for the property tests, and the checks every version must pass.

A `Driver` plays one table: each step draws a command from the table's current state, mostly
valid (a participant that has not drawn yet draws, a card actually drawn is chosen) and often
not (the wrong seat, a card that was not drawn, a Mayor-only command by a player, anything
after the table closed). After every command it checks:

- conservation: every event is folded onto a replica built from the events alone, and after
  each one every card of the table is in exactly one zone, the multiset of cards being the one
  the table started with;
- replay equals live: the replica, the application's cached (live) table and the table loaded
  from the latest snapshot plus the later events are the same;
- a rejected command raises a `DomainError` and leaves no event behind; any other exception
  escapes `Driver.send` and fails the test.
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
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit, card, dead_mans_hand, deck
from domain.frontera.character import SKILL_GROUPS, SKILL_TRAITS, Skill, Trait
from domain.frontera.events import TableStarted
from domain.frontera.setup import DEAL
from domain.frontera.state import FronteraState, Modifier, OpenTest, hand
from domain.table import GM, Table
from tests.frontera_helpers import MAYOR, SERVER_KEY, Session

T = TypeVar("T")

#: snapshots every few versions, so that loading from a snapshot is checked all the time
SNAPSHOT_INTERVAL = 7

#: a foreign seat that never sits at any table
STRANGER = "nobody"
#: card ids that are malformed or name no card of any table
BOGUS_CARDS = ("", "x", "d0:", "d0:1S", "d0:ZZ", "d0:JK3", "d:AS", "d99:AS", "AS")


class SnapshottingTables(Tables):
    """The application with snapshots every `SNAPSHOT_INTERVAL` versions."""

    name = "Tables"
    snapshotting_intervals = {Table: SNAPSHOT_INTERVAL}


def snapshotting_tables(**env: str) -> Tables:
    return SnapshottingTables(
        {"PERSISTENCE_MODULE": "eventsourcing.popo", **env}, server_key=SERVER_KEY
    )


# -- checks ------------------------------------------------------------------------------


def fingerprint(table: Table) -> dict[str, Any]:
    """Everything a table holds, as plain data, for comparing two copies of it."""
    return {
        "version": table.version,
        "game": msgspec.to_builtins(table.game),
        "seats": msgspec.to_builtins(table.seats),
        "closed": table.closed,
        "seed": table.seed,
        "random_operations": table.random_operations,
        "options": table.options,
        "system": table.system,
        "title": table.title,
        "seed_commitment": table.seed_commitment,
        "lineage": msgspec.to_builtins(table.lineage),
        "recent_commands": msgspec.to_builtins(table.recent_commands),
    }


def replay(events: Sequence[Any]) -> Table:
    """A fresh table built from its events alone."""
    table = functools.reduce(lambda aggregate, e: e.mutate(aggregate), events, None)
    assert isinstance(table, Table)
    return table


def expected_cards(options: dict[str, Any], seats: int) -> Counter[str]:
    """The cards a started table must hold, computed from its options and seats."""
    jokers = options["jokers_per_deck"]
    if options["mode"] == "wear":
        return Counter(c for index in range(seats) for c in deck(index, jokers))
    decks = options["decks"] or (-(-seats // 4) if options["mode"] == "normal" else 1)
    cards = Counter(c for index in range(decks) for c in deck(index, jokers))
    if options["separate_dead_mans_hand"]:
        cards.update(dead_mans_hand(decks))
    return cards


def assert_conserved(zones: dict[str, list[str]], initial: Counter[str], version: int) -> None:
    held = Counter(c for cards in zones.values() for c in cards)
    twice = sorted(c for c, n in held.items() if n > 1)
    assert not twice, f"version {version}: cards in more than one place: {twice}"
    lost = sorted((initial - held).elements())
    made = sorted((held - initial).elements())
    assert not lost and not made, f"version {version}: lost {lost}, appeared {made}"


# -- strategies of command parts -----------------------------------------------------------


@st.composite
def protagonist_sheets(draw: st.DrawFn) -> tuple[dict[Trait, int], list[Skill]]:
    """A sheet by the creation rules: 1 per trait plus 8 points, one skill per group + 1."""
    points = draw(st.lists(st.sampled_from(list(Trait)), min_size=8, max_size=8))
    traits = {trait: 1 + points.count(trait) for trait in Trait}
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


npc_traits = st.fixed_dictionaries(
    {trait: st.integers(0, 6) | st.sampled_from([0, 12, 20]) for trait in Trait}
)
skill_lists = st.lists(st.sampled_from(list(Skill)), max_size=4, unique=True)
reasons = st.sampled_from(["gear", "the Mayor says so", "", "   "])
good_reasons = st.sampled_from(["gear", "range", "a lucky charm"])
modifiers = st.lists(
    st.builds(
        Modifier,
        amount=st.sampled_from([1, -1, 2, 10, 10, -3, 5]) | st.sampled_from([0, 11, -11]),
        reason=good_reasons | reasons,
    ),
    max_size=3,
)
tracks = st.sampled_from(["health", "morale", "sobriety"])


# -- the driver --------------------------------------------------------------------------

Action = Callable[[], None]


class Rejected:
    """What `Driver.send` returns for a rejected command."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __repr__(self) -> str:
        return f"Rejected({self.code!r})"


class Driver:
    """Plays random commands on one table and checks it after each of them."""

    def __init__(self, data: st.DataObject, session: Session, *, late_seats: bool = True) -> None:
        self.data = data
        self.session = session
        #: whether seats may join after the start (see the xfail tests for why not always)
        self.late_seats = late_seats
        self.initial: Counter[str] | None = None
        self.replica: Table | None = None
        self.folded = 0
        self.history: dict[int, dict[str, Any]] = {}
        self.codes: Counter[str] = Counter()
        self.commands = 0
        #: commands sent with an idempotency key: (key, actor, command, result, version)
        self.keyed: list[tuple[str, str, Any, Any, int]] = []
        self.check()

    # -- sending and checking ----------------------------------------------------------

    def draw(self, strategy: st.SearchStrategy[T], label: str | None = None) -> T:
        return self.data.draw(strategy, label=label)

    def send(self, actor: str, command: Any) -> Any:
        """Run a command; return its result, or a `Rejected` after checking it left nothing.

        Now and then the command carries an idempotency key (remembered for `retry`), or an
        expected version, stale or current.
        """
        before = self.folded
        self.commands += 1
        delivery = self.draw(st.integers(0, 19), label="delivery")
        key = f"key-{self.commands}" if delivery in (1, 2) else None
        expected = {3: before, 4: before - 1}.get(delivery)
        try:
            outcome = self.session.app.execute(
                self.session.table_id,
                actor,
                command,
                idempotency_key=key,
                expected_version=expected,
            )
        except DomainError as error:
            note(f"{actor}: {command!r} key={key} expected={expected} -> rejected {error.code}")
            self.codes[error.code] += 1
            left = list(self.session.app.table_events(self.session.table_id, after=before))
            assert not left, f"rejected {command!r} ({error.code}) left events {left}"
            assert self.session.version == before, "a rejected command moved the version"
            self.check()
            assert key is None or key not in self.table.recent_commands
            return Rejected(error.code)
        note(f"{actor}: {command!r} key={key} expected={expected} -> {outcome.result!r}")
        assert expected != before - 1, "a command with a stale expected version ran"
        self.check()
        assert outcome.version == self.folded
        if key is not None:
            self.keyed.append((key, actor, command, outcome.result, outcome.version))
        return outcome.result

    def retry(self) -> None:
        """Send a keyed command again: the first result comes back and nothing is appended.

        The same key with another command, or from another seat, is rejected.
        """
        if not self.keyed:
            return
        key, actor, command, result, version = self.draw(st.sampled_from(self.keyed))
        before = self.folded
        if self.draw(st.integers(0, 3), label="retry the same") == 0:
            other = cmd.CancelTest(reason=f"not {key}")
            self.send_keyed(self.usually(actor, self.anyone, odds=2), other, key)
        else:
            outcome = self.session.app.execute(
                self.session.table_id, actor, command, idempotency_key=key
            )
            note(f"{actor}: retry {key} -> {outcome.result!r}")
            assert outcome.result == msgspec.to_builtins(result)
            assert outcome.version == version
        assert self.session.version == before
        self.check()

    def send_keyed(self, actor: str, command: Any, key: str) -> None:
        """A command under a key already used: a conflict that appends nothing."""
        before = self.folded
        try:
            self.session.app.execute(self.session.table_id, actor, command, idempotency_key=key)
        except DomainError as error:
            note(f"{actor}: {command!r} reusing {key} -> rejected {error.code}")
            assert error.code in ("idempotency_key_reused", "not_seated"), error.code
        else:
            raise AssertionError(f"{command!r} reusing the key {key} ran")
        assert not list(self.session.app.table_events(self.session.table_id, after=before))

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
                seats = sum(1 for s in self.replica.seats.values() if s.active)
                assert self.initial == expected_cards(self.replica.options, seats)
            if self.initial is not None:
                assert_conserved(self.game.zones, self.initial, self.folded)
            self.history[self.folded] = fingerprint(self.replica)
        live = self.session.table()
        assert live.version == self.folded
        assert fingerprint(live) == self.history[self.folded], "the live table differs from replay"
        loaded = app.repository.get(table_id, version=self.folded)
        assert fingerprint(loaded) == self.history[self.folded], "a snapshot load differs"

    def finish(self, versions: int = 3) -> None:
        """A last replay of every event at once, and a few past versions read back."""
        events = list(self.session.app.table_events(self.session.table_id))
        assert len(events) == self.folded
        assert fingerprint(replay(events)) == self.history[self.folded]
        for _ in range(versions):
            version = self.draw(st.integers(1, self.folded), label="past version")
            past = self.session.table(version=version)
            assert fingerprint(past) == self.history[version]
        game = self.game
        if game.started:
            event(f"mode {game.options.mode}, phase {game.phase}")
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

    def anyone(self) -> str:
        """Any seat id, sitting or not, or a stranger."""
        return self.draw(st.sampled_from([*self.table.seats, STRANGER]), label="anyone")

    def other_than(self, seat: str) -> str:
        others = [s for s in [*self.table.seats, STRANGER] if s != seat]
        return self.draw(st.sampled_from(others), label="wrong seat")

    def usually(self, value: T, otherwise: Callable[[], T], odds: int = 8) -> T:
        """`value` most of the time, else what `otherwise` gives."""
        return value if self.draw(st.integers(0, odds), label="usually") else otherwise()

    def character_id(self) -> str:
        known = list(self.game.characters)
        return self.draw(st.sampled_from([*known, "c99"]) if known else st.just("c1"))

    def pick(self, weighted: list[tuple[int, Action]]) -> Action:
        """One action, with probability by weight; shrinks toward the first."""
        total = sum(weight for weight, _ in weighted)
        roll = self.draw(st.integers(0, total - 1), label="action")
        for weight, action in weighted:
            if roll < weight:
                return action
            roll -= weight
        raise AssertionError("unreachable")

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
                    (1, self.retry),
                ]
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
                ]
            )
        action()

    # -- the actions -------------------------------------------------------------------

    def start(self) -> None:
        actor = self.usually(MAYOR, self.anyone)
        self.send(actor, cmd.StartTable())

    def close(self) -> None:
        # rare: a closed table rejects everything from then on
        if self.draw(st.integers(0, 3), label="close now") == 0:
            self.send(self.usually(MAYOR, self.anyone, odds=2), CloseTable())

    def seat_change(self) -> None:
        if self.game.started and not self.late_seats:
            return
        kind = self.draw(st.sampled_from(["add", "add", "remove"]), label="seat change")
        if kind == "add":
            actor = self.usually(MAYOR, self.anyone, odds=3)
            name = self.draw(st.sampled_from(["Late Larry", "Rosa", " ", "x" * 81]))
            self.send(actor, AddSeat(name=name))
        else:
            actor = self.usually(MAYOR, self.anyone, odds=3)
            seat = self.draw(st.sampled_from([*self.table.seats, STRANGER]), label="seat")
            self.send(actor, RemoveSeat(seat=seat, reason="left the table"))

    def create_character(self) -> None:
        kind = self.draw(st.sampled_from(["protagonist", "protagonist", "npc", "henchman"]))
        if kind == "protagonist":
            players = self.seats("player") or [STRANGER]
            seat = self.draw(st.sampled_from(players), label="for seat")
            actor = self.draw(st.sampled_from([seat, seat, seat, MAYOR, self.other_than(seat)]))
            traits, skills = self.usually(
                self.draw(protagonist_sheets()), lambda: self.draw(broken_sheets()), odds=5
            )
            self.send(
                actor,
                cmd.CreateCharacter(
                    name=self.usually("Hero", lambda: self.draw(st.sampled_from(["", "x" * 81]))),
                    kind="protagonist",
                    traits=traits,
                    skills=skills,
                    seat=self.draw(st.sampled_from([seat, None] if actor == seat else [seat])),
                ),
            )
            return
        actor = self.usually(MAYOR, self.anyone, odds=5)
        fixed = None
        if kind == "henchman":
            fixed = self.draw(st.none() | st.integers(0, 8) | st.sampled_from([20, 21, -1]))
        self.send(
            actor,
            cmd.CreateCharacter(
                name="Henchman" if kind == "henchman" else "Sheriff",
                kind=cast(Any, kind),
                traits=self.draw(npc_traits),
                skills=self.draw(skill_lists),
                seat=self.draw(st.sampled_from([None, None, MAYOR, "p1"])),
                fixed_draw=self.usually(fixed, lambda: self.draw(st.sampled_from([3, 21]))),
            ),
        )

    def contender(self) -> cmd.Contender:
        character = self.character_id()
        trait = self.draw(st.sampled_from(list(Trait)), label="trait")
        own = [s for s, t in SKILL_TRAITS.items() if t == trait]
        skill = self.draw(st.none() | st.sampled_from(own) | st.sampled_from(list(Skill)))
        return cmd.Contender(
            character=character,
            trait=trait,
            skill=skill,
            modifiers=self.draw(modifiers),
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
        difficulty = self.draw(st.none() | st.integers(2, 15) | st.sampled_from([1, 16]))
        self.send(
            self.usually(MAYOR, self.anyone),
            cmd.OpenTraitTest(
                character=contender.character,
                trait=contender.trait,
                skill=contender.skill,
                difficulty=difficulty,
                modifiers=contender.modifiers,
            ),
        )

    def open_opposed_test(self) -> None:
        contenders = [self.contender() for _ in range(self.draw(st.sampled_from([2, 2, 3, 1])))]
        if self.draw(st.integers(0, 10), label="same character twice") == 0:
            contenders.append(contenders[0])
        self.send(self.usually(MAYOR, self.anyone), cmd.OpenOpposedTest(participants=contenders))

    def open_dead_mans_hand_test(self) -> None:
        self.send(
            self.usually(MAYOR, self.anyone),
            cmd.OpenDeadMansHandTest(
                character=self.character_id(),
                cards=cast(Any, self.draw(st.sampled_from([1, 2, 2, 3]))),
                better=self.usually("keeps shooting", lambda: ""),
                worse=self.draw(st.sampled_from(["loses the turn", "loses the turn", " "])),
            ),
        )

    def _participants(self, test: OpenTest | None, drawn: bool) -> list[str]:
        if test is None:
            return []
        return [
            c
            for c, p in test.participants.items()
            if (p.drawn if drawn else not p.drawn) and p.chosen is None
        ]

    def draw_cards(self) -> None:
        waiting = self._participants(self.game.test, drawn=False)
        if not waiting or self.draw(st.integers(0, 12), label="draw for anyone") == 0:
            self.send(self.anyone(), cmd.Draw(character=self.character_id()))
            return
        character = self.draw(st.sampled_from(waiting), label="drawer")
        seat = self.game.characters[character].seat
        self.send(self.usually(seat, lambda: self.other_than(seat)), cmd.Draw(character=character))

    def choose(self) -> None:
        game = self.game
        ready = self._participants(game.test, drawn=True)
        if not ready or self.draw(st.integers(0, 12), label="choose for anyone") == 0:
            character = self.character_id()
            cards = self.draw(st.lists(st.sampled_from(BOGUS_CARDS) | st.just("d0:2H")))
            self.send(self.anyone(), cmd.Choose(character=character, cards=cards[:2]))
            return
        character = self.draw(st.sampled_from(ready), label="chooser")
        seat = game.characters[character].seat
        held = game.zone(hand(character))
        chosen = [self.draw(st.sampled_from(held), label="card")]
        suits = {c: self.draw(st.sampled_from(list(Suit))) for c in chosen if card(c).is_joker}
        flaw = self.draw(st.integers(0, 20), label="flaw")
        actor = seat
        if flaw == 1:
            actor = self.other_than(seat)
        elif flaw == 2:
            others = [c for z, cs in game.zones.items() if z != hand(character) for c in cs[:2]]
            chosen = [self.draw(st.sampled_from(others or list(BOGUS_CARDS)))]
        elif flaw == 3:
            chosen = [self.draw(st.sampled_from(BOGUS_CARDS))]
        elif flaw == 4:
            chosen = chosen * 2
        elif flaw == 5:
            chosen = held[:2] if len(held) > 1 else []
            suits = {c: Suit.SPADES for c in chosen if card(c).is_joker}
        elif flaw == 6:
            chosen = []
        elif flaw == 7:
            suits = {}
        elif flaw == 8:
            suits = {**suits, held[-1]: Suit.HEARTS}
        self.send(actor, cmd.Choose(character=character, cards=chosen, joker_suits=suits))

    def cancel(self) -> None:
        actor = self.usually(MAYOR, self.anyone, odds=3)
        self.send(actor, cmd.CancelTest(reason=self.usually("the saloon burns", lambda: "")))

    def change_condition(self) -> None:
        track, change = self.draw(
            st.sampled_from(
                [
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
            ),
            label="condition",
        )
        self.send(
            self.usually(MAYOR, self.anyone),
            cmd.ChangeCondition(
                character=self.character_id(),
                track=cast(Any, track),
                change=change,
                reason=self.usually("a bottle of rye", lambda: ""),
            ),
        )

    def junk(self) -> None:
        """Any command at all, from anyone, with fields drawn at random."""
        character = st.sampled_from([*self.game.characters, "c99", ""])
        cards = st.lists(st.sampled_from(BOGUS_CARDS) | st.sampled_from(["d0:AS", "d0:JK1"]))
        traits = st.sampled_from(list(Trait))
        commands: st.SearchStrategy[Any] = st.one_of(
            st.builds(cmd.Draw, character=character),
            st.builds(
                cmd.Choose,
                character=character,
                cards=cards,
                joker_suits=st.dictionaries(
                    st.sampled_from(["d0:JK1", "d0:AS"]), st.just(Suit.CLUBS)
                ),
            ),
            st.builds(cmd.CancelTest, reason=reasons),
            st.builds(cmd.StartTable),
            st.builds(
                cmd.OpenTraitTest,
                character=character,
                trait=traits,
                skill=st.none() | st.sampled_from(list(Skill)),
                difficulty=st.none() | st.integers(-3, 20),
                modifiers=modifiers,
            ),
            st.builds(
                cmd.OpenOpposedTest,
                participants=st.lists(
                    st.builds(cmd.Contender, character=character, trait=traits), max_size=3
                ),
            ),
            st.builds(
                cmd.OpenDeadMansHandTest,
                character=character,
                cards=st.sampled_from([0, 1, 2, 3]),
                better=reasons,
                worse=reasons,
            ),
            st.builds(
                cmd.ChangeCondition,
                character=character,
                track=tracks,
                change=st.integers(-5, 5),
                reason=reasons,
            ),
            st.builds(
                cmd.CreateCharacter,
                name=st.sampled_from(["Drifter", ""]),
                kind=st.sampled_from(["protagonist", "npc", "henchman"]),
                traits=npc_traits,
                skills=skill_lists,
                seat=st.none() | st.sampled_from([*self.table.seats, STRANGER]),
                fixed_draw=st.none() | st.integers(-1, 21),
            ),
            st.builds(
                RemoveSeat, seat=st.sampled_from([*self.table.seats, STRANGER]), reason=reasons
            ),
            st.just(NotACommand()),
        )
        self.send(self.anyone(), self.draw(commands, label="junk"))


class NotACommand(msgspec.Struct):
    """A Struct no rule system handles."""


#: tables are created under a fixed idempotency key, so that their id, hence every shuffle,
#: is the same each time hypothesis replays an example
TABLE_KEY = "frontera-property-test-table"


def start_session(app: Tables, players: int, **options: Any) -> Session:
    """A table with the Mayor and `players` players seated, not started."""
    table_id = app.create_table(
        "frontera", "Property table", "The Mayor", options, idempotency_key=TABLE_KEY
    )
    session = Session(app, table_id)
    for name in ("Ana", "Bruno", "Carmen", "Dario", "Elena")[:players]:
        session.seats[name] = session.run(MAYOR, AddSeat(name=name)).result
    return session


@st.composite
def normal_options(draw: st.DrawFn, skip_phase_1: bool = False) -> tuple[int, dict[str, Any]]:
    """Seats and options of a normal-mode table, small piles included so that they run out."""
    players = draw(st.integers(1, 4))
    decks = draw(st.none() | st.sampled_from([1, 2]))
    jokers = draw(st.sampled_from([2, 0, 1]))
    separate = draw(st.booleans())
    seats = players + 1
    pile = (decks or -(-seats // 4)) * (52 + jokers) - (0 if separate else 4)
    spare = pile - (0 if skip_phase_1 else DEAL * seats) - seats  # room for a late joiner
    removed = draw(st.sampled_from([0, 0, max(0, spare // 2), max(0, spare - 4)]))
    options = {
        "mode": "normal",
        "decks": decks,
        "jokers_per_deck": jokers,
        "separate_dead_mans_hand": separate,
        "skip_phase_1": skip_phase_1,
        "removed_at_random": removed,
    }
    return players, options


@st.composite
def no_management_options(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(1, 4))
    return players, {
        "mode": "no_management",
        "decks": draw(st.none() | st.sampled_from([1, 2])),
        "jokers_per_deck": draw(st.sampled_from([2, 0, 1])),
        "separate_dead_mans_hand": draw(st.booleans()),
    }


@st.composite
def wear_options(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(1, 3))
    return players, {"mode": "wear", "jokers_per_deck": draw(st.sampled_from([2, 0, 1]))}


def setup_cast(driver: Driver) -> None:
    """Two protagonists, an NPC and a henchman, so that tests can start at once."""
    players = driver.seats("player")
    sheets = [
        (
            {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
            ["aim", "agility", "cunning", "perception"],
        ),
        (
            {"hands": 6, "senses": 2, "muscle": 2, "head": 2},
            ["quick_shot", "strength", "knowledge", "brawl"],
        ),
    ]
    for index, (traits, skill_names) in enumerate(sheets):
        seat = players[index % len(players)]
        driver.send(
            seat,
            cmd.CreateCharacter(
                name=f"Hero {index}",
                traits={Trait(t): v for t, v in traits.items()},
                skills=[Skill(s) for s in skill_names],
            ),
        )
    driver.send(
        MAYOR,
        cmd.CreateCharacter(
            name="Black Bart",
            kind="npc",
            traits={Trait.HANDS: 5, Trait.SENSES: 3, Trait.MUSCLE: 4, Trait.HEAD: 2},
            skills=[Skill.QUICK_SHOT, Skill.AGILITY],
        ),
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
    )
