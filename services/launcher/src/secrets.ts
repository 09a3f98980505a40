import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localServiceTokenFile, newServiceToken, SERVICE_CALLERS, type ServiceCaller } from '@cfs/common/service-auth';

/** A secret generated once and kept in the data folder, when none is configured (local runs only). */
export function localSecret(dataDir: string, name: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}


/** Each caller's service token, generated once and kept in the data folder (the operator CLI reads its own there). */
export function localServiceTokens(dataDir: string): Record<ServiceCaller, string> {
  const tokens = {} as Record<ServiceCaller, string>;
  for (const caller of SERVICE_CALLERS) {
    const file = localServiceTokenFile(dataDir, caller);
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, newServiceToken(caller), { mode: 0o600 });
    }
    tokens[caller] = readFileSync(file, 'utf8').trim();
  }
  return tokens;
}
