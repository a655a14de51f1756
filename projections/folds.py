"""A table's figures as a viewer knows them, folded on from where an earlier read stopped.

What a viewer sees of a logged event depends on the event and on the viewer's knowledge
alone (`projections.visibility.knowledge`: its seat, audit, the rolls revealed, the moment
of play open under audit, whether the table is closed). So a tally folded up to version v for one
knowledge, folded on with the events after v, is the tally of the whole log as that
knowledge sees it: a long table's figures cost, on the next read, only the events since.
When the knowledge changes (a roll is revealed, an audited moment of play opens or ends, the
table closes) earlier events may read otherwise, and the new knowledge is folded afresh.

The figures made of a kept tally are kept beside it: a read at the version already folded
(a client polling a quiet table) costs a lookup, not a pass over every count.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, NamedTuple
from uuid import UUID

import msgspec

from projections.redaction import redact, withheld
from projections.stats import TableStats, fold
from projections.tally import Tally
from projections.visibility import Viewer

#: keys (counts and labels) of every kept tally together, at most: a few tens of MB; the
#: least recently read tallies go first
KEPT_KEYS = 200_000


def fold_log(tally: Tally, events: Iterable[Any], viewer: Viewer, closed: bool) -> None:
    """Fold the events the viewer may know of, each as the viewer sees it, into the tally.

    An event withheld from the viewer (`withheld`) counts for nothing, but the tally has
    read past it: its version is the last event's, so that the figures kept of a log ending
    in one answer the next read at the table's version."""
    for event in events:
        if withheld(event, viewer, closed):
            tally.version = event.originator_version
        else:
            fold(tally, redact(event, viewer, closed), event.originator_version)


class Fold(NamedTuple):
    """A tally no reader changes any more, and the figures made of it."""

    tally: Tally
    figures: TableStats

    @property
    def weight(self) -> int:
        return 1 + len(self.tally.counts) + len(self.tally.labels)


class Folds:
    """The latest fold of each table and knowledge, least recently read first."""

    def __init__(self, kept_keys: int = KEPT_KEYS) -> None:
        self.kept_keys = kept_keys
        self._kept: OrderedDict[tuple[UUID, Viewer], Fold] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def figures(self, table_id: UUID, knowledge: Viewer, version: int) -> TableStats | None:
        """The kept figures of this knowledge if they were folded up to `version` exactly."""
        with self._lock:
            kept = self._kept.get((table_id, knowledge))
            if kept is None or kept.tally.version != version:
                return None
            self._kept.move_to_end((table_id, knowledge))
            return kept.figures

    def resume(self, table_id: UUID, knowledge: Viewer, version: int) -> Tally:
        """A copy of the kept tally of this knowledge to fold on up to `version`; a new
        tally when none is kept that far back."""
        with self._lock:
            kept = self._kept.get((table_id, knowledge))
            if kept is None or kept.tally.version > version:
                return Tally()
            self._kept.move_to_end((table_id, knowledge))
            counts, labels = dict(kept.tally.counts), dict(kept.tally.labels)
            return msgspec.structs.replace(kept.tally, counts=counts, labels=labels)

    def keep(self, table_id: UUID, knowledge: Viewer, fold: Fold) -> None:
        """Keep the fold (its tally no longer to be changed by its reader), unless one
        further on is."""
        key = (table_id, knowledge)
        with self._lock:
            kept = self._kept.pop(key, None)
            if kept is not None:
                self._weight -= kept.weight
                fold = kept if kept.tally.version > fold.tally.version else fold
            self._kept[key] = fold
            self._weight += fold.weight
            while self._weight > self.kept_keys and self._kept:
                self._weight -= self._kept.popitem(last=False)[1].weight
