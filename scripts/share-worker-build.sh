#!/usr/bin/env bash
# Builds the share worker for wrangler: syumai/workers' JS glue
# (worker.mjs, runtime.mjs, its patched wasm_exec.js) and the Go handler as
# app.wasm in bin/share-worker, and the _headers file of the static
# directory (default static/) for Workers static assets.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
out=bin/share-worker
assets=${SHARE_ASSETS_DIR:-static}

"$GO" run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$out"
GOOS=js GOARCH=wasm "$GO" build -trimpath -ldflags='-s -w' -o "$out/app.wasm" ./wasm/share
mkdir -p "$assets"
"$GO" run ./scripts/share-headers "$assets"
echo "share worker: $out/app.wasm ($(du -h "$out/app.wasm" | cut -f1)), headers: $assets/_headers"
