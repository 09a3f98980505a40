// The operator CLI: `npm run -s admin -- <command>`. One JSON object on stdout and exit 0, or a
// JSON error on stderr and a non-zero exit (1: the command failed, 2: usage).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addressesOf, DEPLOYABLES } from '@cfs/common/deployables';
import { parseEnv } from '@cfs/common/env';
import { readLocalRun } from '@cfs/common/local-run';
import { localServiceTokenFile } from '@cfs/common/service-auth';
import { DomainError } from '@cfs/common/errors';
import { closeAdminClients, createAdminClients } from './clients.ts';
import { runAdminCommand, UsageError } from './commands.ts';
import { adminEnvSchema } from './env.ts';

function fail(code: string, message: string, exitCode: number): void {
  process.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.exitCode = exitCode;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(ROOT, parseEnv(adminEnvSchema).DATA_DIR);
// Where the services are: the variables, else what an `npm start` running on this data folder
// announced there (the embedded mode's ports are free ones, local-run.ts), else the defaults.
const env = parseEnv(adminEnvSchema, { ...readLocalRun(dataDir), ...process.env });
// The operator's token: SERVICE_TOKEN, else the one an `npm start` on this machine keeps in its data folder.
const localToken = localServiceTokenFile(dataDir, 'admin');
const serviceToken = env.SERVICE_TOKEN ?? (existsSync(localToken) ? readFileSync(localToken, 'utf8').trim() : undefined);
const clients = createAdminClients({
  ...addressesOf(env, DEPLOYABLES.admin.calls),
  deadlineMs: env.GRPC_DEADLINE_MS,
  serviceToken,
  dashboardUrl: env.DASHBOARD_URL,
});
try {
  const result = await runAdminCommand(process.argv.slice(2), clients);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  if (err instanceof UsageError) fail('USAGE', err.message, 2);
  else if (err instanceof DomainError) fail(err.code, err.message, 1);
  else fail('INTERNAL_ERROR', 'The command failed unexpectedly.', 1);
} finally {
  closeAdminClients(clients);
}
