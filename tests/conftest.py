"""Fixtures for tests that need a local server: PostgreSQL and Redis.

Each is skipped, with the reason, when its server cannot be reached, except under CI=true,
where an unreachable server fails the test instead: CI must never pass by skipping.
Mark such tests with `@pytest.mark.postgres` or `@pytest.mark.redis`.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import NoReturn

import psycopg
import pytest
import redis
from psycopg import sql

POSTGRES = {
    "host": "127.0.0.1",
    "port": 5432,
    "user": "postgres",
    "password": "",
    "dbname": "test",
}
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
    return psycopg.connect(**POSTGRES, connect_timeout=CONNECT_TIMEOUT, autocommit=True)


@pytest.fixture(scope="session")
def postgres_unreachable() -> str | None:
    """Why the local PostgreSQL cannot be used, or None when it can; checked once a session."""
    try:
        with _postgres_connection() as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        where = f"{POSTGRES['host']}:{POSTGRES['port']}, database {POSTGRES['dbname']!r}"
        return f"PostgreSQL is unreachable at {where}: {error}".strip()
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
            "POSTGRES_DBNAME": POSTGRES["dbname"],
            "POSTGRES_HOST": POSTGRES["host"],
            "POSTGRES_PORT": str(POSTGRES["port"]),
            "POSTGRES_USER": POSTGRES["user"],
            "POSTGRES_PASSWORD": POSTGRES["password"],
            "POSTGRES_SCHEMA": schema,
        }
    finally:
        with _postgres_connection() as connection:
            connection.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
            )


@pytest.fixture(scope="session")
def redis_unreachable() -> str | None:
    """Why the local Redis cannot be used, or None when it can; checked once a session."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=CONNECT_TIMEOUT)
    try:
        client.ping()
    except redis.RedisError as error:
        return f"Redis is unreachable at {REDIS_URL}: {error}"
    finally:
        client.close()
    return None


@pytest.fixture
def redis_url(redis_unreachable: str | None) -> str:
    """The URL of the local Redis (database 0); tests should use keys of their own."""
    if redis_unreachable is not None:
        _unavailable(redis_unreachable)
    return REDIS_URL
