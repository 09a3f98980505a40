import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Writes a temporary file for a CLI command and returns its path. */
export function tempFile(name: string, content: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cfs-test-')), name);
  writeFileSync(file, content);
  return file;
}

export const jsonl = (rows: unknown[]) => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
