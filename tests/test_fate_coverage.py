"""docs/rules-coverage-fate.md names only tests that exist, so the table cannot rot
silently."""

from __future__ import annotations

from pathlib import Path

from tests.test_rules_coverage import missing, references

TABLE = Path(__file__).parent.parent / "docs" / "rules-coverage-fate.md"


def test_every_test_the_fate_table_names_exists() -> None:
    text = TABLE.read_text()
    assert len(references(text)) > 100
    assert missing(text) == []
