"""The glossary (docs/glossary.md) gives every rule system's book words as the API spells
them: a section per registered system, and no word listed that the document no longer has."""

import re
from pathlib import Path

import pytest

from domain.systems import RULE_SYSTEMS

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = (ROOT / "docs" / "glossary.md").read_text()
DOCUMENT = (ROOT / "openapi" / "openapi.json").read_text()


def _sections() -> dict[str, str]:
    parts = re.split(r"^## (.+)$", GLOSSARY, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("system", RULE_SYSTEMS)
def test_every_rule_system_has_its_section(system: str) -> None:
    assert system in _sections()


def _source(section: str) -> str:
    """The document and the code of a section's system (the shared modules for `Shared`)."""
    if section in RULE_SYSTEMS:
        paths = [*ROOT.glob(f"domain/{section}/*.py"), *ROOT.glob(f"projections/{section}/*.py")]
    else:
        paths = [*ROOT.glob("domain/*.py"), *ROOT.glob("projections/*.py")]
    return "\n".join([DOCUMENT, *(path.read_text() for path in paths)])


@pytest.mark.parametrize("section", _sections())
def test_every_word_listed_is_one_the_api_uses(section: str) -> None:
    """Each word of a table's first column (in backticks) is spelled as the API spells it:
    the committed document or the section's system's code uses it as a word."""
    words = {
        word
        for row in re.findall(r"^\| (.+?) \|", _sections()[section], flags=re.M)
        for word in re.findall(r"`([^`]+)`", row)
    }
    assert words, "no words found: the glossary's tables changed shape"
    source = _source(section)
    missing = sorted(
        w for w in words if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", source)
    )
    assert missing == []
