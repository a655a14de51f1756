"""A first walk through one trait test on a normal-mode table."""

from domain.frontera import commands as cmd
from domain.frontera.character import Skill, Trait
from tests.frontera_helpers import MAYOR, new_session, protagonist

CLEMENTINE = protagonist(
    "Clementine",
    {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


def test_a_trait_test_draws_six_with_the_skill_and_resolves_after_the_choice() -> None:
    session = new_session(players=("Judit",))
    judit = session.seats["Judit"]
    clementine = session.run(judit, CLEMENTINE).result
    session.run(MAYOR, cmd.StartTable())
    session.run(
        MAYOR, cmd.OpenTraitTest(character=clementine, trait=Trait.SENSES, skill=Skill.PERCEPTION)
    )
    drawn = session.run(judit, cmd.Draw(character=clementine)).result
    assert len(drawn) == 6
    played = next(c for c in drawn if "JK" not in c)
    session.run(judit, cmd.Choose(character=clementine, cards=[played]))
    assert session.state.test is None
    assert played in session.state.zones[f"player_deck:{judit}"]
