#!/usr/bin/env bash
# The test command (`npm test`): runs every test file of the repository with node's built-in test
# runner in one invocation, and ends with one line `N passed, N failed, N skipped`.
#
#   npm test                          all tests
#   npm test -- services/identity     only test files under these paths (or these files)
#   npm test -- --test-name-pattern=x arguments starting with -- go to `node --test`
#
# Test files: services/*/test/**/*.test.ts, gateway/test/**/*.test.ts, web/test/**/*.test.ts,
# web/src/**/*.test.tsx (the component tests beside the pages), deploy/*/test/**/*.test.ts,
# proto/test/**/*.test.ts. Every file runs with web/test/support/register.ts imported first, which
# lets node load the web app's .tsx and CSS as Vite does (and leaves every other file alone).
# Tests that need infrastructure read DATABASE_URL, REDIS_URL, KAFKA_BROKERS from the environment
# themselves (see deploy/local-infra/up.sh); this script passes the environment through. When none
# is set and a container engine answers, scripts/test-infrastructure.ts starts the three in
# containers for the run (testcontainers; BETTERPLUS_TESTCONTAINERS=0 turns that off).
# Env:
#   BETTERPLUS_TEST_COUNTS        also write the counts there as JSON {"passed","failed","skipped"}
#   BETTERPLUS_TEST_CONCURRENCY   test files run at once (default 2)
#   BETTERPLUS_TEST_WALL_SECONDS  stop the whole run after this long (default under CI: 2700)
# Exits non-zero when a test failed or when no test ran.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/ensure-node.sh
source scripts/ensure-node.sh
# shellcheck source=scripts/ensure-deps.sh
source scripts/ensure-deps.sh
betterplus_ensure_deps

counts_out="${BETTERPLUS_TEST_COUNTS:-}"
failures=() # "file: test name" of each failed test, from the count reporter
finish() { # finish PASSED FAILED SKIPPED
  if [[ -n "$counts_out" ]]; then
    mkdir -p "$(dirname "$counts_out")"
    printf '{"passed":%d,"failed":%d,"skipped":%d}\n' "$1" "$2" "$3" >"$counts_out"
    if ((${#failures[@]})); then printf '%s\n' "${failures[@]}" >"$counts_out.failures"; fi
  fi
  local f
  for f in "${failures[@]}"; do echo "failed: $f"; done
  echo "$1 passed, $2 failed, $3 skipped"
  if (($2 > 0 || $1 + $2 == 0)); then
    exit 1
  fi
  exit 0
}

# --- which files ---
shopt -s globstar nullglob
all=()
for f in services/*/test/**/*.test.ts gateway/test/**/*.test.ts web/test/**/*.test.ts web/src/**/*.test.tsx \
  deploy/*/test/**/*.test.ts proto/test/**/*.test.ts; do
  [[ "$f" == */node_modules/* ]] && continue
  all+=("$f")
done

node_args=()
filters=()
for a in "$@"; do
  if [[ "$a" == --* ]]; then
    node_args+=("$a")
  else
    a="${a#./}"
    a="${a%/}"
    filters+=("$a")
  fi
done

files=()
if ((${#filters[@]})); then
  for f in "${all[@]}"; do
    for p in "${filters[@]}"; do
      if [[ "$f" == "$p" || "$f" == "$p"/* ]]; then
        files+=("$f")
        break
      fi
    done
  done
  # A filter naming a test file outside the usual places runs it too.
  for p in "${filters[@]}"; do
    if [[ -f "$p" && ("$p" == *.test.ts || "$p" == *.test.tsx) ]]; then
      seen=0
      for f in "${files[@]}"; do [[ "$f" == "$p" ]] && seen=1; done
      ((seen)) || files+=("$p")
    fi
  done
else
  files=("${all[@]}")
fi

if ((${#files[@]} == 0)); then
  if ((${#filters[@]})); then
    echo "No test files found matching: ${filters[*]}"
  else
    echo "No test files found."
  fi
  finish 0 0 0
fi

# The archive's passage vectors, embedded once for the machine before test files start chat two at
# a time (each would otherwise run the model over the whole archive at once): a second when warm.
for f in "${files[@]}"; do
  if [[ "$f" == services/chat/* || "$f" == deploy/* ]]; then
    node services/chat/bin/embed-knowledge.ts
    break
  fi
done

echo "Running ${#files[@]} test file(s) with $(node --version)"

# --- run ---
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
counts_json="$tmp/counts.json"
# Under CI (or when asked) a wall-clock limit, so that a hung test fails the run rather than eating
# CI's time. Not at a terminal: timeout(1) moves the run out of the terminal's process group, where
# Ctrl-C would no longer reach it.
limit=()
if [[ -n "${BETTERPLUS_TEST_WALL_SECONDS:-}" || -n "${CI:-}" ]]; then
  limit=(timeout --signal=TERM --kill-after=30 "${BETTERPLUS_TEST_WALL_SECONDS:-2700}")
fi
rc=0
"${limit[@]}" node --test \
  --test-concurrency="${BETTERPLUS_TEST_CONCURRENCY:-2}" \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./scripts/count-reporter.ts --test-reporter-destination="$counts_json" \
  --test-global-setup=./scripts/test-infrastructure.ts \
  --import="$ROOT/web/test/support/register.ts" \
  "${node_args[@]}" "${files[@]}" || rc=$?

passed=0 failed=0 skipped=0
# shellcheck disable=SC2016 # JavaScript, not shell
if [[ -s "$counts_json" ]] &&
  mapfile -t reported < <(node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
    const c = JSON.parse(lines[lines.length - 1]);
    console.log(`${c.passed | 0} ${c.failed | 0} ${c.skipped | 0}`);
    for (const f of c.failures ?? []) console.log(f.replace(/\s+/g, " "));' "$counts_json") &&
  ((${#reported[@]})); then
  read -r passed failed skipped <<<"${reported[0]}"
  failures=("${reported[@]:1}")
else
  echo "test.sh: the test runner (exit code $rc) wrote no counts"
  passed=0 failed=0 skipped=0
fi
if ((${#limit[@]} && (rc == 124 || rc == 137))); then
  echo "test.sh: the test run took longer than ${BETTERPLUS_TEST_WALL_SECONDS:-2700}s and was stopped"
fi
if ((rc != 0 && failed == 0)); then
  echo "test.sh: node --test exited with code $rc though no failing test was counted; counting it as one failure"
  failed=1
fi
finish "$passed" "$failed" "$skipped"
