"""`python -m bench`: one `name: value unit` line per figure.

The domain benchmarks (`bench.domain_bench`) come first, then the HTTP ones
(`bench.http_bench`): the API under 1, 8 and 32 clients beside a bare Litestar app and the
same commands in process; then a long table (`bench.long_table_bench`): the bytes a
12,000-event table stores per event, and another table's command latency while four clients
read its log; the analytics projection beside a raw read of the log
(`bench.analytics_bench`); last the load run (`bench.load_bench`): 200 tables x 4 seats against
`uvicorn --workers 2` on PostgreSQL and Redis, as `make run-prod` serves.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench import analytics_bench, domain_bench, http_bench, load_bench, long_table_bench


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="saloon-bench-") as directory:
        for figure in domain_bench.run(Path(directory)):
            print(figure.line(), flush=True)
        for figure in http_bench.run(Path(directory)):
            print(figure.line(), flush=True)
        for figure in long_table_bench.run(Path(directory)):
            print(figure.line(), flush=True)
        for figure in analytics_bench.run(Path(directory)):
            print(figure.line(), flush=True)
    for figure in load_bench.run():
        print(figure.line(), flush=True)


if __name__ == "__main__":
    main()
