"""The server freezes what its start made, so that a full collection under load walks only
what came since (service/app.py), and does so once a process."""

from __future__ import annotations

import subprocess
import sys
import textwrap

#: a fresh interpreter: the suite's own process has started apps before
PROGRAM = textwrap.dedent(
    """
    import gc
    from litestar.testing import TestClient
    from service.app import create_app
    from tests.api_helpers import in_memory_tables

    assert gc.get_freeze_count() == 0
    with TestClient(create_app(tables=in_memory_tables())):
        frozen = gc.get_freeze_count()
    with TestClient(create_app(tables=in_memory_tables())):
        again = gc.get_freeze_count()
    print(frozen, again)
    """
)


def test_the_start_up_heap_is_frozen_once_a_process() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True, timeout=120
    )
    frozen, again = map(int, ran.stdout.split()[-2:])
    assert frozen > 50_000  # the modules, the routes and the app, at least
    assert again <= frozen  # a second app freezes nothing more (the frozen may still die)
