/** The operator CLI as a library (package entry `@cfs/admin`): what the launcher and the tests run in-process. */
export { closeAdminClients, createAdminClients, type AdminClients } from './clients.ts';
export { COMMANDS, runAdminCommand, UsageError } from './commands.ts';
