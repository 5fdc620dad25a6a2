#!/usr/bin/env bash
# make image-test: builds the image from the bare Containerfile here, where no image registry is
# reachable, and tries it as an operator would. The base is a Debian root filesystem of Essential packages and apt made
# with mmdebstrap (cached in .image/base-apt-merged-usr.tar; with apt, which the build stage uses to reach
# Debian's registry), imported into podman. This sandbox's runtime needs runc and explicit ulimits;
# those flags live here, not in the Containerfile.
set -euo pipefail
cd "$(dirname "$0")/.."
RUN_FLAGS=(--runtime runc --ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
BASE=localhost/tsjwt-base:bookworm-apt-merged-usr
TAR=.image/base-apt-merged-usr.tar
IMAGE=localhost/tsjwt:test
NAME=tsjwt-image-test-$$

if [ ! -s "$TAR" ]; then
  echo "image-test: building a Debian root filesystem (Essential packages and apt) with mmdebstrap (about 100 s, cached)"
  mkdir -p .image
  # A base as slim as bookworm-slim: no docs, manuals or locales, no apt caches, and /usr merged by
  # mmdebstrap's hook rather than the usrmerge package, which would pull in all of Perl (about 47 MB).
  mmdebstrap --variant=apt --format=tar --quiet --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
    bookworm "$TAR.tmp"
  mv "$TAR.tmp" "$TAR"
fi
podman image exists "$BASE" || podman import --quiet "$TAR" "$BASE" >/dev/null

# The bare Containerfile, as a user runs it: no staging, the build stage installs from the registries.
started=$(date +%s)
# This machine reaches the registries through a TLS-intercepting proxy whose CA it trusts; the build stage must too.
extra_ca=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)
if ! podman build --build-arg BASE_IMAGE="$BASE" --build-arg EXTRA_CA_CERTS="$extra_ca" -t "$IMAGE" . >.image/build.log 2>&1; then
  tail -n 40 .image/build.log >&2
  echo "image-test: FAIL: podman build . failed" >&2
  exit 1
fi
echo "image-test: built from the bare Containerfile in $(($(date +%s) - started)) s"

size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image-test: image size $((size / 1000000)) MB"
[ "$size" -le 250000000 ] || { echo "image-test: FAIL: image is over 250 MB" >&2; exit 1; }
user=$(podman image inspect "$IMAGE" --format '{{.Config.User}}')
[ "$user" = "10001:10001" ] || { echo "image-test: FAIL: image runs as '$user', not a non-root user" >&2; exit 1; }

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
cleanup() { podman rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT
podman run -d --name "$NAME" "${RUN_FLAGS[@]}" --read-only -p "127.0.0.1:$port:3000" "$IMAGE" >/dev/null
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
health=$(curl -fsS "http://127.0.0.1:$port/healthz")
echo "image-test: /healthz $health"
echo "$health" | grep -q '"status":"ok"' || { echo "image-test: FAIL: /healthz" >&2; podman logs "$NAME" >&2; exit 1; }
answer=$(curl -fsS "http://127.0.0.1:$port/unix-timestamp/to-utc?timestamp=1700000000&tz=Europe/Berlin")
echo "$answer" | grep -q '"iso":"2023-11-14T22:13:20Z"' || { echo "image-test: FAIL: conversion answered $answer" >&2; exit 1; }
echo "image-test: conversion ok"
# The playground, as make build left it in web/dist, with its script.
page=$(curl -fsS "http://127.0.0.1:$port/")
echo "$page" | grep -q '<label\|id="app"' || { echo "image-test: FAIL: / is not the playground" >&2; exit 1; }
script=$(echo "$page" | grep -o 'assets/[A-Za-z0-9_-]*\.js' | head -n 1)
curl -fsS -o /dev/null "http://127.0.0.1:$port/$script" || { echo "image-test: FAIL: /$script" >&2; exit 1; }
echo "image-test: playground ok (/, /$script)"

started=$(date +%s%N)
podman stop --time 10 "$NAME" >/dev/null
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
code=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
echo "image-test: stopped in ${elapsed_ms} ms with exit code $code"
[ "$code" = "0" ] || { echo "image-test: FAIL: exit code $code after SIGTERM" >&2; podman logs "$NAME" >&2; exit 1; }
[ "$elapsed_ms" -lt 10000 ] || { echo "image-test: FAIL: took ${elapsed_ms} ms to stop" >&2; exit 1; }
echo "image-test: passed"
