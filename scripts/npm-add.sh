#!/usr/bin/env bash
# Add dependencies to one workspace, serialised with a lock so parallel installs never corrupt node_modules.
#   scripts/npm-add.sh @loa/api some-package [--save-dev]
set -euo pipefail
ws=$1; shift
exec flock /tmp/loa-npm.lock npm install --no-audit --no-fund -w "$ws" "$@"
