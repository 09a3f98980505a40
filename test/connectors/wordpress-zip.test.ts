/**
 * `npm run connector:zip` (connectors/wordpress/scripts/zip-plugin.ts): the zip WordPress's
 * "Upload Plugin" takes holds every file of the plugin folder under content-feed-connector/,
 * byte for byte, read back here with a reader of its own (central directory, then each local entry
 * inflated and its CRC-32 checked), so a writer that gets the format wrong fails.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PLUGIN_DIR, ZIP_PATH, pluginFiles, zipFolder } from '../../connectors/wordpress/scripts/zip-plugin.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every entry of a zip: name and uncompressed bytes. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : Buffer.from(packed);
    expect([data.length, crc32(data)], name).toEqual([size, crc]);
    entries.set(name, data);
    at += 46 + nameLength + extra;
  }
  return entries;
}

describe('npm run connector:zip', () => {
  it('writes the plugin folder, every file byte for byte, under content-feed-connector/', async () => {
    await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'connectors/wordpress/scripts/zip-plugin.ts'], { cwd: ROOT });
    const entries = readZip(readFileSync(ZIP_PATH));
    const files = pluginFiles();
    expect([...entries.keys()].sort()).toEqual(files.map((f) => `content-feed-connector/${f}`).sort());
    for (const required of [
      'content-feed-connector.php',
      'readme.txt',
      'uninstall.php',
      'includes/load.php',
      'includes/class-sync-runner.php',
      'includes/class-options.php',
      'views/settings-page.php',
      'views/notice.php',
    ]) {
      expect(files).toContain(required);
    }
    for (const file of files) expect(entries.get(`content-feed-connector/${file}`)?.equals(readFileSync(path.join(PLUGIN_DIR, file))), file).toBe(true);
  });

  it('gives the same bytes for the same files', () => {
    expect(zipFolder(PLUGIN_DIR, 'content-feed-connector').equals(zipFolder(PLUGIN_DIR, 'content-feed-connector'))).toBe(true);
  });
});
