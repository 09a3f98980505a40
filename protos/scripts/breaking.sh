#!/usr/bin/env bash
# buf breaking: the protos in the work tree must stay backward compatible with the protos main has
# already shipped (rules: `breaking` in protos/buf.yaml). Run by `npm run lint` in protos/.
#
# Each comparison runs `buf breaking` against the protos/ folder of one commit, taken out of git
# with `git archive` (no network, no clone). Which commits:
#   1. BUF_BREAKING_AGAINST=<git ref> (any ref or commit; BUF_BREAKING_BASE is its older name): that
#      one only, wherever HEAD is.
#   2. On a branch: the merge base of HEAD with main's history (`git merge-base HEAD <main>`, where
#      <main> is origin/main if that ref exists, else main), i.e. main's protos where the branch
#      forked. Uncommitted changes are compared too.
#   3. On main itself (HEAD is <main>'s tip or already part of it, or there is no main ref, e.g. a
#      detached CI checkout of main): the commit that was main before the push is not knowable
#      here, so the work tree is compared with every commit among the last 20 of HEAD's
#      first-parent history that touched protos/ (`git rev-list --first-parent -n 20 HEAD --
#      protos/`), each a state of the protos that main published; commits with the same .proto
#      files are compared once.
# It works in any clone: outside a git work tree, without commits, in a shallow clone (where the
# merge base or older commits may be missing), or when a ref does not exist, it prints why and
# skips that comparison instead of failing; a commit without .proto files is skipped too. Only a
# breaking change (or a buf error) fails: exit 1 after every comparison ran, with buf's findings.
set -euo pipefail

say() { echo "buf breaking: $*"; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! ROOT=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null); then
  say "skipped: $here is not in a git work tree (no history to compare with)"; exit 0
fi
# The protos folder relative to the repository root ("protos").
P=$(git -C "$here" rev-parse --show-prefix); P=${P%/}; P=${P:-.}
cd "$ROOT"
if ! HEAD_SHA=$(git rev-parse --verify --quiet 'HEAD^{commit}'); then
  say "skipped: the repository has no commit yet"; exit 0
fi
if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
  say "note: shallow clone (history of HEAD: $(git rev-list --count HEAD) commit(s)): only the commits present can be compared (git fetch --unshallow for all)"
fi

if command -v buf >/dev/null 2>&1; then
  BUF=(buf)
elif [ -x "$ROOT/node_modules/.bin/buf" ]; then
  BUF=("$ROOT/node_modules/.bin/buf")
else
  BUF=(npx --no-install buf)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cfs-buf-breaking.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# The commits to compare with, in order.
targets=()
add() { targets+=("$1"); }

against="${BUF_BREAKING_AGAINST:-${BUF_BREAKING_BASE:-}}"
if [ -n "$against" ]; then
  if sha=$(git rev-parse --verify --quiet "${against}^{commit}"); then
    say "comparing with BUF_BREAKING_AGAINST=$against"
    add "$sha"
  else
    say "skipped: BUF_BREAKING_AGAINST=$against is not a commit in this clone (missing ref, or history too shallow)"; exit 0
  fi
else
  main_ref=""
  for ref in refs/remotes/origin/main refs/heads/main; do
    if git rev-parse --verify --quiet "${ref}^{commit}" >/dev/null; then main_ref=$ref; break; fi
  done
  main_name=${main_ref#refs/remotes/}; main_name=${main_name#refs/heads/}
  on_main=true
  if [ -z "$main_ref" ]; then
    say "no origin/main or main ref: comparing with main's first-parent history as HEAD has it"
  elif [ "$(git rev-parse "${main_ref}^{commit}")" != "$HEAD_SHA" ]; then
    if base=$(git merge-base HEAD "$main_ref" 2>/dev/null); then
      if [ "$base" != "$HEAD_SHA" ]; then
        on_main=false
        say "comparing with the merge base of HEAD and $main_name"
        add "$base"
      fi
    else
      say "skipped: no merge base of HEAD and $main_name in this clone (shallow history or unrelated histories; fetch more of $main_name)"; exit 0
    fi
  fi
  if $on_main; then
    while read -r sha; do
      [ -n "$sha" ] && add "$sha"
    done < <(git rev-list --first-parent -n 20 HEAD -- "$P/" 2>/dev/null || true)
    if [ ${#targets[@]} -eq 0 ]; then say "skipped: no commit in HEAD's history touched $P/"; exit 0; fi
    say "HEAD is on ${main_name:-main}'s history: comparing with the last ${#targets[@]} first-parent commits that touched $P/"
  fi
fi

compared=0
skipped=0
failed=0
seen=" "
for sha in "${targets[@]}"; do
  label="${sha:0:12} \"$(git log -1 --format=%s "$sha" 2>/dev/null | cut -c1-50 || true)\""
  if ! listing=$(git ls-tree -r "$sha" -- "$P/" 2>/dev/null); then
    say "skipped $label: its tree is not in this clone"; skipped=$((skipped + 1)); continue
  fi
  protos=$(grep -E '\.proto$|/buf\.yaml$' <<<"$listing" || true)
  if ! grep -q '\.proto$' <<<"$protos"; then
    say "skipped $label: no .proto files in it"; skipped=$((skipped + 1)); continue
  fi
  # Same .proto files and buf.yaml as a commit compared already: nothing new to learn.
  key=$(git hash-object --stdin <<<"$protos")
  case "$seen" in *" $key "*) say "same .proto files as a commit compared already: ${sha:0:12}"; continue ;; esac
  seen="$seen$key "
  dir="$WORK/${sha:0:12}"
  mkdir -p "$dir"
  if ! git archive "$sha" "$P" | tar -x -C "$dir" 2>/dev/null; then
    say "skipped $label: could not read its $P/ (objects missing from this clone?)"; skipped=$((skipped + 1)); continue
  fi
  compared=$((compared + 1))
  if "${BUF[@]}" breaking "$P" --against "$dir/$P"; then
    say "compatible with $label"
  else
    say "BREAKING against $label (see above)"; failed=$((failed + 1))
  fi
done

if [ "$failed" -gt 0 ]; then
  say "$failed of $compared comparisons failed: keep the change backward compatible, or make it in a new package version (v2)"; exit 1
fi
say "no breaking change ($compared compared, $skipped skipped)"
