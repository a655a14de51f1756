"""Building blocks for asaltos tests: sheets, a table with seats, an attack in one line."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import strategies as st

from domain.application import Tables
from domain.asaltos import commands as cmd
from domain.asaltos.combat import AttackOutcome
from domain.asaltos.events import (
    AttackFailed,
    AttackHit,
    AttackRolled,
    CheckMade,
    CriticalRolled,
    DamageRolled,
    DodgeRolled,
    MedicineRolled,
    OpposedCheckMade,
    PainRolled,
    ParryRolled,
)
from domain.asaltos.sheet import Armour, Sheet, Weapon
from domain.asaltos.state import Action, AsaltosState
from domain.commands import AddSeat, RevealRolls
from domain.dice import DiceRolled
from tests import session_helpers
from tests.session_helpers import in_memory_tables, replayed

GM = "gm"
#: the book's two example codes [001:126]
SWORD = Weapon(name="espada", code="1/2-3/4-9/10", type="cortante", skill="Espada", actions=2)
AXE = Weapon(name="hacha", code="-/1-4/5-10/-", type="cortante", skill="Hacha", actions=1)
BOW = Weapon(
    name="arco", code="1-3/4-6/7-9/10", type="perforante", reach="projectile", skill="Arco"
)


def sheet(
    fue: int = 5,
    agi: int = 5,
    res: int = 5,
    tam: int = 5,
    skills: dict[str, int] | None = None,
    weapons: list[Weapon] | None = None,
    armour: Armour | None = None,
) -> Sheet:
    return Sheet(
        FUE=fue,
        AGI=agi,
        RES=res,
        TAM=tam,
        skills=skills if skills is not None else {"Espada": 5},
        weapons=weapons if weapons is not None else [SWORD],
        armour=armour,
    )


def attack(attacker: str, target: str, **fields: Any) -> cmd.Attack:
    """An attack with no modifier and no reaction unless `fields` say otherwise."""
    base: dict[str, Any] = {
        "attacker": attacker,
        "target": target,
        "base_difficulty": 0,
        "modifiers": [],
        "other_modifiers": [],
        "location": None,
        "surprise": False,
        "reaction": "none",
        "defender_base_difficulty": None,
        "defender_modifiers": [],
        "defender_other_modifiers": [],
    }
    base.update(fields)
    if base["reaction"] != "none" and base["defender_base_difficulty"] is None:
        base["defender_base_difficulty"] = 0
    return cmd.Attack(**base)


def check(character: str, skill: str | None = None, **fields: Any) -> cmd.Check:
    base: dict[str, Any] = {
        "character": character,
        "skill": skill,
        "base_difficulty": 0,
        "modifiers": [],
    }
    base.update(fields)
    return cmd.Check(**base)


def actions(*kinds: str, weapon: str = "espada") -> list[Action]:
    return [
        Action(kind=kind, weapon=weapon if kind in ("attack", "parry") else None)  # type: ignore[arg-type]
        for kind in kinds
    ]


class Session(session_helpers.Session[AsaltosState]):
    state_type = AsaltosState

    def resolve(self, actor: str, command: Any) -> Any:
        """Run a rolling command and read its outcome back from the log: it answers with
        the roll's number only (None when no die was needed), which this checks."""
        before = self.version
        answer = self.run(actor, command).result
        new = [event for event in self.events() if event.originator_version > before]
        rolls = [event.roll for event in new if isinstance(event, DiceRolled)]
        assert answer == (rolls[0] if rolls else None)
        assert len(rolls) <= 1
        found = {type(event): event for event in new}
        for kind in (CheckMade, PainRolled, MedicineRolled):
            if kind in found:
                return found[kind].result
        if OpposedCheckMade in found:
            return found[OpposedCheckMade].winner
        if DamageRolled in found:
            return found[DamageRolled].damage
        hit = found.get(AttackHit)
        dodge, parry = found.get(DodgeRolled), found.get(ParryRolled)
        critical = found.get(CriticalRolled)
        rolled = found[AttackRolled].result
        return AttackOutcome(
            dodge=dodge.result if dodge else None,
            attack=rolled,
            confirmation=critical.face if critical else None,
            critical=hit.hit.critical if hit else False,
            parry=parry.result if parry else None,
            outcome="hit" if hit else found[AttackFailed].outcome,
            sl=hit.hit.sl if hit else (rolled.sl or 0 if rolled else 0),
        )

    def create(self, actor: str, name: str, character_sheet: Sheet) -> str:
        result: str = self.run(actor, cmd.CreateCharacter(name=name, sheet=character_sheet)).result
        return result


def new_session(
    *rolls: int, players: int = 0, app: Tables | None = None, **options: Any
) -> Session:
    """An asaltos table whose dice show `rolls` first, with `players` seats (p1, p2, …)."""
    app = app or in_memory_tables()
    if rolls:
        options["scripted_rolls"] = list(rolls)
    session = Session(app, app.create_table("asaltos", "Test table", "The GM", options).table_id)
    for number in range(players):
        session.run(GM, AddSeat(name=f"Player {number + 1}"))
    return session


def replayed_state(events: list[Any]) -> dict[str, Any]:
    """The game state rebuilt from the events alone, as a fresh reader would."""
    return msgspec.to_builtins(replayed(events).game)


def live_state(session: Session) -> dict[str, Any]:
    return msgspec.to_builtins(session.state)


def events_of(session: Session, kind: type) -> list[Any]:
    return [e for e in session.events() if isinstance(e, kind)]


def refused(session: Session, actor: str, command: Any, code: str) -> str:
    """The command is refused with `code`, the table exactly as before; its message."""
    error = session.refused(actor, command)
    assert error.code == code
    return error.message


def random_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command and its sender: checks and opposed checks of every visibility (a
    certain one among them), reveals, attacks (always public)."""
    state = session.state
    characters = sorted(state.characters)
    pick = data.draw
    character = pick(st.sampled_from(characters), label="character")
    visibility: Any = pick(st.sampled_from(["public", "gm", "blind", "self"]), label="vis")
    kind = pick(st.integers(0, 4), label="kind")
    if kind <= 1:
        skill = pick(st.sampled_from(["Espada", "Trepar"]), label="skill")
        return GM, check(character, skill, visibility=visibility)
    if kind == 2:
        other = pick(st.sampled_from(characters), label="other")
        contenders = [
            cmd.Contender(character=c, skill="Espada", base_difficulty=0, modifiers=[])
            for c in (character, other)
        ]
        return GM, cmd.OpposedCheck(contenders=contenders, visibility=visibility)
    if kind == 3 and session.table().secret_rolls:
        return GM, RevealRolls(rolls=session.table().secret_rolls[:1], reason="told")
    other = pick(st.sampled_from(characters), label="target")
    return GM, attack(character, other)
