"""Fixtures for tests that need a local server: PostgreSQL and Redis.

Each is skipped, with the reason, when its server cannot be reached, except under CI=true,
where an unreachable server fails the test instead: CI must never pass by skipping.
Mark such tests with `@pytest.mark.postgres` or `@pytest.mark.redis`. Tests that need node
and npm take the `node` fixture, on the same terms; so do the browser tests (pytest-playwright's
`page`), which drive the system's Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from typing import Any, NoReturn

import psycopg
import pytest
import redis
from psycopg import sql

from tests.listed_codes import recorded, unlisted

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_USER = "postgres"
PG_PASSWORD = ""
PG_DBNAME = "test"
REDIS_URL = "redis://127.0.0.1:6379/0"
CONNECT_TIMEOUT = 2


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _unavailable(reason: str) -> NoReturn:
    """Skip the test, or fail it under CI=true."""
    if _in_ci():
        pytest.fail(f"{reason} (CI=true: a required server must be running)", pytrace=False)
    pytest.skip(reason)


def _postgres_connection() -> psycopg.Connection:
    return psycopg.connect(
        host=PG_HOST,
        port=PG_PORT,
        user=PG_USER,
        password=PG_PASSWORD,
        dbname=PG_DBNAME,
        connect_timeout=CONNECT_TIMEOUT,
        autocommit=True,
    )


@pytest.fixture(scope="session")
def postgres_unreachable() -> str | None:
    """Why the local PostgreSQL cannot be used, or None when it can; checked once a session."""
    try:
        with _postgres_connection() as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        where = f"{PG_HOST}:{PG_PORT}, database {PG_DBNAME!r}"
        return f"PostgreSQL is unreachable at {where}: {' '.join(str(error).split())}"
    return None


@pytest.fixture
def postgres_env(postgres_unreachable: str | None) -> Iterator[dict[str, str]]:
    """An eventsourcing environment on the local PostgreSQL, in a schema of its own.

    The schema is new for each test (eventsourcing creates its tables there) and dropped
    afterwards, so tests never see each other's events. Close the applications you build
    on it before the test ends.
    """
    if postgres_unreachable is not None:
        _unavailable(postgres_unreachable)
    schema = f"test_{uuid.uuid4().hex}"
    with _postgres_connection() as connection:
        connection.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    try:
        yield {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": PG_DBNAME,
            "POSTGRES_HOST": PG_HOST,
            "POSTGRES_PORT": str(PG_PORT),
            "POSTGRES_USER": PG_USER,
            "POSTGRES_PASSWORD": PG_PASSWORD,
            "POSTGRES_SCHEMA": schema,
        }
    finally:
        with _postgres_connection() as connection:
            connection.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
            )


@pytest.fixture
def postgres_database_env(postgres_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """As `postgres_env`, in a database of its own: PostgreSQL's NOTIFY channels are the
    database's, not a schema's, so only there does a test hear no other test's inserts."""
    database = f"test_{uuid.uuid4().hex}"
    with _postgres_connection() as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    try:
        yield {**postgres_env, "POSTGRES_DBNAME": database, "POSTGRES_SCHEMA": "public"}
    finally:
        with _postgres_connection() as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database))
            )


@pytest.fixture(scope="session")
def redis_unreachable() -> str | None:
    """Why the local Redis cannot be used, or None when it can; checked once a session."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=CONNECT_TIMEOUT)
    try:
        client.ping()
    except redis.RedisError as error:
        return f"Redis is unreachable at {REDIS_URL}: {' '.join(str(error).split())}"
    finally:
        client.close()
    return None


@pytest.fixture
def redis_url(redis_unreachable: str | None) -> str:
    """The URL of the local Redis (database 0); tests should use keys of their own."""
    if redis_unreachable is not None:
        _unavailable(redis_unreachable)
    return REDIS_URL


@pytest.fixture(scope="session")
def node_unavailable() -> str | None:
    """Why node and npm cannot be used, or None when both are on the PATH."""
    missing = [tool for tool in ("node", "npm", "npx") if shutil.which(tool) is None]
    return f"not on the PATH: {', '.join(missing)}" if missing else None


@pytest.fixture
def node(node_unavailable: str | None) -> str:
    """The path of node (npm and npx beside it on the PATH)."""
    if node_unavailable is not None:
        _unavailable(node_unavailable)
    path = shutil.which("node")
    assert path is not None
    return path


#: the system's Chromium (Debian's `chromium`; `.ci/run` installs it): Playwright drives it,
#: and never downloads a browser of its own
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def chromium_unavailable() -> str | None:
    """Why the system's Chromium cannot be used, or None when it can."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="session")
def haproxy() -> str:
    """The system's HAProxy (Debian's `haproxy`; `.ci/run` installs it), which `make
    run-prod` puts in front of its workers: absent, the test skips (fails under CI=true)."""
    path = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not os.access(path, os.X_OK):
        _unavailable("haproxy is absent: install Debian's haproxy (apt-get install -y haproxy)")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_unavailable: str | None
) -> dict[str, Any]:
    """pytest-playwright's launch options, with the system's Chromium: the browser tests skip
    (fail under CI=true) when it is absent."""
    if chromium_unavailable is not None:
        _unavailable(chromium_unavailable)
    return {**browser_type_launch_args, "executable_path": CHROMIUM}


@pytest.fixture(autouse=True)
def problem_codes_are_listed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fails a test in which an operation answered a problem code its document does not list
    on that response (tests/listed_codes.py)."""
    with recorded(monkeypatch) as met:
        yield
    off = unlisted(met)
    if off:
        pytest.fail(f"problem codes the document does not list: {sorted(set(off))}")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the tests marked `long` first, and stop the run when `xdist_group` no longer
    reaches pytest-xdist: a module whose tests go on from one another on one table would be
    split across workers and fail at random (pytest 9.2 stopped xdist 3.8 from suffixing node
    ids, which is how `--dist loadgroup` groups)."""
    # `--dist loadgroup` hands out the groups first, then single tests in this order: a long
    # one handed out last keeps one worker busy while the other has nothing left to run
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
    if not config.getoption("loadgroup", default=False):  # set in xdist's workers only
        return
    lost = [
        item.nodeid
        for item in items
        if item.get_closest_marker("xdist_group") is not None and "@" not in item.nodeid
    ]
    if lost:
        raise pytest.UsageError(
            f"pytest-xdist could not group {lost[0]} (and {len(lost) - 1} more): "
            "pin pytest and pytest-xdist to versions that keep `xdist_group` (pyproject.toml)"
        )
