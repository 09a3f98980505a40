import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localServiceTokenFile, newServiceToken, SERVICE_CALLERS, type ServiceCaller } from '@cfs/common/service-auth';

/** The content of `file`, made once with `make` when it does not exist yet (owner-only). */
function keptFile(file: string, make: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, make(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** A secret generated once and kept in the data folder, when none is configured (local runs only). */
export function localSecret(dataDir: string, name: string, configured: string | undefined): string {
  return configured ?? keptFile(path.join(dataDir, name), () => randomBytes(32).toString('hex'));
}

/** Each caller's service token, generated once and kept in the data folder (the operator CLI reads its own there). */
export function localServiceTokens(dataDir: string): Record<ServiceCaller, string> {
  return Object.fromEntries(
    SERVICE_CALLERS.map((caller) => [caller, keptFile(localServiceTokenFile(dataDir, caller), () => newServiceToken(caller))]),
  ) as Record<ServiceCaller, string>;
}
