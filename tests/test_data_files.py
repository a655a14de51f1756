"""The server's files on disk, over real HTTP on a fresh data folder: the folder and every file
in it (the event store, the analytics read model, their WAL and shared-memory files, the
server key) are readable by the server's user only, however permissive the process's umask."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from projections.stats import FIGURES_VERSION
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import ok
from tests.live_server import TLS, serving
from tests.test_api_protocol import new_table, seat

#: what SQLite, the read model and the key leave in the folder once a command was played
EXPECTED = {
    "secret.key",
    "saloon.sqlite3",
    "saloon.sqlite3-wal",
    "saloon.sqlite3-shm",
    f"saloon-table-stats-v{FIGURES_VERSION}.sqlite3",
    f"saloon-table-stats-v{FIGURES_VERSION}.sqlite3-wal",
    f"saloon-table-stats-v{FIGURES_VERSION}.sqlite3-shm",
}


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(mask: int) -> Iterator[None]:
    previous = os.umask(mask)
    try:
        yield
    finally:
        os.umask(previous)


def play_a_command(data_dir: Path) -> None:
    """Serve the app on `data_dir`, create a table, seat a player and read the table's
    figures (the read model has folded the table by then)."""
    with (
        serving(create_app(Settings(data_dir=data_dir, commands_per_second=0))) as url,
        httpx.Client(base_url=url, timeout=10, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        seat(http, table, mayor)
        ok(http.get(f"/tables/{table}/stats", headers=mayor))
        deadline = time.monotonic() + 10
        while not {path.name for path in data_dir.iterdir()} >= EXPECTED:
            assert time.monotonic() < deadline, sorted(p.name for p in data_dir.iterdir())
            time.sleep(0.05)
        assert_private(data_dir)  # while the server runs: the WAL and SHM files exist now


def assert_private(data_dir: Path) -> None:
    assert mode(data_dir) == 0o700
    files = {path.name: mode(path) for path in data_dir.iterdir()}
    assert set(files) >= EXPECTED
    assert files == dict.fromkeys(files, 0o600)


def test_the_data_folder_and_every_file_in_it_are_the_servers_users_alone(
    tmp_path: Path,
) -> None:
    with umask(0o022):  # the usual umask: files 0644, folders 0755, unless the server says
        play_a_command(tmp_path / "data")


def test_a_data_folder_of_an_earlier_run_is_narrowed_when_the_server_starts(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    with umask(0o022):
        play_a_command(data_dir)
        data_dir.chmod(0o755)
        for path in data_dir.iterdir():
            path.chmod(0o644)
        play_a_command(data_dir)
