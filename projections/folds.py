"""A table's figures as a viewer knows them, folded on from where an earlier read stopped.

What a viewer sees of a logged event depends on the event and on the viewer's knowledge
alone (`projections.visibility.knowledge`: its seat, audit, the rolls revealed, the test
open under audit, whether the table is closed). So a tally folded up to version v for one
knowledge, folded on with the events after v, is the tally of the whole log as that
knowledge sees it: a long table's figures cost, on the next read, only the events since.
When the knowledge changes (a roll is revealed, an audited test opens or resolves, the table
closes) earlier events may read otherwise, and the new knowledge is folded afresh.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any
from uuid import UUID

import msgspec

from projections.redaction import redact, shown
from projections.stats import fold
from projections.tally import Tally
from projections.visibility import Viewer

#: keys (counts and labels) of every kept tally together, at most: a few tens of MB; the
#: least recently read tallies go first
KEPT_KEYS = 200_000


def fold_log(tally: Tally, events: Iterable[Any], viewer: Viewer, closed: bool) -> None:
    """Fold the events the viewer may know of, each as the viewer sees it, into the tally."""
    for event in shown(events, viewer, closed):
        fold(tally, redact(event, viewer, closed), event.originator_version)


def _weight(tally: Tally) -> int:
    return 1 + len(tally.counts) + len(tally.labels)


class Folds:
    """The latest tally folded for each table and knowledge, least recently read first."""

    def __init__(self, kept_keys: int = KEPT_KEYS) -> None:
        self.kept_keys = kept_keys
        self._kept: OrderedDict[tuple[UUID, Viewer], Tally] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def resume(self, table_id: UUID, knowledge: Viewer, version: int) -> Tally:
        """A copy of the kept tally of this knowledge to fold on up to `version`; a new
        tally when none is kept that far back."""
        with self._lock:
            kept = self._kept.get((table_id, knowledge))
            if kept is None or kept.version > version:
                return Tally()
            self._kept.move_to_end((table_id, knowledge))
            return msgspec.structs.replace(kept, counts=dict(kept.counts), labels=dict(kept.labels))

    def keep(self, table_id: UUID, knowledge: Viewer, tally: Tally) -> None:
        """Keep the tally (no longer to be changed by its reader), unless one further on is."""
        key = (table_id, knowledge)
        with self._lock:
            kept = self._kept.pop(key, None)
            if kept is not None:
                self._weight -= _weight(kept)
                tally = kept if kept.version > tally.version else tally
            self._kept[key] = tally
            self._weight += _weight(tally)
            while self._weight > self.kept_keys and self._kept:
                self._weight -= _weight(self._kept.popitem(last=False)[1])
