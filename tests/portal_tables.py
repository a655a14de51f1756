"""The table setups PORTAL's HTTP example tests (tests/test_api_portal_*.py) share: a friendly
brawl with both contenders' reflexes taken, an attack and its defence called and settled, a
combat roll settled by its player, the last event of a kind as a seat reads it. A test keeps
its sheets and the dice that matter: these helpers take them as arguments."""

from __future__ import annotations

from typing import Any

from tests.dice_http import Table
from tests.test_api_portal import open_roll, reading
from tests.test_api_portal_combat import reflex_roll, reflexes

BRIGAND = {"name": "a brigand", "generic": 5, "reason": "a seasoned cutthroat"}


def brawl(table: Table, reason: str, seat: str = "p2", reflex_points: int = 0) -> None:
    """Combat 1, a friendly brawl (cold blood 3) between c1 and c2, its direction die thrown
    first: c1's reflex roll (roll 2) and c2's (roll 3), each read HIGH with cold blood MID,
    settled by p1 and by `seat`, c2 paying `reflex_points` for the cold blood it lacks."""
    start_brawl(table, reason)
    take_reflexes(table, seat, reflex_points)


def start_brawl(table: Table, reason: str) -> None:
    """Combat 1, a friendly brawl between c1 and c2: its direction die is the first thrown."""
    start = {"contenders": ["c1", "c2"], "fight": "friendly_brawl", "reason": reason}
    table.command("gm", "/portal/combats", start)


def take_reflexes(table: Table, seat: str = "p2", reflex_points: int = 0) -> None:
    """The initial reflex rolls of `brawl`: c1's (roll 2) by p1, c2's (roll 3) by `seat`."""
    table.command("gm", "/portal/rolls", reflex_roll("c1", "HIGH", "MID"))
    table.command("gm", "/portal/rolls", reflex_roll("c2", "HIGH", "MID"))
    table.command("p1", "/portal/combats/reflexes", reflexes(2))
    table.command(seat, "/portal/combats/reflexes", reflexes(3, reflex_points=reflex_points))


def attack_call(who: str, target: str | None, damage: str = "HIGH") -> dict[str, Any]:
    readings = [reading("attack", "HIGH"), reading("damage", damage)]
    return {**open_roll(who, readings=readings, difficulty=None), "combat": 1, "target": target}


def defence_call(who: str, defence: str = "HIGH") -> dict[str, Any]:
    readings = [reading("defence", defence), reading("aguante", "HIGH", aguante=True)]
    guard = {"melee": True, "cover": "none", "reason": "in the open"}
    return {
        **open_roll(who, readings=readings, difficulty=None),
        "combat": 1,
        "protection": guard,
    }


def exchange(
    table: Table,
    attack_roll: int,
    defence_roll: int,
    damage: str = "HIGH",
    defence: str = "HIGH",
    attacker: str = "c1",
) -> None:
    """The game master calls `attacker`'s attack on the other contender (read HIGH, damage
    `damage`) and the other's defence (`defence`, aguante HIGH); each roll is settled by its
    contender's player (p1 plays c1, p2 c2)."""
    defender = "c2" if attacker == "c1" else "c1"
    table.command("gm", "/portal/combats/attacks", attack_call(attacker, defender, damage=damage))
    table.command("gm", "/portal/combats/defences", defence_call(defender, defence=defence))
    settle(table, f"p{attacker[1:]}", attack_roll)
    settle(table, f"p{defender[1:]}", defence_roll)


def settle(table: Table, who: str, roll: int) -> None:
    """Combat 1's roll `roll` settled by its player's seat `who`, paying nothing."""
    table.command(who, "/portal/combats/rolls", {"combat": 1, "roll": roll, "payments": []})


def last(table: Table, who: str, kind: str) -> dict[str, Any]:
    """The last `portal.<kind>` event's data as the seat `who` reads it."""
    data: dict[str, Any] = table.log(who, f"portal.{kind}")[-1]["data"]
    return data
