"""What every rule system asks of a character before a command touches it: that the table has
it, that it is alive, and that the acting seat plays it; and what a new character gets: its
id, and a place under its seat's limit. Each system's `Character` has the few attributes read
here; the refusals' codes are the systems' own where they differ."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Protocol, TypeVar

import msgspec

from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound
from domain.names import checked_name
from domain.table import Table

#: a character's id in a command (`c1`, `c2`, …: `new_character_id`); an empty one breaks the
#: document, an unknown one is 404 `unknown_character`
CharacterId = Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
#: characters ever created per seat (the game master's NPCs count for the game master's)
MAX_CHARACTERS_PER_SEAT = 40


class Played(Protocol):
    """A character as these guards read it."""

    @property
    def name(self) -> str: ...

    @property
    def seat(self) -> str: ...


class Identified(Played, Protocol):
    @property
    def id(self) -> str: ...


class Mortal(Played, Protocol):
    @property
    def dead(self) -> bool: ...


CharacterT = TypeVar("CharacterT")
CharacterT_co = TypeVar("CharacterT_co", covariant=True)
MortalT = TypeVar("MortalT", bound=Mortal)


class HasCharacters(Protocol[CharacterT_co]):
    """A game state keeping its characters by id."""

    @property
    def characters(self) -> Mapping[str, CharacterT_co]: ...


def find_character(state: HasCharacters[CharacterT], character_id: str) -> CharacterT:
    character = state.characters.get(character_id)
    if character is None:
        raise NotFound(f"there is no character {character_id!r} at this table", "unknown_character")
    return character


def new_character_id(state: HasCharacters[object]) -> str:
    """The id of the table's next character: characters are never removed, so none is reused."""
    return f"c{len(state.characters) + 1}"


def require_room_for(state: HasCharacters[Played], seat: str) -> None:
    """A seat plays a bounded number of characters (each is in every view of the table)."""
    if sum(1 for c in state.characters.values() if c.seat == seat) >= MAX_CHARACTERS_PER_SEAT:
        raise InvalidCommand(
            f"a seat plays at most {MAX_CHARACTERS_PER_SEAT} characters", "too_many_characters"
        )


def alive(character: MortalT) -> MortalT:
    if character.dead:
        raise Conflict(f"{character.name} is dead", "character_dead")
    return character


def require_plays(character: Played, actor: str, code: str) -> None:
    """Only the seat that plays a character acts for it (the game master's seat for its
    NPCs). `code` is the refusal's, which each system fixed before this was shared."""
    if character.seat != actor:
        raise Forbidden(
            f"{character.name} is played by seat {character.seat!r}, not by {actor!r}", code
        )


def creators_seat(table: Table, actor: str, seat: str | None) -> str:
    """The seat a new character is created for: the actor's own unless named; the game master
    may name any seat of the table, a player its own only."""
    acting = table.require_seat(actor)
    chosen = seat or actor
    if acting.id != table.gm_seat.id and chosen != actor:
        raise Forbidden("a player creates characters for its own seat only", "not_your_seat")
    return table.seat(chosen).id


def create_from_sheet(
    table: Table,
    state: HasCharacters[Played],
    actor: str,
    seat: str,
    sheet: Any,
    character: Callable[..., Identified],
    created: type[Table.Event],
) -> str:
    """A new character of `seat` made from its sheet (a Struct with a `name`), under the seat's
    limit and named as its sheet names it, checked and trimmed; recorded by the system's
    `created` event. Its id."""
    require_room_for(state, seat)
    name = checked_name(sheet.name, "a character's name")
    made = character(
        id=new_character_id(state),
        name=name,
        seat=seat,
        sheet=msgspec.structs.replace(sheet, name=name),
    )
    table.trigger_event(created, actor=actor, character=made)
    return made.id
