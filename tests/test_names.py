"""The pattern the API's document gives names, titles and reasons (`TEXT_PATTERN`) says
exactly what `checked_name` takes: a client that keeps to the document never meets
`invalid_name`, and one that breaks it always does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import InvalidCommand
from domain.names import TEXT_PATTERN, checked_name

#: the pattern as JSON Schema reads it (ECMA-262: `$` is the end of the text, never before a
#: final newline as Python's `re.search` would take it)
DOCUMENTED = re.compile(TEXT_PATTERN.removeprefix("^").removesuffix("$"))


def taken(text: str) -> bool:
    try:
        checked_name(text, "a name", max_length=10_000)
    except InvalidCommand:
        return False
    return True


@pytest.mark.parametrize("end", ["", "a", " ", "\t", "\n"])
def test_every_character_of_the_basic_plane_is_judged_alike(end: str) -> None:
    judged = []
    for code in (c for c in range(0x10000) if not 0xD800 <= c < 0xE000):
        for text in (chr(code) + end, end + chr(code), f" {chr(code)} "):
            judged.append((text, taken(text), DOCUMENTED.fullmatch(text) is not None))
    assert [case for case in judged if case[1] != case[2]] == []


@given(st.text(max_size=20))
def test_any_text_is_judged_alike(text: str) -> None:
    assert taken(text) == (DOCUMENTED.fullmatch(text) is not None)
