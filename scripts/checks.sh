#!/usr/bin/env bash
# Lint and the type-check at the same time (each runs on one core): their outputs are printed whole, one after the
# other, and the script fails when either does.
set -uo pipefail
cd "$(dirname "$0")/.."
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npm run --silent lint >"$dir/lint" 2>&1 &
lint=$!
npm run --silent typecheck >"$dir/typecheck" 2>&1 &
typecheck=$!
wait "$lint"; lint_status=$?
wait "$typecheck"; typecheck_status=$?
echo "== lint (exit $lint_status)"; cat "$dir/lint"
echo "== typecheck (exit $typecheck_status)"; cat "$dir/typecheck"
[ "$lint_status" -eq 0 ] && [ "$typecheck_status" -eq 0 ]
