// The operator CLI: `npm run -s admin -- <command>`. One JSON object on stdout and exit 0, or a
// JSON error on stderr and a non-zero exit (1: the command failed, 2: usage).
import { parseEnv } from '@cfs/common/env';
import { DomainError } from '@cfs/common/errors';
import { closeAdminClients, createAdminClients } from './clients.ts';
import { runAdminCommand, UsageError } from './commands.ts';
import { adminEnvSchema } from './env.ts';

function fail(code: string, message: string, exitCode: number): void {
  process.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.exitCode = exitCode;
}

const env = parseEnv(adminEnvSchema);
const clients = createAdminClients({ identity: env.IDENTITY_ADDR, account: env.ACCOUNT_ADDR, feed: env.FEED_ADDR, media: env.MEDIA_ADDR, deadlineMs: env.GRPC_DEADLINE_MS });
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
