// Writes the OpenAPI description the gateway serves at /docs/public.json to the given file, for the
// linters (npm run lint: Redocly and Spectral). Not under dist/, which every build empties.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publicDescription } from '../src/api/api-reference.ts';

const out = process.argv[2] ?? '.openapi/public.json';
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(publicDescription(), null, 2)}\n`);
