/**
 * GET /docs/: the API reference as a page, built at build time from the description /docs/public.json
 * serves (scripts/build-api-reference.ts, run by the gateway's build) into assets/api-reference/
 * beside src/ and dist/. The page is one self-contained HTML file (Redoc, inlined); its
 * Content-Security-Policy allows exactly its own inline scripts (their hashes, listed in the
 * manifest) and nothing from another origin. A page built from another description than the one
 * this gateway serves is still served, with a warning at start (a build brings it up to date).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import type { Logger } from '@cfs/common/logger';
import { buildOpenApi, PUBLIC_API_VERSION } from './openapi.ts';
import { publicRoutes } from './routes/index.ts';
import { pageHeaders } from '../pipeline/steps/api-headers.ts';

/**
 * The package's folder: the nearest one above this module with a package.json (gateway/ from
 * src/api/ in the repository and from dist/ in an image, whose Dockerfile copies package.json beside
 * dist/), so the page is found however deep the module that reads it sits.
 */
function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** assets/api-reference/ of this package: beside src/ in the repository, beside dist/ in an image. */
export const API_REFERENCE_DIR = path.join(packageDir(path.dirname(fileURLToPath(import.meta.url))), 'assets', 'api-reference');
export const API_REFERENCE_FILES = { html: 'index.html', gzip: 'index.html.gz', manifest: 'manifest.json' } as const;

export interface ApiReferenceManifest {
  /** descriptionDigest of the description the page was built from. */
  description: string;
  /** CSP hash sources (`sha256-…`) of the page's inline scripts. */
  scripts: string[];
}

export interface ApiReferencePage {
  html: Buffer;
  gzip: Buffer;
  manifest: ApiReferenceManifest;
}

/** The public API's description as /docs/public.json serves it (the tests' extra routes left out). */
export function publicDescription() {
  return buildOpenApi(publicRoutes, { version: PUBLIC_API_VERSION });
}

export function descriptionDigest(description: unknown): string {
  return createHash('sha256').update(JSON.stringify(description)).digest('hex');
}

/** The contents of a page's inline <script> elements (Redoc escapes `</script` inside them). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => m[1]!);
}

/** The built page, or undefined when it was not built. */
export function loadApiReference(dir = API_REFERENCE_DIR): ApiReferencePage | undefined {
  try {
    return {
      html: readFileSync(path.join(dir, API_REFERENCE_FILES.html)),
      gzip: readFileSync(path.join(dir, API_REFERENCE_FILES.gzip)),
      manifest: JSON.parse(readFileSync(path.join(dir, API_REFERENCE_FILES.manifest), 'utf8')) as ApiReferenceManifest,
    };
  } catch {
    return undefined;
  }
}

/** Says at start what an operator would otherwise learn from a 404 or an outdated page. */
export function checkApiReference(page: ApiReferencePage | undefined, logger: Logger, dir = API_REFERENCE_DIR): void {
  if (!page) logger.warn({ dir }, 'the API reference page is not built: GET /docs/ answers 404 (npm run build -w @cfs/gateway builds it)');
  else if (page.manifest.description !== descriptionDigest(publicDescription()))
    logger.warn({ dir }, 'the API reference page was built from another API description than this gateway serves (npm run build -w @cfs/gateway rebuilds it)');
}

/** The page's policy: its own inline scripts, inline styles (Redoc's), images and fonts inlined as data: URIs; nothing else. */
export function apiReferenceCsp(manifest: ApiReferenceManifest): Record<string, string[]> {
  return {
    defaultSrc: ["'none'"],
    scriptSrc: manifest.scripts.map((hash) => `'${hash}'`),
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ['data:'],
    fontSrc: ['data:'],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  };
}

/** GET (and HEAD) /docs/: the page, gzip-encoded for clients that accept it. */
export function apiReferenceRoute(page: ApiReferencePage): RequestHandler[] {
  return [
    ...pageHeaders(apiReferenceCsp(page.manifest)),
    (req, res) => {
      const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
      const body = gzip ? page.gzip : page.html;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Vary', 'Accept-Encoding');
      if (gzip) res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  ];
}
