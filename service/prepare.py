"""`python -m service.prepare`: make a deployment ready before its workers start.

Several uvicorn workers starting at once on a fresh deployment would race twice: each would
generate a server key of its own into the data directory (and tables created by one worker
would refuse the credentials another one hands out), and each would run the event store's DDL
(PostgreSQL fails one of several concurrent `CREATE ... IF NOT EXISTS` or `CREATE OR REPLACE
FUNCTION` with `tuple concurrently updated`). Run once, before the workers (`make run-prod`
and `python -m service` do), this generates or checks the key, creates the PostgreSQL
database and schema when they are missing, and creates the store's tables (the analytics
read model's too); workers never
create PostgreSQL's (`Settings.event_store_env`), they only use what is there.
"""

from __future__ import annotations

import sys

import psycopg
from psycopg import sql

from domain.application import Tables
from service.analytics import open_view
from service.settings import Settings


def _connect(settings: Settings, dbname: str) -> psycopg.Connection:
    return psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        user=settings.postgres_user,
        password=settings.postgres_password,
        dbname=dbname,
        connect_timeout=5,
        autocommit=True,
    )


def _ensure_database(settings: Settings) -> list[str]:
    """Create the configured database (from the maintenance database) and schema if missing."""
    done: list[str] = []
    assert settings.postgres_db is not None
    with _connect(settings, "postgres") as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (settings.postgres_db,)
        ).fetchone()
        if not exists:
            connection.execute(
                sql.SQL("CREATE DATABASE {}").format(sql.Identifier(settings.postgres_db))
            )
            done.append(f"created database {settings.postgres_db!r}")
    if settings.postgres_schema:
        with _connect(settings, settings.postgres_db) as connection:
            connection.execute(
                sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(
                    sql.Identifier(settings.postgres_schema)
                )
            )
    return done


def prepare(settings: Settings) -> list[str]:
    """Key, database and store tables ready; returns what it did, for the operator."""
    done: list[str] = []
    if settings.secret_key_hex is None and not (settings.data_dir / "secret.key").exists():
        done.append(f"generated the server key into {settings.data_dir / 'secret.key'}")
    key = settings.secret_key()
    if settings.postgres_db:
        done += _ensure_database(settings)
    tables = Tables(settings.event_store_env(create_tables=True), server_key=key)
    open_view(tables, create_tables=True).close()
    tables.close()
    return done


def main() -> None:
    settings = Settings.from_env()
    try:
        done = prepare(settings)
    except Exception as error:
        print(f"saloon: cannot prepare the deployment: {error}", file=sys.stderr)
        raise SystemExit(1) from None
    store = (
        f"PostgreSQL database {settings.postgres_db!r} at "
        f"{settings.postgres_host}:{settings.postgres_port}"
        if settings.postgres_db
        else f"SQLite in {settings.data_dir}"
    )
    for line in [*done, f"the event store is ready: {store}"]:
        print(f"saloon: {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
