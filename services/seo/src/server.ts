/** The seo gRPC server: protocol mapping only. */
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { SeoProfile as SeoProfileMessage } from '@cfs/protos/generated/cfs/seo/v1/SeoProfile.js';
import type { SeoServiceHandlers } from '@cfs/protos/generated/cfs/seo/v1/SeoService.js';
import type { PrismaClient } from './generated/prisma/client.ts';
import { getProfile, replaceProfile, type SeoProfile } from './seo.ts';

function toMessage(p: SeoProfile): SeoProfileMessage {
  return { siteName: p.siteName, locale: p.locale, keywords: p.keywords, tone: p.tone, topics: p.topics, updatedAt: p.updatedAt.toISOString() };
}

/** Who may call each RPC (service-auth.ts). */
export const SEO_CALLERS: CallerPolicy<RpcName<SeoServiceHandlers>> = {
  GetProfile: ['gateway', 'dashboard', 'media'],
  ReplaceProfile: ['gateway', 'dashboard'],
};

export function createSeoServer(deps: {
  prisma: PrismaClient;
  logger: Logger;
  callers: ServiceCallers;
  /** Told after a profile was replaced (the media service regenerates that Site's variants). */
  profileReplaced: (siteId: string) => Promise<void>;
}): GrpcServer {
  const handlers = implement<SeoServiceHandlers>(deps.logger, {
    GetProfile: async (req) => ({ profile: toMessage(await getProfile(deps.prisma, req.siteId)) }),
    ReplaceProfile: async (req) => {
      const { siteName, locale, keywords, tone, topics } = req.profile ?? { siteName: '', locale: '', keywords: [], tone: '', topics: [] };
      const stored = await replaceProfile(deps.prisma, req.siteId, { siteName, locale, keywords, tone, topics });
      await deps.profileReplaced(req.siteId);
      return { profile: toMessage(stored) };
    },
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(deps.prisma),
    services: [{ name: 'cfs.seo.v1.SeoService', definition: loadProtos().cfs.seo.v1.SeoService.service, implementation: handlers, allow: SEO_CALLERS }],
  });
}
