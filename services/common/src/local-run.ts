/**
 * What a running `npm start` tells the operator CLI on the same machine through its data folder:
 * where the services it calls listen, as the CLI's own variables (IDENTITY_ADDR, …, DASHBOARD_URL).
 * The embedded mode binds its internal servers to free ports, so the CLI cannot assume fixed ones;
 * the file lives while the system runs and names the ports of THIS data folder's system.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { addressEnv, DEPLOYABLES, type AddrEnv, type CallsOf } from './deployables.ts';

const CLI_CALLS = DEPLOYABLES.admin.calls;
type CliCallee = CallsOf<'admin'>;

const localRunSchema = z.object({
  ...(Object.fromEntries(CLI_CALLS.map((n) => [DEPLOYABLES[n].grpc.addrEnv, z.string()])) as Record<AddrEnv<CliCallee>, z.ZodString>),
  DASHBOARD_URL: z.string(),
});

export type LocalRun = z.output<typeof localRunSchema>;

export function localRunFile(dataDir: string): string {
  return path.join(dataDir, 'running.json');
}

/** Written once the system is up (whole: a reader never sees half a file). */
export function writeLocalRun(dataDir: string, system: { addresses: Record<CliCallee, string>; baseUrl: string }): void {
  const run: LocalRun = { ...addressEnv(system.addresses, CLI_CALLS), DASHBOARD_URL: `${system.baseUrl}/dashboard/` };
  mkdirSync(dataDir, { recursive: true });
  const file = localRunFile(dataDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(run)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Removed when the system stops. */
export function removeLocalRun(dataDir: string): void {
  rmSync(localRunFile(dataDir), { force: true });
}

/** The running system's addresses, or nothing when none runs on this data folder (or the file is not ours). */
export function readLocalRun(dataDir: string): LocalRun | undefined {
  try {
    return localRunSchema.parse(JSON.parse(readFileSync(localRunFile(dataDir), 'utf8')));
  } catch {
    return undefined;
  }
}
