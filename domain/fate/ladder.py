"""The adjective ladder [004:11-57]: adjectives and numbers are interchangeable [004:13].

Values beyond -2..+8 have no name (GAP §4.1): they are stored as plain integers, unclamped,
and shown as numbers.
"""

from __future__ import annotations

#: the named rungs [004:15-57]; this translation calls +1 "Normal" (SotC's "Average")
LADDER: dict[int, str] = {
    8: "Legendario",
    7: "Épico",
    6: "Fantástico",
    5: "Excelente",
    4: "Grande",
    3: "Bueno",
    2: "Adecuado",
    1: "Normal",
    0: "Mediocre",
    -1: "Pobre",
    -2: "Terrible",
}
#: an unlisted skill is Mediocre [004:95]
MEDIOCRE = 0
_BY_NAME = {name.casefold(): value for value, name in LADDER.items()}


def adjective(value: int) -> str | None:
    """The rung's name, None off the named ladder (the value stays an integer)."""
    return LADDER.get(value)


def describe(value: int) -> str:
    """ "Bueno (+3)", as the book advises writing both [004:13]; "+9" off the named ladder."""
    name = LADDER.get(value)
    return f"{name} ({value:+d})" if name else f"{value:+d}"


def value_of(name: str) -> int | None:
    """The number of a rung named by its adjective (any case), None if it is not one."""
    return _BY_NAME.get(name.strip().casefold())
