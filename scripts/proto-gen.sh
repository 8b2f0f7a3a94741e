#!/usr/bin/env bash
# Regenerates the protobufjs static code from proto/. The output is committed; proto-check.sh
# fails CI when it drifts.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-hub/protocol/generated}"
mkdir -p "$out"
npx pbjs -t static-module -w es6 --no-beautify --force-number --no-verify --no-delimited --no-service \
  -o "$out/droidhub.js" proto/droidhub/v1/*.proto
# Node's ESM loader needs the file extension; protobufjs ships minimal.js without an exports map entry.
sed -i 's#from "protobufjs/minimal"#from "protobufjs/minimal.js"#' "$out/droidhub.js"
npx pbts --no-comments -o "$out/droidhub.d.ts" "$out/droidhub.js"
sed -i 's#from "protobufjs"#from "protobufjs/minimal.js"#' "$out/droidhub.d.ts"
