#!/usr/bin/env bash
# Commit only the given paths, serialised with a lock so parallel work never races on the git index.
#   scripts/commit.sh "feat(tts): message" path/one path/two
set -euo pipefail
msg=$1; shift
[ $# -gt 0 ] || { echo "usage: scripts/commit.sh MESSAGE PATH..." >&2; exit 2; }
exec flock /tmp/loa-git.lock bash -c 'msg=$1; shift; git add -A -- "$@" && git commit -q -m "$msg" -- "$@" && git log --oneline -1' _ "$msg" "$@"
