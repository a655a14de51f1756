"""`python -m bench`: one `name: value unit` line per figure.

Domain benchmarks only for now; an HTTP benchmark can add its own module beside
`bench.domain_bench` and its figures here.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench import domain_bench


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="saloon-bench-") as directory:
        for figure in domain_bench.run(Path(directory)):
            print(figure.line(), flush=True)


if __name__ == "__main__":
    main()
