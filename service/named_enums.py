"""An enum a client names: one component of the document, referenced wherever its values are
an enum (`service.openapi_shapes`), so that a generated client has one class for it rather
than one per property. The shared ones are declared here; a rule system declares its own
(`ENUMS` in `service/routes/<system>.py`)."""

from __future__ import annotations

from typing import Any, NamedTuple


class NamedEnum(NamedTuple):
    name: str
    """The component's name, its system's first (`StepdiceDie`)"""
    values: list[Any]
    """Its values, in order"""
    description: str
    """What it is, in the rules' words"""
    only: frozenset[str] | None = None
    """The properties it names, where its values are common words; None: wherever these
    values are the whole enum"""


#: the shared layer's
SHARED_ENUMS = [
    NamedEnum(
        "RollVisibility",
        ["public", "gm", "blind", "self"],
        "Who sees a roll's dice: every seat (`public`), the roller and the game master "
        "(`gm`), the game master only (`blind`), the roller only (`self`); the roller is the "
        "seat that plays the rolling character.",
    ),
]
