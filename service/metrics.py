"""Prometheus metrics of one app, in a registry of its own (several apps share a process in
tests; the library's global registry would make their series collide)."""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

#: command latencies, in seconds (Prometheus' base unit); a command is a few milliseconds
#: on SQLite, tens on PostgreSQL under load
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.commands = Counter(
            "saloon_commands",
            "Command requests, by command type and outcome (ok, or the problem code)",
            ["command", "outcome"],
            registry=self.registry,
        )
        self.command_seconds = Histogram(
            "saloon_command_duration_seconds",
            "Time to answer a command request, by command type",
            ["command"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.analytics_lag = Gauge(
            "saloon_analytics_lag_events",
            "Events recorded in the log that the analytics read model has not counted yet",
            registry=self.registry,
        )
        self.open_streams = Gauge(
            "saloon_open_streams",
            "Event streams (SSE) open in this process",
            registry=self.registry,
        )

        #: the series of each (command, outcome), looked up once: `labels()` checks and
        #: copies its arguments on every call, on the path of every command
        self._series: dict[tuple[str, str], tuple[Any, Any]] = {}

    def command(self, command: str, outcome: str, seconds: float) -> None:
        series = self._series.get((command, outcome))
        if series is None:
            series = (self.commands.labels(command, outcome), self.command_seconds.labels(command))
            self._series[(command, outcome)] = series
        counted, timed = series
        counted.inc()
        timed.observe(seconds)


def metrics_of(app: Any) -> Metrics:
    metrics: Metrics = app.state.metrics
    return metrics
