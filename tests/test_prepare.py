"""Start-up: `service.prepare` alone creates the store's tables and schema, so worker processes
starting together never run DDL at once (one died of `tuple concurrently updated` when they
did), and `python -m service` prepares before it serves."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from psycopg import sql

from service.prepare import prepare
from service.settings import Settings
from tests.live_server import TLS, free_port
from tests.workers import ROOT, SECRET_KEY, Workers, saloon_env

#: an event trigger that fails any DDL in the database it is created in
NO_DDL = """
CREATE FUNCTION refuse_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'DDL after the deployment was prepared: %', tg_tag; END $$;
CREATE EVENT TRIGGER refuse_ddl ON ddl_command_start EXECUTE FUNCTION refuse_ddl();
"""


def _connect(postgres: dict[str, str], dbname: str) -> psycopg.Connection:
    return psycopg.connect(
        host=postgres["POSTGRES_HOST"],
        port=postgres["POSTGRES_PORT"],
        user=postgres["POSTGRES_USER"],
        password=postgres["POSTGRES_PASSWORD"],
        dbname=dbname,
        autocommit=True,
    )


@pytest.fixture
def own_database(postgres_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """The local PostgreSQL, with the name of a database of the test's own that does not exist
    yet (an event trigger acts on a whole database); dropped afterwards."""
    database = f"saloon_prepare_{uuid.uuid4().hex[:12]}"
    try:
        yield {**postgres_env, "POSTGRES_DBNAME": database, "POSTGRES_SCHEMA": "deployment"}
    finally:
        with _connect(postgres_env, "postgres") as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database))
            )


@pytest.mark.postgres
def test_workers_started_together_on_a_prepared_store_run_no_ddl(
    own_database: dict[str, str], tmp_path: Path
) -> None:
    env = saloon_env(own_database, None, SECRET_KEY, tmp_path / "data")
    done = prepare(Settings.from_env(env))
    assert f"created database {own_database['POSTGRES_DBNAME']!r}" in done
    with _connect(own_database, own_database["POSTGRES_DBNAME"]) as connection:
        connection.execute(NO_DDL)

    group = Workers(3, env, tmp_path)  # started at once, as `make run-prod` starts them
    try:
        group.start_all()  # a worker that ran DDL died here (WorkerFailed, with its stderr)
        created = httpx.post(
            f"{group.url(0)}/tables",
            json={"title": "Prepared", "mayor_name": "Ana"},
            timeout=10,
            verify=TLS,
        )
        assert created.status_code == 201, created.text
        body = created.json()
        mayor = {"Authorization": f"Bearer {body['credential']}"}
        for index in range(group.count):
            ready = httpx.get(f"{group.url(index)}/health/ready", timeout=10, verify=TLS)
            assert ready.status_code == 200, (ready.text, group.stderr(index))
            read = httpx.get(
                f"{group.url(index)}/tables/{body['table_id']}", headers=mayor, verify=TLS
            )
            assert read.status_code == 200 and read.json()["version"] == 1, read.text
    finally:
        group.stop_all()


@pytest.mark.postgres
def test_python_m_service_prepares_a_fresh_database_before_it_serves(
    own_database: dict[str, str], tmp_path: Path
) -> None:
    port = free_port()
    env = os.environ | saloon_env(own_database, None, SECRET_KEY, tmp_path / "data")
    env |= {"SALOON_PORT": str(port)}
    env.pop("SALOON_REDIS_URL", None)
    log = (tmp_path / "stderr").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "service"], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, (tmp_path / "stderr").read_text()
            try:
                if httpx.get(f"{url}/health/ready", timeout=2, verify=TLS).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "stderr").read_text()
            time.sleep(0.1)
        created = httpx.post(
            f"{url}/tables", json={"title": "Here", "mayor_name": "Ana"}, verify=TLS
        )
        assert created.status_code == 201, created.text
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()
