/**
 * `npm run connector:zip`: the plugin folder as an installable zip (Plugins → Add New → Upload),
 * connectors/wordpress/dist/content-feed-connector.zip, every file under content-feed-connector/.
 * Written with node:zlib alone (no zip binary on the machines here): deflated entries, UTF-8 names,
 * a fixed timestamp so the same files give the same bytes. Dotfiles (languages/.gitkeep) stay out.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

export const PLUGIN_DIR = path.resolve(import.meta.dirname, '../content-feed-connector');
export const ZIP_PATH = path.resolve(import.meta.dirname, '../dist/content-feed-connector.zip');

/** Files of a folder, relative, with '/' separators, sorted; dotfiles and dot-folders left out. */
export function pluginFiles(dir = PLUGIN_DIR, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? pluginFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

// 1980-01-01 00:00 in MS-DOS time and date: zip's epoch, so builds are reproducible.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A zip of the folder's files, each under `${root}/`. */
export function zipFolder(dir: string, root: string): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of pluginFiles(dir)) {
    const data = readFileSync(path.join(dir, file));
    const packed = deflateRawSync(data, { level: 9 });
    const name = Buffer.from(`${root}/${file}`, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, 2.0
    local.copy(central, 6, 4, 30); // version needed .. name length: as in the local header
    central.writeUInt32LE(((statSync(path.join(dir, file)).mode & 0o777) | 0o100000) * 0x10000, 38); // regular file, its mode
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  mkdirSync(path.dirname(ZIP_PATH), { recursive: true });
  const zip = zipFolder(PLUGIN_DIR, 'content-feed-connector');
  writeFileSync(ZIP_PATH, zip);
  process.stdout.write(`${path.relative(process.cwd(), ZIP_PATH)}: ${pluginFiles().length} files, ${zip.length} bytes\n`);
}
