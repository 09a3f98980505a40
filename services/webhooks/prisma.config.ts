import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prismaConfigFor } from '@cfs/common/prisma-config';

export default prismaConfigFor('webhooks', path.dirname(fileURLToPath(import.meta.url)));
