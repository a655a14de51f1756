"""The solo-d6 variant [003:312-347]: each attribute a rank with a threshold on one d6,
grades shift the threshold, advancement raises a rank or a maximum."""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict
from domain.stepdice.ladder import GRADES, Grade

#: ranks, worst first [003:316-321]
Rank = Literal["sin_habilidad", "novato", "entrenado", "maestro"]
RANKS: tuple[Rank, ...] = ("sin_habilidad", "novato", "entrenado", "maestro")
THRESHOLD: dict[Rank, int] = {"maestro": 3, "entrenado": 4, "novato": 5, "sin_habilidad": 6}
#: "mínimo 2+, máximo 6" [003:330]
LOWEST, HIGHEST = 2, 6

#: a grade is a threshold shift: Normal ±0, Difícil +1, Heroico +2 [003:338-340], Fácil -1
#: [003:329]
GRADE_SHIFT: dict[Grade, int] = {grade: index - 1 for index, grade in enumerate(GRADES)}


def threshold(rank: Rank, grade: Grade, shift: int, help_shift: int) -> int:
    """The d6 threshold: the rank's, +1 per harder grade, -1 per easier, the helper's shift
    (a table option: the book's "9.3 Ayuda" is empty [003:332]), clamped to 2..6 [003:330]."""
    raw = THRESHOLD[rank] + GRADE_SHIFT[grade] + shift + help_shift
    return min(max(raw, LOWEST), HIGHEST)


def rank_up(rank: Rank) -> Rank:
    """One rank up, e.g. Novato → Entrenado [003:346]; Maestro is the top."""
    position = RANKS.index(rank)
    if position + 1 == len(RANKS):
        raise Conflict("Maestro is the highest rank: choose +1 Heart or Mana", "rank_at_top")
    return RANKS[position + 1]
