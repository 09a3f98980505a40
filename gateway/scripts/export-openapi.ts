// Writes the OpenAPI description the gateway serves at /docs/public.json to the given file, for the
// linters (npm run lint: Redocly and Spectral). Not under dist/, which every build empties.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../src/openapi.ts';
import { publicRoutes } from '../src/routes/index.ts';

const out = process.argv[2] ?? '.openapi/public.json';
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApi(publicRoutes, { version: '1.0.0' }), null, 2)}\n`);
