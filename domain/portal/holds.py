"""A hold after an immobilization [002:1481-1485]: in later turns the held contender may
try to break free, the grab repeated with its rival's attack at +2; meanwhile the holder's
melee attacks on the one it holds are at +2 too (strangling, joint locks)."""

from __future__ import annotations

#: "SU RIVAL CUENTA CON UN +2 AL ATAQUE" [002:1483]: the grab repeated, the holder's attack
#: result +2 (GAP: the digest leaves open which reading takes it; the book says "al ataque",
#: whose margin the struggle then adds); "TAMBIÉN CON UNA VENTAJA DE +2" [002:1485]
HOLD_ADVANTAGE = 2


def hold_advantage(held_by: str | None, attacker: str, melee: bool) -> int:
    """What the holder's melee attack on the contender it holds adds [002:1485]; 0 for any
    other attack."""
    return HOLD_ADVANTAGE if melee and held_by == attacker else 0
