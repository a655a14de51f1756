"""The Mayor's audit (dispute replay) opens every secret somebody saw, except the open test's."""

from typing import Any

from domain.frontera import commands as cmd
from domain.frontera.cards import sort_cards
from domain.frontera.character import Skill, Trait
from domain.table import Table
from projections.frontera.views import table_view
from projections.log import log_page
from projections.viewers import viewer_for
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist

ULISES = protagonist(
    "Ulises",
    {"hands": 3, "senses": 3, "muscle": 2, "head": 4},
    ["quick_shot", "agility", "perception", "cunning"],
)
BILLY = npc("Billy", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, ["agility"])


def _chase() -> tuple[Session, str, str, list[str]]:
    session = new_session(players=("Ann",), mode="no_management")
    ann = session.seats["Ann"]
    ulises = session.run(ann, ULISES).result
    billy = session.run(MAYOR, BILLY).result
    session.run(MAYOR, cmd.StartTable())
    contenders = [
        cmd.Contender(character=c, trait=Trait.MUSCLE, skill=Skill.AGILITY) for c in (ulises, billy)
    ]
    session.run(MAYOR, cmd.OpenOpposedTest(participants=contenders))
    drawn = session.run(ann, cmd.Draw(character=ulises)).result
    playable = [c for c in drawn if "JK" not in c]
    session.run(ann, cmd.Choose(character=ulises, cards=playable[:1]))
    return session, ulises, billy, drawn


def _mayor_audit_text(session: Session) -> str:
    """The Mayor's audit view and log, less the public lay-out of every card at the start."""

    def read(table: Table) -> str:
        viewer = viewer_for(table, table.seats[MAYOR], audit=True)
        events, _ = log_page(
            session.app.table_events(session.table_id), viewer, table.closed, limit=1000
        )
        laid_out = [e for e in events if e.type != "TableStarted"]
        return repr(table_view(table, viewer)) + repr(laid_out)

    text: str = session.app.read(session.table_id, read)
    return text


def test_audit_does_not_open_a_players_draw_or_choice_before_the_reveal() -> None:
    session, _, _, drawn = _chase()
    audit = _mayor_audit_text(session)
    assert not any(card in audit for card in drawn)


def test_audit_opens_them_once_the_test_is_over() -> None:
    session, _, billy, drawn = _chase()
    mayor_cards = session.run(MAYOR, cmd.Draw(character=billy)).result
    session.run(
        MAYOR, cmd.Choose(character=billy, cards=[c for c in mayor_cards if "JK" not in c][:1])
    )
    audit = _mayor_audit_text(session)
    assert all(card in audit for card in drawn)


def _rewound_hand(session: Session, seat: str, audit: bool, character: str, version: int) -> Any:
    """The hand of `character` in the seat's view of the table as it was at `version`, judged
    as the API judges a rewind: by the seat as it reads the table now."""
    viewer = session.app.read(
        session.table_id, lambda table: viewer_for(table, table.seats[seat], audit)
    )
    view = session.app.read(session.table_id, lambda table: table_view(table, viewer), version)
    (hand,) = [zone.cards for zone in view.zones if zone.zone == f"hand:{character}"]
    return hand


def test_a_rewind_in_audit_shows_a_draw_once_its_test_is_over_as_the_log_does() -> None:
    """Issue 24, item 1: the Mayor's audit board at the version of a draw shows the drawn
    hand once that test is resolved (the log beside it already does); while the test is
    still open now, the rewind keeps it as backs; outside audit, only its owner sees it."""
    session, ulises, billy, drawn = _chase()
    ann = session.seats["Ann"]
    (draw,) = [
        e.originator_version
        for e in session.events()
        if type(e).__name__ == "CardsDrawn" and e.character == ulises
    ]
    assert _rewound_hand(session, MAYOR, True, ulises, draw) is None  # test still open
    assert _rewound_hand(session, ann, False, ulises, draw) == sort_cards(drawn)

    mayor_cards = session.run(MAYOR, cmd.Draw(character=billy)).result
    session.run(
        MAYOR, cmd.Choose(character=billy, cards=[c for c in mayor_cards if "JK" not in c][:1])
    )
    assert session.state.test is None  # resolved
    assert _rewound_hand(session, MAYOR, True, ulises, draw) == sort_cards(drawn)
    assert _rewound_hand(session, MAYOR, False, ulises, draw) is None
    assert _rewound_hand(session, ann, False, ulises, draw) == sort_cards(drawn)
    # what the board shows is what the audit log shows of the same draw
    assert sorted(drawn) == sorted(_mayor_audit_drawn(session, ulises))


def _mayor_audit_drawn(session: Session, character: str) -> list[str]:
    def read(table: Table) -> list[str]:
        viewer = viewer_for(table, table.seats[MAYOR], audit=True)
        events, _ = log_page(session.app.table_events(session.table_id), viewer, False, limit=1000)
        (drawn,) = [
            e for e in events if e.type == "CardsDrawn" and e.data["character"] == character
        ]
        cards: list[str] = drawn.data["cards"]
        return cards

    return session.app.read(session.table_id, read)
