/** The services with a database of their own, and their migrations, as their packages export them. */
import { MIGRATIONS_DIRS, SERVICES, type ServiceName } from '@cfs/launcher';
import { fileURLToPath } from 'node:url';

export const MIGRATED_SERVICES = SERVICES;
export type MigratedService = ServiceName;

export function migrationsDirOf(service: MigratedService): string {
  return MIGRATIONS_DIRS[service];
}

/** The checkout the tests run in (the commands they start run here). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
