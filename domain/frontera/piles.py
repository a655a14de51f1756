"""Cards moving between zones, and shuffles: the only ways Frontera's cards change place."""

from __future__ import annotations

from domain.frontera.events import CardsMoved, CardsShuffled, game
from domain.keys import TableKeys
from domain.table import Table


def shuffle(table: Table, actor: str, zone: str, keys: TableKeys) -> None:
    """Shuffle a zone; a scripted table keeps its order, which every seat can read."""
    cards = game(table).zone(zone)
    if len(cards) < 2:
        return
    index = table.random_operations
    scripted = game(table).options.scripted_order is not None
    order = list(cards) if scripted else keys.shuffled(cards, index)
    table.trigger_event(CardsShuffled, actor=actor, zone=zone, order=order, index=index)


def move_cards(
    table: Table,
    actor: str,
    cards: list[str],
    source: str,
    target: str,
    reason: str,
    seen_by: list[str] | None,
) -> None:
    if cards:
        table.trigger_event(
            CardsMoved,
            actor=actor,
            source=source,
            target=target,
            cards=list(cards),
            reason=reason,
            seen_by=seen_by,
        )
