/**
 * The browser assets: built at build time by scripts/build-assets.mjs into assets/ with content
 * hashes in their names (served as immutable), listed in assets/manifest.json. Nothing is fetched
 * from outside the system.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AssetManifest {
  js: string;
  css: string;
}

/** assets/ of this package: beside src/ in the repository, beside dist/ in an image. */
export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');

export function loadAssetManifest(dir = ASSETS_DIR): AssetManifest {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as AssetManifest;
  } catch {
    throw new Error(`the dashboard's browser assets are not built (${dir}/manifest.json): run \`npm run build -w @cfs/dashboard\``);
  }
}
