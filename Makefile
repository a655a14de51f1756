# Two commands do all the set-up on a fresh machine with only Python: `make run`, `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: install run test bench lint format openapi clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(INSTALLED)

install: $(INSTALLED)

run: $(INSTALLED)  ## the server on the embedded SQLite default, 127.0.0.1:8000
	$(BIN)/python -m service

test: $(INSTALLED)
	$(BIN)/pytest

bench: $(INSTALLED)
	$(BIN)/python -m bench

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(INSTALLED)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

openapi: $(INSTALLED)
	$(BIN)/python -m service.openapi openapi/openapi.json

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache .hypothesis
