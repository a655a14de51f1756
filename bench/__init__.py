"""Benchmarks: `make bench` prints one `name: value unit` line per figure."""
