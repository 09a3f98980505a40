// Builds the API reference page that GET /docs/ serves (src/api/api-reference.ts), run in gateway/ by
// its build: the description /docs/public.json serves, rendered by Redocly's build-docs with the
// Redoc bundle inlined, into assets/api-reference/ (index.html, its gzip, and manifest.json with the
// hashes of its inline scripts for the Content-Security-Policy and the digest of the description it
// was built from), in the page template api-reference.hbs. The page loads nothing from outside the system: the one external asset the
// bundle names (Redocly's logo on a CDN) is replaced by a local one, and the build fails when the
// page still refers to another host in a place a browser would load from.
//   tsx scripts/build-api-reference.ts [outDir]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  API_REFERENCE_DIR,
  API_REFERENCE_FILES,
  descriptionDigest,
  inlineScripts,
  publicDescription,
  type ApiReferenceManifest,
} from '../src/api/api-reference.ts';

/** Redocly's logo, which Redoc 3's sidebar loads from its CDN; a local stand-in of the same size. */
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const LOCAL_LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="56" height="16" viewBox="0 0 56 16"><text x="0" y="12" font-family="sans-serif" font-size="12">Redoc</text></svg>',
  );

/** Where a browser would fetch from another host: src/href/srcset of a tag, url() in CSS, @import, an ES import. */
export function externalReferences(html: string): string[] {
  const patterns = [
    /<(?:script|link|img|iframe|source|video|audio|embed|object)\b[^>]*?\s(?:src|href|srcset|data)\s*=\s*["']?(https?:)?\/\/[^"'\s>]+/gi,
    /url\(\s*["']?(?:https?:)?\/\/[^)"']+/gi,
    /@import\s+(?:url\()?\s*["']?(?:https?:)?\/\/[^"');]+/gi,
    /\bimport\s*(?:\(|[^;()]*?\bfrom\s*)\s*["'`](?:https?:)?\/\/[^"'`]+/gi,
    /cdn\.redoc\.ly|cdn\.redocly\.com\/redoc\//gi,
  ];
  return patterns.flatMap((p) => [...html.matchAll(p)].map((m) => m[0]));
}

export function buildApiReference(outDir: string): ApiReferenceManifest {
  const description = publicDescription();
  const work = mkdtempSync(path.join(tmpdir(), 'cfs-api-reference-'));
  try {
    const input = path.join(work, 'public.json');
    const output = path.join(work, 'index.html');
    writeFileSync(input, JSON.stringify(description));
    const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const template = fileURLToPath(new URL('api-reference.hbs', import.meta.url));
    try {
      execFileSync(process.execPath, [cli, 'build-docs', input, '--inlineBundle', '--template', template, '--lint-config', 'off', '-o', output], {
        cwd: work, // no redocly.yaml here: the lint rules of the repository's one are not build options
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: 'pipe',
      });
    } catch (err) {
      const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`redocly build-docs failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`, { cause: err });
    }
    let html = readFileSync(output, 'utf8');
    for (const logo of CDN_LOGOS) {
      if (!html.includes(logo)) throw new Error(`Redoc no longer loads ${logo}: review what the new version loads from outside before changing this script`);
      html = html.replaceAll(logo, LOCAL_LOGO);
    }
    const external = externalReferences(html);
    if (external.length > 0) throw new Error(`the API reference page would load from outside the system: ${external.slice(0, 5).join(', ')}`);
    if (!html.includes('"disableTelemetry":true')) throw new Error("the API reference page does not turn Redoc's telemetry off");
    const manifest: ApiReferenceManifest = {
      description: descriptionDigest(description),
      scripts: inlineScripts(html).map((s) => `sha256-${createHash('sha256').update(s).digest('base64')}`),
    };
    // Each file replaced in one rename: a gateway starting meanwhile (the test runs build this while
    // others start) reads the old page or the new one, never half of one.
    mkdirSync(outDir, { recursive: true });
    const put = (name: string, content: string | Buffer) => {
      const staged = path.join(outDir, `.${name}.${process.pid}`);
      writeFileSync(staged, content);
      renameSync(staged, path.join(outDir, name));
    };
    put(API_REFERENCE_FILES.html, html);
    put(API_REFERENCE_FILES.gzip, gzipSync(html, { level: 9 }));
    put(API_REFERENCE_FILES.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) buildApiReference(process.argv[2] ?? API_REFERENCE_DIR);
