#!/usr/bin/env bash
# buf breaking against the previous state of main (or BUF_BREAKING_BASE): skipped cleanly when
# there is no base commit (first commit, shallow clone) or the base has no protos yet.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
BASE="${BUF_BREAKING_BASE:-HEAD~1}"
if ! SHA=$(git rev-parse --verify --quiet "${BASE}^{commit}"); then
  echo "buf breaking: skipped: base '${BASE}' not found (first commit or shallow clone)"; exit 0
fi
base_files=$(git ls-tree -r --name-only "$SHA" -- protos/)
if ! grep -q '\.proto$' <<<"$base_files"; then
  echo "buf breaking: skipped: no protos in base ${SHA:0:12}"; exit 0
fi
npx --no-install buf breaking protos --against ".git#ref=${SHA},subdir=protos"
echo "buf breaking: no breaking change against ${SHA:0:12}"
