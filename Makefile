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

# the deployment of one machine (service/deploy.py): service.prepare once (the server key, the
# database and the store's tables, so workers never race to create them), the analytics
# projection as a process of its own, WORKERS uvicorn processes on loopback ports and HAProxy
# in front on SALOON_HOST:SALOON_PORT, keeping every seat of a table on one worker
run-prod: $(INSTALLED)  ## WORKERS processes on PostgreSQL + Redis behind HAProxy, SALOON_HOST:SALOON_PORT
	$(PROD_ENV) SALOON_HOST=$(SALOON_HOST) SALOON_PORT=$(SALOON_PORT) \
		$(BIN)/python -m service.deploy --workers $(WORKERS)

# loadgroup: tests are handed out as workers free up, but the tests of a module marked
# `xdist_group` (a module whose tests go on from one another on one shared table) run together,
# in order, on one worker
test: $(INSTALLED)  ## the suite, on every core
	$(BIN)/pytest -n auto --dist loadgroup

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
