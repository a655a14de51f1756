"""The shortcut of the duplicate-key check never lets a key named twice through.

`keys_all_differ` answers for most bodies without parsing them again; where it says yes, the
full parse must find no object naming a key twice, whatever the keys spell (quotes, colons,
backslashes) and however the body is spaced.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.problems import Refused
from service.protocol import _refuse_duplicate_keys, keys_all_differ

#: few letters, so that keys collide often, and the ones that could fool a scan of the text
KEYS = st.text(alphabet='ab:" \\,{}', max_size=3)
SPACE = st.sampled_from(["", " ", "\n  "])


@st.composite
def bodies(draw: st.DrawFn, depth: int = 0) -> str:
    """JSON text whose objects may name a key twice, spaced at random."""
    kind = draw(st.sampled_from(["scalar", "list", "object"] if depth < 3 else ["scalar"]))
    if kind == "scalar":
        return json.dumps(draw(st.one_of(st.integers(), KEYS, st.booleans(), st.none())))
    gap = draw(SPACE)
    if kind == "list":
        items = draw(st.lists(bodies(depth + 1), max_size=3))
        return "[" + f",{gap}".join(items) + "]"
    pairs = draw(st.lists(st.tuples(KEYS, bodies(depth + 1)), max_size=4))
    return "{" + f",{gap}".join(f"{json.dumps(k)}{gap}:{gap}{v}" for k, v in pairs) + "}"


def _named_twice(text: str) -> bool:
    try:
        _refuse_duplicate_keys(text.encode())
    except Refused as refused:
        assert refused.code == "duplicate_key"
        return True
    return False


@given(bodies())
def test_a_body_the_shortcut_passes_names_no_key_twice(text: str) -> None:
    if keys_all_differ(text.encode()):
        assert not _named_twice(text)


@pytest.mark.parametrize(
    ("body", "differ"),
    [
        ({"character": "c1", "cards": ["d0:2H"]}, True),
        ({"a": {"b": 1}, "c": [":", " :"]}, True),
        ({"a": 1, "b": {"a": 2}}, False),  # two objects: the full parse says it is fine
        ({"a\\": 1}, False),  # an escape
    ],
)
def test_the_shortcut_answers_for_a_plain_body_and_leaves_the_rest_open(
    body: Any, differ: bool
) -> None:
    assert keys_all_differ(json.dumps(body).encode()) is differ
