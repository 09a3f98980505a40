#!/usr/bin/env bash
# Runs Prisma's CLI in a service folder on machines that cannot download Prisma's engine binary:
# the schema engine is the offline stand-in from shared/tools (see shared/notes/prisma-offline.md)
# when it is there. `generate` and `validate` only need the variable to name an existing file.
set -euo pipefail
if [ -z "${PRISMA_SCHEMA_ENGINE_BINARY:-}" ]; then
  standin="$(git rev-parse --show-toplevel)/../shared/tools/prisma-schema-engine.mjs"
  if [ -f "$standin" ]; then export PRISMA_SCHEMA_ENGINE_BINARY="$(realpath "$standin")"
  else export PRISMA_SCHEMA_ENGINE_BINARY="$PWD/package.json"; fi
fi
exec npx --no-install prisma "$@"
