import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Services with a database of their own, in the order the system starts them. */
export const MIGRATED_SERVICES = ['identity', 'account', 'feed', 'billing', 'seo', 'media'] as const;
export type MigratedService = (typeof MIGRATED_SERVICES)[number];

export function migrationsDirOf(service: MigratedService): string {
  return path.join(ROOT, 'services', service, 'prisma', 'migrations');
}
