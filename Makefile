# Two commands do all the set-up on a fresh machine with only Python: `make run`, `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: install run run-prod test bench lint format openapi clean

# `make run-prod`: the production configuration, WORKERS uvicorn processes on the local
# PostgreSQL and Redis; each SALOON_* variable of the environment wins over these defaults
WORKERS ?= 2
SALOON_HOST ?= 127.0.0.1
SALOON_PORT ?= 8000
SALOON_POSTGRES_DB ?= saloon
SALOON_REDIS_URL ?= redis://127.0.0.1:6379/0
PROD_ENV = SALOON_POSTGRES_DB=$(SALOON_POSTGRES_DB) SALOON_REDIS_URL=$(SALOON_REDIS_URL)

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(INSTALLED)

install: $(INSTALLED)

run: $(INSTALLED)  ## the server on the embedded SQLite default, 127.0.0.1:8000
	$(BIN)/python -m service

# service.prepare first: the server key, the database and the store's tables, once, so the
# workers never race to create them (and all derive the same credentials); then the
# analytics projection as a process of its own (stopped with the workers), the workers only
# reading its view
run-prod: $(INSTALLED)  ## WORKERS processes on PostgreSQL + Redis, SALOON_HOST:SALOON_PORT
	$(PROD_ENV) $(BIN)/python -m service.prepare
	$(PROD_ENV) $(BIN)/python -m service.analytics & projection=$$!; \
	trap 'kill $$projection' EXIT; \
	$(PROD_ENV) $(BIN)/uvicorn --factory service.app:create_app \
		--workers $(WORKERS) --host $(SALOON_HOST) --port $(SALOON_PORT)

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
