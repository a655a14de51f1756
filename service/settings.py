"""Configuration from environment variables, read once at start-up."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from service.private_files import private_file, private_folder


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    #: where the embedded defaults keep their files
    data_dir: Path = Path("var")
    #: a PostgreSQL DSN-less configuration: set SALOON_POSTGRES_DB to use PostgreSQL
    postgres_db: str | None = None
    postgres_host: str = "127.0.0.1"
    postgres_port: int = 5432
    postgres_user: str = "postgres"
    postgres_password: str = ""
    #: a schema of its own in that database (tests, several deployments side by side)
    postgres_schema: str | None = None
    #: Redis for live events across worker processes; None: in-process fan-out only
    redis_url: str | None = None
    #: the Redis keys of this deployment start with this (several can share one Redis)
    redis_prefix: str = "saloon:"
    #: the key every table's shuffle seed is derived from (hex); generated into
    #: data_dir/secret.key on first run when not given
    secret_key_hex: str | None = None
    #: seconds to wait for a PostgreSQL connection before the store counts as unavailable
    #: (whole seconds; eventsourcing retries a failed store call ten times before giving up)
    postgres_connect_timeout: int = 2
    #: the largest request body accepted (bytes); larger ones get 413
    max_body_bytes: int = 64 * 1024
    #: commands per second per seat, per process (token bucket); 0: no limit
    commands_per_second: float = 20.0
    #: how many commands a seat may send at once before the rate applies
    commands_burst: int = 40
    #: open event streams per seat, per process
    streams_per_seat: int = 4
    #: open event streams of all the seats of a table, per process
    streams_per_table: int = 32
    #: the level of the JSON logs on stderr
    log_level: str = "INFO"
    #: where the analytics read model is kept up to date: `inline`, in the server's process,
    #: or `external`, by `python -m service.analytics`; unset, inline on SQLite (`make run`)
    #: and external on PostgreSQL (several workers; `make run-prod` starts that process)
    analytics: str | None = None
    #: the operator's bearer token (exports, stats); None: the operator's endpoints are absent
    operator_token: str | None = None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if environ is None else environ)
        return cls(
            host=env.get("SALOON_HOST", cls.host),
            port=int(env.get("SALOON_PORT", cls.port)),
            data_dir=Path(env.get("SALOON_DATA_DIR", str(cls.data_dir))),
            postgres_db=env.get("SALOON_POSTGRES_DB") or None,
            postgres_host=env.get("SALOON_POSTGRES_HOST", cls.postgres_host),
            postgres_port=int(env.get("SALOON_POSTGRES_PORT", cls.postgres_port)),
            postgres_user=env.get("SALOON_POSTGRES_USER", cls.postgres_user),
            postgres_password=env.get("SALOON_POSTGRES_PASSWORD", cls.postgres_password),
            postgres_schema=env.get("SALOON_POSTGRES_SCHEMA") or None,
            redis_url=env.get("SALOON_REDIS_URL") or None,
            redis_prefix=env.get("SALOON_REDIS_PREFIX", cls.redis_prefix),
            secret_key_hex=env.get("SALOON_SECRET_KEY") or None,
            postgres_connect_timeout=int(
                env.get("SALOON_POSTGRES_CONNECT_TIMEOUT", cls.postgres_connect_timeout)
            ),
            max_body_bytes=int(env.get("SALOON_MAX_BODY_BYTES", cls.max_body_bytes)),
            commands_per_second=float(
                env.get("SALOON_COMMANDS_PER_SECOND", cls.commands_per_second)
            ),
            commands_burst=int(env.get("SALOON_COMMANDS_BURST", cls.commands_burst)),
            streams_per_seat=int(env.get("SALOON_STREAMS_PER_SEAT", cls.streams_per_seat)),
            streams_per_table=int(env.get("SALOON_STREAMS_PER_TABLE", cls.streams_per_table)),
            log_level=env.get("SALOON_LOG_LEVEL", cls.log_level).upper(),
            analytics=env.get("SALOON_ANALYTICS") or None,
            operator_token=env.get("SALOON_OPERATOR_TOKEN") or None,
        )

    @property
    def analytics_inline(self) -> bool:
        """Whether this process keeps the analytics read model up to date."""
        return self.analytics == "inline" if self.analytics else not self.postgres_db

    def event_store_env(self, *, create_tables: bool = False) -> dict[str, str]:
        """The eventsourcing environment: PostgreSQL when configured, else a SQLite file.

        PostgreSQL's tables are created by `service.prepare` alone (`create_tables`), never
        by a worker: workers starting together would run the same DDL at once, and
        PostgreSQL fails one of them (`tuple concurrently updated`). A SQLite file runs its
        DDL under its own lock, one process after the other, so the app creates it there.
        """
        if self.postgres_db:
            return {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
                "CREATE_TABLE": "true" if create_tables else "false",
                "POSTGRES_DBNAME": self.postgres_db,
                "POSTGRES_HOST": self.postgres_host,
                "POSTGRES_PORT": str(self.postgres_port),
                "POSTGRES_USER": self.postgres_user,
                "POSTGRES_PASSWORD": self.postgres_password,
                "POSTGRES_CONNECT_TIMEOUT": str(self.postgres_connect_timeout),
                **({"POSTGRES_SCHEMA": self.postgres_schema} if self.postgres_schema else {}),
            }
        database = private_file(private_folder(self.data_dir) / "saloon.sqlite3")
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(database),
            "SQLITE_LOCK_TIMEOUT": "10",
        }

    def secret_key(self) -> bytes:
        """The server key: configured, or generated once into the data directory."""
        if self.secret_key_hex:
            return bytes.fromhex(self.secret_key_hex)
        path = private_file(private_folder(self.data_dir) / "secret.key")
        if not path.read_text().strip():  # created just now
            path.write_text(secrets.token_hex(32))
        return bytes.fromhex(path.read_text().strip())
