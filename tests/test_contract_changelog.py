"""The contract's releases (docs/contract.md): the committed document's release has an entry
in `openapi/CHANGELOG.md`, and the entry's normative digest is the document's, so no change of
what a client may send or receive lands without its changelog entry (issue 25, item 9)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
DOCUMENT = ROOT / "openapi" / "openapi.json"
CHANGELOG = ROOT / "openapi" / "CHANGELOG.md"
#: prose for readers, not what a client may send or receive
EDITORIAL = frozenset({"description", "summary", "example", "examples"})
ENTRY = re.compile(
    r"^## (\d+\.\d+\.\d+)\b.*?Normative digest: `sha256:([0-9a-f]{64})`", re.M | re.S
)


def normative(node: Any, names: bool = False) -> Any:
    """The document without its prose: what a generated client is made of. `names`: a map
    whose keys are names (a schema's `properties`), where a `description` is a field."""
    if isinstance(node, dict):
        return {
            k: normative(v, names=k == "properties" and not names)
            for k, v in node.items()
            if names or k not in EDITORIAL
        }
    if isinstance(node, list):
        return [normative(item) for item in node]
    return node


def normative_digest(document: dict[str, Any]) -> str:
    text = json.dumps(normative(document), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def entries() -> dict[str, str]:
    """Each release's digest, by release, as the changelog lists them."""
    found: dict[str, str] = {}
    for block in re.split(r"(?=^## )", CHANGELOG.read_text(), flags=re.M):
        match = ENTRY.match(block)
        if match:
            found[match[1]] = match[2]
    return found


def test_the_documents_release_has_an_entry_whose_digest_is_the_documents() -> None:
    document = json.loads(DOCUMENT.read_text())
    release = document["info"]["version"]
    listed = entries()
    assert release in listed, f"openapi/CHANGELOG.md has no entry `## {release}`"
    digest = normative_digest(document)
    assert listed[release] == digest, (
        f"the document's normative part changed since the changelog's entry for {release}: "
        "write what changed under that entry (or a new release's, docs/contract.md says "
        f"which) and set its digest to `sha256:{digest}`"
    )


def test_the_newest_entry_is_the_documents_release() -> None:
    first = next(iter(entries()))
    assert first == json.loads(DOCUMENT.read_text())["info"]["version"]


def test_the_digest_ignores_prose_and_sees_a_bound() -> None:
    document = {"paths": {"/x": {"get": {"description": "a", "parameters": [{"maximum": 5}]}}}}
    reworded = {"paths": {"/x": {"get": {"description": "b", "parameters": [{"maximum": 5}]}}}}
    tightened = {"paths": {"/x": {"get": {"description": "a", "parameters": [{"maximum": 4}]}}}}
    assert normative_digest(document) == normative_digest(reworded)
    assert normative_digest(document) != normative_digest(tightened)
    # a field called `description` is a field
    field = {"properties": {"description": {"type": "string", "maxLength": 9}}}
    longer = {"properties": {"description": {"type": "string", "maxLength": 10}}}
    assert normative_digest(field) != normative_digest(longer)
