"""Structured logs: one JSON object per line on stderr, stdlib logging only.

Three kinds of lines: `command` (one per command request: table, seat, command type,
outcome and latency), `error` (one per failed request that is not a command) and `exception`
(one per unexpected failure or unreachable store: the exception's type and where it was
raised). They never carry a credential, a card, the body
of a request or an exception's message, which could name a hidden card.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import traceback
from typing import Any

LOGGER = "saloon"
#: the attributes every LogRecord has; anything else was passed in `extra` and is a field
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, event, then the `extra` fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        return json.dumps(line, default=str, separators=(",", ":"))


class StderrHandler(logging.StreamHandler[Any]):
    """Writes to whatever sys.stderr is at the time of the record (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self.setFormatter(JsonFormatter())

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, _: Any) -> None:
        pass


def configure_logging(level: str = "INFO") -> None:
    """JSON lines on stderr for the service's logger; idempotent (several apps per process)."""
    logger = logging.getLogger(LOGGER)
    logger.setLevel(level)
    logger.propagate = False
    if not any(isinstance(handler, StderrHandler) for handler in logger.handlers):
        logger.addHandler(StderrHandler())


#: looked up once: `logging.getLogger` takes the module's lock on every call, and every command
#: asks for the logger
_LOGGER = logging.getLogger(LOGGER)


def logger() -> logging.Logger:
    return _LOGGER


def frames(error: BaseException) -> list[str]:
    """Where an exception was raised, as `file:line in function`: no message, no values."""
    return [
        f"{frame.filename}:{frame.lineno} in {frame.name}"
        for frame in traceback.extract_tb(error.__traceback__)
    ][-8:]


def log_unexpected(request: Any, error: BaseException, level: str = "error") -> None:
    """One line for a failure the service did not expect (or a store it cannot reach)."""
    getattr(logger(), level)(
        "exception",
        extra={
            "method": request.method,
            "path": request.url.path,
            "error": type(error).__name__,
            "where": frames(error),
        },
    )
