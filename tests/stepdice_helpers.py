"""Building blocks for stepdice tests: a table with the game master, players and characters."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import strategies as st

from domain.application import Tables
from domain.commands import AddSeat, RevealRolls
from domain.stepdice import commands as cmd
from domain.stepdice.state import Attributes, Ranks, StepdiceState
from tests import session_helpers
from tests.session_helpers import in_memory_tables

GM = "gm"


def dice(fuerza: int = 10, agilidad: int = 10, destreza: int = 10, magia: int = 10) -> Attributes:
    return msgspec.convert(
        {"fuerza": fuerza, "agilidad": agilidad, "destreza": destreza, "magia": magia},
        Attributes,
    )


def ranks(
    fuerza: str = "entrenado",
    agilidad: str = "entrenado",
    destreza: str = "entrenado",
    magia: str = "entrenado",
) -> Ranks:
    return msgspec.convert(
        {"fuerza": fuerza, "agilidad": agilidad, "destreza": destreza, "magia": magia}, Ranks
    )


class Session(session_helpers.Session[StepdiceState]):
    state_type = StepdiceState


def new_session(
    players: int = 2, app: Tables | None = None, key: str | None = None, **options: Any
) -> Session:
    """A stepdice table with its game master (seat "gm") and players p1, p2, …; given a
    creation `key`, its id (and so its seed) is the same at every run."""
    app = app or in_memory_tables()
    table_id = app.create_table(
        "stepdice", "A stepdice table", "The GM", options, idempotency_key=key
    ).table_id
    session = Session(app, table_id)
    for number in range(players):
        session.run(GM, AddSeat(name=f"Player {number + 1}"))
    return session


def roll_test(
    character: str,
    attribute: str = "agilidad",
    grade: str = "normal",
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Test:
    return msgspec.convert(
        {
            "character": character,
            "attribute": attribute,
            "grade": grade,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Test,
    )


def roll_attack(
    character: str,
    enemy: str,
    kind: str = "melee",
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Attack:
    return msgspec.convert(
        {
            "character": character,
            "enemy": enemy,
            "kind": kind,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Attack,
    )


def roll_cast(
    character: str,
    level: str = "estandar",
    cost: int = 1,
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Cast:
    return msgspec.convert(
        {
            "character": character,
            "effect": "a short barrier",
            "level": level,
            "cost": cost,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Cast,
    )


def random_command(data: st.DataObject, session: Session) -> tuple[str, Any]:
    """A random command and its sender: every rule, tests of every visibility, rulings on
    any roll, the game master's maxima (often refused: a refusal is a fine step too)."""
    state = session.state
    characters = sorted(state.characters)
    enemies = sorted(state.enemies)
    results = sorted(state.results, key=int)
    pick = data.draw

    def owing(owed: str) -> list[str]:
        """Rolls owed this ruling, or every roll (a refusal is a fine step too)."""
        return [r for r in results if state.results[r].owed == owed] or results

    kind = pick(st.integers(0, 14), label="kind")
    character = pick(st.sampled_from(characters), label="character")
    others = [c for c in characters if c != character]
    helper = pick(st.sampled_from([None, *others]), label="helper")
    help_given = None if helper is None else {"character": helper, "how": "helps"}
    shifts = [{"grades": pick(st.sampled_from([-1, 1, 2]), label="shift"), "reason": "why"}]
    shifts = pick(st.sampled_from([[], shifts]), label="shifts")
    grade = pick(st.sampled_from(["facil", "normal", "dificil", "heroico"]), label="grade")
    if kind <= 2:
        attribute = pick(st.sampled_from(["fuerza", "agilidad", "destreza", "magia"]))
        visibility = pick(st.sampled_from(["public", "public", "gm", "blind", "self"]))
        return GM, roll_test(
            character, attribute, grade, shifts=shifts, helper=help_given, visibility=visibility
        )
    if kind <= 4 and enemies:
        attack_kind = pick(st.sampled_from(["melee", "ranged", "spell"]), label="attack")
        enemy = pick(st.sampled_from(enemies), label="enemy")
        mana = 1 if attack_kind == "spell" else 0
        return GM, roll_attack(
            character, enemy, attack_kind, shifts=shifts, helper=help_given, mana=mana
        )
    if kind == 5:
        level, cost = pick(
            st.sampled_from([("truco", 0), ("truco", 1), ("estandar", 1), ("fuerte", 2)])
        )
        return GM, roll_cast(character, level, cost, shifts=shifts, helper=help_given)
    if kind == 6 and results:
        roll = int(pick(st.sampled_from(owing("benefit")), label="roll"))
        benefit: Any = pick(st.sampled_from(["extra_wound", "refund_mana", "extra_benefit"]))
        return GM, cmd.GrantBenefit(roll=roll, benefit=benefit, description="nice")
    if kind == 7 and results:
        roll = int(pick(st.sampled_from(owing("venganza")), label="roll"))
        reach = pick(st.booleans(), label="reach")
        effect: Any = pick(st.sampled_from(["heart", "complication"])) if reach else "none"
        complication = "falls" if effect == "complication" else None
        return GM, cmd.ResolveVenganza(
            roll=roll, reach=reach, effect=effect, complication=complication
        )
    if kind == 8 and results:
        roll = int(pick(st.sampled_from(results), label="roll"))
        return GM, cmd.NameComplication(roll=roll, complication="trouble")
    if kind == 9:
        return GM, cmd.LoseHeart(character=character, reason="a blow")
    if kind == 10:
        hit = [c for c in characters if state.characters[c].pending_hit] or characters
        character = pick(st.sampled_from(hit), label="hit")
        seat = state.characters[character].seat
        answer = pick(st.sampled_from([cmd.SpendArmour, cmd.DeclineArmour]), label="armour")
        return seat, answer(character=character)
    if kind == 11:
        downed = [c for c in characters if state.characters[c].downed] or characters
        return GM, cmd.RaiseAlly(
            helper=character, character=pick(st.sampled_from(downed)), how="lifts"
        )
    if kind == 12 and pick(st.booleans(), label="maxima"):
        maxima = {
            "hearts_max": pick(st.sampled_from([None, 1, 7]), label="hearts_max"),
            "mana_max": pick(st.sampled_from([None, 0, 4]), label="mana_max"),
        }
        return GM, cmd.SetMaxima(character=character, reason="grace", **maxima)
    if kind == 12:
        return GM, cmd.Rest(characters=[character], reason="camp")
    if kind == 14 and session.table().secret_rolls:
        rolls = session.table().secret_rolls[:1]
        return GM, RevealRolls(rolls=rolls, reason="now it is told")
    if kind == 13:
        return GM, pick(
            st.sampled_from(
                [
                    cmd.BeginScene(reason="later"),
                    cmd.StartClock(name="Clock", steps=2, consequence="alarm"),
                    cmd.AddEnemy(name="Foe", category=pick(st.sampled_from(["peon", "jefe"]))),
                ]
            )
        )
    return GM, cmd.AddEnemy(name="Elite", category="elite")
