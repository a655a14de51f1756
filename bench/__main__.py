"""`python -m bench [name ...]`: one `name: value unit` line per figure; given names (`domain`,
`http`, `long_table`, `stats`, `analytics`, `export`, `streams`, `load`), only those benchmarks run.

The domain benchmarks (`bench.domain_bench`) come first, then the HTTP ones
(`bench.http_bench`): the API under 1, 8 and 32 clients beside a bare Litestar app and the
same commands in process; then a long table (`bench.long_table_bench`): the bytes a
12,000-event table stores per event, and another table's command latency while four clients
read its log; another table's view latency while two clients read a 6,000-event table's
figures (`bench.stats_bench`); the analytics projection beside a raw read of the log
(`bench.analytics_bench`); the rate of a long table's NDJSON export (`bench.export_bench`);
the live path (`bench.stream_bench`): 1,000 tables with every seat streaming under an
open-loop load of 200 commands/s, on SQLite in one process and on the deployment `make
run-prod` starts (`bench.deployment`: two workers behind HAProxy on PostgreSQL and Redis);
last the load run (`bench.load_bench`): 200 tables x 4 seats against that deployment.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from bench import (
    analytics_bench,
    domain_bench,
    export_bench,
    http_bench,
    load_bench,
    long_table_bench,
    stats_bench,
    stream_bench,
)
from bench.domain_bench import Figure

#: every benchmark by name, in the order they run; each writes its files in the directory
BENCHES: dict[str, Callable[[Path], Iterable[Figure]]] = {
    "domain": domain_bench.run,
    "http": http_bench.run,
    "long_table": long_table_bench.run,
    "stats": stats_bench.run,
    "analytics": analytics_bench.run,
    "export": export_bench.run,
    "streams": stream_bench.run,
    "load": load_bench.run,
}


def main(names: list[str]) -> None:
    unknown = set(names) - set(BENCHES)
    if unknown:
        sys.exit(f"no benchmark {', '.join(sorted(unknown))}; there are {', '.join(BENCHES)}")
    with tempfile.TemporaryDirectory(prefix="saloon-bench-") as directory:
        for name, bench in BENCHES.items():
            if not names or name in names:
                for figure in bench(Path(directory)):
                    print(figure.line(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
