# Every target installs what it needs first, the Node 26 runtime included
# (the `node` npm package puts it in node_modules/.bin, first on npm scripts' PATH).
SHELL := /bin/bash
.DEFAULT_GOAL := help
# No built-in implicit rules: make would otherwise look for a way to remake every source file (from RCS,
# SCCS, yacc…) on each run, about 25 ms of every make now.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
INSTALLED := node_modules/.installed

BUILT := dist/.built
# Every file under these directories that matches a pattern, found by make itself rather than a shell and find.
rwildcard = $(foreach entry,$(wildcard $(1:=/*)),$(call rwildcard,$(entry),$(2)) $(filter $(2),$(entry)))
SOURCES := $(call rwildcard,src client/src web/src,%.ts %.tsx %.css) web/index.html web/vite.config.ts tsconfig.json tsconfig.build.json

.PHONY: help install run dev build test lint typecheck check mutation bench bench-memory clean screenshots now to-utc to-unix identify format diff add decode verify claims inspect-key validate sign identify-token verify-token image image-test

help:
	@echo "make run        build and start the service on PORT (default 3000), in-memory limiter"
	@echo "make test       run the whole test suite"
	@echo "make dev        start with reload on change"
	@echo "make lint | typecheck | build | bench | bench-memory | mutation | image | image-test | screenshots | clean"
	@echo "Local commands, no server needed (tsjwt --help says what each does; [ ] is optional):"
	@echo "  make now [ZONE=]"
	@echo "  make to-utc TIMESTAMP= [UNIT= ZONE=]"
	@echo "  make to-unix DATETIME= [ZONE= DISAMBIGUATION=]"
	@echo "  make identify VALUE= [FORMAT= ZONE= DISAMBIGUATION=]"
	@echo "  make format VALUE= | TIMESTAMP= | DATETIME= [UNIT= ZONE= DISAMBIGUATION=]"
	@echo "  make diff FROM= TO= [UNIT= ZONE= DISAMBIGUATION= LARGEST_UNIT=]"
	@echo "  make add FROM= DURATION= [UNIT= ZONE= DISAMBIGUATION= OVERFLOW=]"
	@echo "  make decode TOKEN= [CHECK_SECRETS=true]"
	@echo "  make verify TOKEN= [ISSUER= AUDIENCE= ALGORITHMS= CLOCK_TOLERANCE=] < key-or-secret"
	@echo "  make claims [NAME= VENDOR=]"
	@echo "  make inspect-key [TOKEN=] < key.pem"
	@echo "  make validate TOKEN= [PROFILE= ISSUER= AUDIENCE= NONCE= ACCESS_TOKEN= CODE= STATE= MAX_AGE= HTM= HTU= JKT= CLOCK_TOLERANCE=] [< key]"
	@echo "  make sign [PAYLOAD= HEADER= TOKEN= SET= UNSET= ALG= GENERATE=true RETURN_PRIVATE_KEY=true EXPIRES_IN= NOT_BEFORE_IN= ISSUED_AT=true] < key-or-secret"
	@echo "  make identify-token [FORMAT= ZONE=] < value.txt"
	@echo "  make verify-token FORMAT= [SALT= KEY_DERIVATION= DIGEST= MAX_AGE= IMPLICIT_ASSERTION=] < value-line-then-key-or-secret"

$(INSTALLED): package.json package-lock.json
	# Building needs the dev dependencies (TypeScript, types) whatever NODE_ENV says; the image installs only runtime ones.
	npm ci --include=dev --no-audit --no-fund
	npm run -s check-node
	@touch $@

install: $(INSTALLED)

$(BUILT): $(INSTALLED) $(SOURCES)
	npm run -s build
	@touch $@

build: $(BUILT)

run: $(BUILT)
	npm run -s start

# Local conversions through the command-line adapter: same core, same JSON, no server, no rate limit.
# One target a catalog operation, one variable an input field (upper snake case; ZONE for tz, since TZ is
# the C library's); test/process/makefile.test.ts fails when a target, a variable or a help line is missing.
# Values reach the CLI through the environment ("$$VAR"), never spliced into the shell line, so quotes,
# spaces and backquotes are safe (make exports variables given on its command line; it expands a $ in them).
# A key or a secret comes on standard input only, never in a variable that shell history keeps.
# GNU make exits 2 whenever a recipe fails, so the CLI's own exit code (1 invalid input, 2 bad usage)
# is printed; `node dist/cli.js …` and the tsjwt bin return it as is.
CLI := node_modules/.bin/node dist/cli.js
KEEP_CODE := || { code=$$?; echo "tsjwt exited with $$code" >&2; exit $$code; }
now: $(BUILT)
	@$(CLI) now $${ZONE:+--tz "$$ZONE"} $(KEEP_CODE)

to-utc: $(BUILT)
	@$(CLI) to-utc "$$TIMESTAMP" $${UNIT:+--unit "$$UNIT"} $${ZONE:+--tz "$$ZONE"} $(KEEP_CODE)

to-unix: $(BUILT)
	@$(CLI) to-unix "$$DATETIME" $${ZONE:+--tz "$$ZONE"} $${DISAMBIGUATION:+--disambiguation "$$DISAMBIGUATION"} $(KEEP_CODE)

identify: $(BUILT)
	@$(CLI) identify "$$VALUE" $${FORMAT:+--format "$$FORMAT"} $${ZONE:+--tz "$$ZONE"} $${DISAMBIGUATION:+--disambiguation "$$DISAMBIGUATION"} $(KEEP_CODE)

# VALUE is TIMESTAMP when it is an optional sign and digits, else DATETIME.
format: $(BUILT)
	@if [[ "$$VALUE" =~ ^[[:space:]]*[+-]?[0-9]+[[:space:]]*$$ ]]; then TIMESTAMP=$$VALUE; elif [[ -n "$$VALUE" ]]; then DATETIME=$$VALUE; fi; \
		$(CLI) format $${TIMESTAMP:+--timestamp "$$TIMESTAMP"} $${DATETIME:+--datetime "$$DATETIME"} $${UNIT:+--unit "$$UNIT"} $${ZONE:+--tz "$$ZONE"} \
		$${DISAMBIGUATION:+--disambiguation "$$DISAMBIGUATION"} $(KEEP_CODE)

diff: $(BUILT)
	@$(CLI) diff "$$FROM" "$$TO" $${UNIT:+--unit "$$UNIT"} $${ZONE:+--tz "$$ZONE"} $${DISAMBIGUATION:+--disambiguation "$$DISAMBIGUATION"} \
		$${LARGEST_UNIT:+--largest-unit "$$LARGEST_UNIT"} $(KEEP_CODE)

add: $(BUILT)
	@$(CLI) add "$$FROM" "$$DURATION" $${UNIT:+--unit "$$UNIT"} $${ZONE:+--tz "$$ZONE"} $${DISAMBIGUATION:+--disambiguation "$$DISAMBIGUATION"} \
		$${OVERFLOW:+--overflow "$$OVERFLOW"} $(KEEP_CODE)

decode: $(BUILT)
	@$(CLI) decode "$$TOKEN" $${CHECK_SECRETS:+--check-secrets="$$CHECK_SECRETS"} $(KEEP_CODE)

verify: $(BUILT)
	@$(CLI) verify "$$TOKEN" $${ISSUER:+--issuer "$$ISSUER"} $${AUDIENCE:+--audience "$$AUDIENCE"} \
		$${ALGORITHMS:+--algorithms "$$ALGORITHMS"} $${CLOCK_TOLERANCE:+--clock-tolerance "$$CLOCK_TOLERANCE"} $(KEEP_CODE)

claims: $(BUILT)
	@$(CLI) claims $${NAME:+--name "$$NAME"} $${VENDOR:+--vendor "$$VENDOR"} $(KEEP_CODE)

# make validate TOKEN="$(cat id_token.txt)" PROFILE=oidc_id_token < key.pem; the key (a public key, or an oct JWK
# for an HMAC token) comes on standard input only, and checks the signature rule.
validate: $(BUILT)
	@$(CLI) validate "$$TOKEN" $${PROFILE:+--profile "$$PROFILE"} $${ISSUER:+--issuer "$$ISSUER"} $${AUDIENCE:+--audience "$$AUDIENCE"} \
		$${NONCE:+--nonce "$$NONCE"} $${ACCESS_TOKEN:+--access-token "$$ACCESS_TOKEN"} $${CODE:+--code "$$CODE"} $${STATE:+--state "$$STATE"} \
		$${MAX_AGE:+--max-age "$$MAX_AGE"} $${HTM:+--htm "$$HTM"} $${HTU:+--htu "$$HTU"} $${JKT:+--jkt "$$JKT"} \
		$${CLOCK_TOLERANCE:+--clock-tolerance "$$CLOCK_TOLERANCE"} $(KEEP_CODE)

# make inspect-key TOKEN="$(cat token.txt)" < jwks.json
inspect-key: $(BUILT)
	@$(CLI) inspect-key $${TOKEN:+--token "$$TOKEN"} $(KEEP_CODE)

# make sign PAYLOAD='{"sub":"1"}' EXPIRES_IN=PT1H < key.pem; the JSON members (PAYLOAD, HEADER, SET, UNSET,
# GENERATE, RETURN_PRIVATE_KEY, ISSUED_AT) take JSON: GENERATE=true.
sign: $(BUILT)
	@$(CLI) sign $${PAYLOAD:+--payload "$$PAYLOAD"} $${HEADER:+--header "$$HEADER"} $${TOKEN:+--token "$$TOKEN"} $${SET:+--set "$$SET"} \
		$${UNSET:+--unset "$$UNSET"} $${ALG:+--alg "$$ALG"} $${GENERATE:+--generate="$$GENERATE"} \
		$${RETURN_PRIVATE_KEY:+--return-private-key="$$RETURN_PRIVATE_KEY"} $${EXPIRES_IN:+--expires-in "$$EXPIRES_IN"} \
		$${NOT_BEFORE_IN:+--not-before-in "$$NOT_BEFORE_IN"} $${ISSUED_AT:+--issued-at="$$ISSUED_AT"} $(KEEP_CODE)

# make identify-token < value.txt: a token or credential comes on standard input only, as a key does.
identify-token: $(BUILT)
	@$(CLI) identify-token $${FORMAT:+--format "$$FORMAT"} $${ZONE:+--tz "$$ZONE"} $(KEEP_CODE)

# make verify-token FORMAT=flask_session MAX_AGE=3600 < file: the value on the first line, the secret or key after it.
verify-token: $(BUILT)
	@$(CLI) verify-token $${FORMAT:+--format "$$FORMAT"} $${SALT:+--salt "$$SALT"} $${KEY_DERIVATION:+--key-derivation "$$KEY_DERIVATION"} \
		$${DIGEST:+--digest "$$DIGEST"} $${MAX_AGE:+--max-age "$$MAX_AGE"} $${IMPLICIT_ASSERTION:+--implicit-assertion "$$IMPLICIT_ASSERTION"} \
		$(KEEP_CODE)

# The playground is built once first (web/dist); the server reloads on change, the page does not.
dev: $(INSTALLED)
	npm run -s build:web
	npm run -s dev

test: $(INSTALLED)
	npm run -s test

lint: $(INSTALLED)
	npm run -s lint

typecheck: $(INSTALLED)
	npm run -s typecheck

check: lint typecheck test

# Stryker over src/core and the HTTP and API adapters, then the per-part targets (docs/testing.md).
# Many minutes on two cores: not part of .ci/run.
mutation: $(INSTALLED)
	npm run -s mutation

bench-memory: $(INSTALLED)
	npm run -s bench:memory
TASKSET = $(shell command -v taskset >/dev/null 2>&1 && echo "taskset -c 1")

# Service vs bare Express vs bare node:http, JWT inspection per token, identify per call, /token/identify and
# /token/verify per call, a flood against
# the Redis limiter, the memory bound, then local mode in Debian's Chromium;
# rewrites docs/benchmarks.md, and measures the capacity model into docs/capacity.md.
# The HTTP load generator is Debian's wrk, installed here if it is missing (bench/run.ts falls back to autocannon).
bench: $(BUILT)
	@command -v wrk >/dev/null 2>&1 || { echo "Installing Debian's wrk for the HTTP benchmark"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	$(TASKSET) npm run -s bench:http
	$(TASKSET) npm run -s bench:jwt
	$(TASKSET) npm run -s bench:keys
	$(TASKSET) npm run -s bench:profiles
	npm run -s bench:sign
	$(TASKSET) npm run -s bench:identify
	$(TASKSET) npm run -s bench:tokens
	$(TASKSET) npm run -s bench:time
	$(TASKSET) npm run -s bench:capacity
	npm run -s bench:cli
	npm run -s bench:flood
	npm run -s bench:memory
	npm run -s bench:cpu
	npm run -s bench:local

# The container image, with podman or docker, whichever is present: the Containerfile builds from the sources.
image:
	$$(command -v podman || command -v docker) build -t timestamp-jwt-service:$$(sed -n 's/^  "version": "\(.*\)",$$/\1/p' package.json) .

# Builds and tries the image here, with no registry: a Debian base from mmdebstrap, podman, runc.
image-test: $(INSTALLED)
	scripts/image-test.sh

# The README's pictures of the playground, in Debian's Chromium (apt-get install chromium).
screenshots: $(BUILT)
	npm run -s screenshots

clean:
	rm -rf dist node_modules client/dist web/dist
