#!/usr/bin/env bash
# Runs one of the repository's TypeScript entry points on Node 24, whatever Node the machine has:
#   bash scripts/node.sh <file.ts> [args...]
# The root package.json's scripts go through it (npm run bench:api, dead-letters, ...). Like
# `npm start` and `npm test` it installs Node 24 into ~/.cache/betterplus when the node on PATH is
# another version (scripts/ensure-node.sh) and dependencies when node_modules is missing or stale
# (scripts/ensure-deps.sh), then runs the file from the repository root with the arguments given.
set -euo pipefail
if (($# == 0)); then
  echo "usage: bash scripts/node.sh <file.ts> [args...]" >&2
  exit 2
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/ensure-node.sh
source scripts/ensure-node.sh
# shellcheck source=scripts/ensure-deps.sh
source scripts/ensure-deps.sh
betterplus_ensure_deps >&2
exec node "$@"
