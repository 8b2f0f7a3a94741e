#!/usr/bin/env bash
# Fails when the committed generated protocol code differs from a fresh generation.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash scripts/proto-gen.sh "$tmp" >/dev/null
if ! diff -q "$tmp/droidhub.js" hub/protocol/generated/droidhub.js >/dev/null \
  || ! diff -q "$tmp/droidhub.d.ts" hub/protocol/generated/droidhub.d.ts >/dev/null; then
  echo "proto:check: hub/protocol/generated is stale; run 'npm run proto' and commit" >&2
  exit 1
fi
echo "proto:check: generated code is up to date"
