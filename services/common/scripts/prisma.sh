#!/usr/bin/env bash
# Runs Prisma's CLI in a service folder on machines that cannot download Prisma's engine binary: the
# schema engine is the offline stand-in next to this script (@prisma/schema-engine-wasm over
# @prisma/adapter-pg; see its header), unless PRISMA_SCHEMA_ENGINE_BINARY names another.
set -euo pipefail
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/prisma-schema-engine.mjs}"
exec npx --no-install prisma "$@"
