# Every target installs what it needs first, the Node 24 runtime included
# (the `node` npm package puts it in node_modules/.bin, first on npm scripts' PATH).
SHELL := /bin/bash
.DEFAULT_GOAL := help
INSTALLED := node_modules/.installed

.PHONY: help install run dev build test lint typecheck check bench bench-memory clean

help:
	@echo "make run        build and start the service on PORT (default 3000), in-memory limiter"
	@echo "make test       run the whole test suite"
	@echo "make dev        start with reload on change"
	@echo "make lint | typecheck | build | bench | bench-memory | clean"

$(INSTALLED): package.json package-lock.json
	npm ci --no-audit --no-fund
	npm run -s check-node
	@touch $@

install: $(INSTALLED)

build: $(INSTALLED)
	npm run -s build

run: build
	npm run -s start

dev: $(INSTALLED)
	npm run -s dev

test: $(INSTALLED)
	npm run -s test

lint: $(INSTALLED)
	npm run -s lint

typecheck: $(INSTALLED)
	npm run -s typecheck

check: lint typecheck test

bench-memory: $(INSTALLED)
	npm run -s bench:memory

bench: bench-memory

clean:
	rm -rf dist node_modules
