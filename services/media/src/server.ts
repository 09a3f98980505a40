/** The media gRPC servers (customer-facing and admin): protocol mapping only. */
import { GrpcServer, implement, type RpcName } from '@cfs/common/grpc';
import type { CallerPolicy, ServiceCallers } from '@cfs/common/service-auth';
import type { Logger } from '@cfs/common/logger';
import { prismaReadiness } from '@cfs/common/service';
import { loadProtos } from '@cfs/protos';
import type { MediaAdminServiceHandlers } from '@cfs/protos/generated/cfs/media/v1/MediaAdminService.js';
import type { MediaServiceHandlers } from '@cfs/protos/generated/cfs/media/v1/MediaService.js';
import type { AiImages } from './ai/images-status.ts';
import type { AiBudgetLedger } from './ai/budget-ledger.ts';
import { currentOnly, type CurrentFacts } from './ai/current.ts';
import { variantsOf, type GenerationQueue } from './ai/jobs.ts';
import type { VariantRepository } from './ai/repositories.ts';
import { malformed } from '@cfs/common/errors';
import { failpoint } from '@cfs/common/failpoints';
import type { PrismaClient } from './generated/prisma/client.ts';
import { recentGenerations } from './ai/generations.ts';
import { etagOf, putObject } from './media.ts';
import type { ObjectStore } from './object-store.ts';

/** Who may call each RPC (service-auth.ts): the gateway and the dashboard read, operators write. */
export const MEDIA_CALLERS: CallerPolicy<RpcName<MediaServiceHandlers>> = {
  GetAiUsage: ['gateway', 'dashboard'],
  GetAiImagesStatus: ['gateway', 'dashboard'],
  GetVariants: ['gateway', 'admin'],
  ListGenerations: ['dashboard'],
};
export const MEDIA_ADMIN_CALLERS: CallerPolicy<RpcName<MediaAdminServiceHandlers>> = {
  RecordAiUsage: ['admin'],
  SetAiImagesStatus: ['admin'],
  PutObject: ['admin'],
  QueueGenerations: ['admin'],
  GetVariants: ['admin'],
};

export function createMediaGrpcServer(deps: {
  prisma: PrismaClient;
  ledger: AiBudgetLedger;
  variants: VariantRepository;
  images: AiImages;
  store: ObjectStore;
  /** What is current (ai/current.ts): GetVariants answers only current variants. */
  facts: CurrentFacts;
  /** Absent when AI_PROVIDER is none: nothing is queued. Started after the server (pg-boss's start takes seconds on PGlite). */
  jobs: Promise<GenerationQueue> | undefined;
  logger: Logger;
  maxObjectBytes: number;
  callers: ServiceCallers;
}): GrpcServer {
  const { prisma, ledger, images } = deps;
  const { cfs } = loadProtos();
  const getVariants = async (req: { siteId: string; articleIds: string[] }) => {
    await failpoint('media.getVariants');
    // Only the variants made for the article's and the profile's current versions: a corrected
    // article, or a replaced profile, shows no personalized text until its own variant exists.
    const variants = await currentOnly(deps.facts, req.siteId, await variantsOf(deps.variants, req.siteId, req.articleIds));
    return {
      variants: variants.map((v) => ({
        articleId: v.articleId,
        articleVersion: v.articleVersion,
        profileVersion: v.profileVersion,
        title: v.title,
        summary: v.summary,
        metaDescription: v.metaDescription,
        ...(v.imageKey === null ? {} : { imageKey: v.imageKey }),
        generatedAt: v.generatedAt.toISOString(),
      })),
    };
  };
  const customerFacing = implement<MediaServiceHandlers>(deps.logger, {
    GetAiUsage: async (req) => {
      const u = await ledger.usage(req.siteId, req.budget === undefined ? null : Number(req.budget), req.period);
      return {
        period: u.period,
        used: u.used,
        reserved: u.reserved,
        ...(u.budget === null ? {} : { budget: u.budget }),
        ...(u.remaining === null ? {} : { remaining: u.remaining }),
        status: u.status,
        periodStart: u.periodStart.toISOString(),
        resetsAt: u.resetsAt.toISOString(),
      };
    },
    GetAiImagesStatus: async () => {
      const s = await images.status();
      return { status: s.status, updatedAt: s.updatedAt.toISOString(), reason: s.reason, checkedAt: s.checkedAt.toISOString() };
    },
    GetVariants: getVariants,
    ListGenerations: async (req) => {
      const generations = await recentGenerations(prisma, req.siteId, req.limit);
      return {
        generations: generations.map((g) => ({
          id: g.id,
          articleId: g.articleId,
          articleVersion: g.articleVersion,
          ...(g.variantTitle === null ? {} : { variantTitle: g.variantTitle }),
          attempt: g.attempt,
          outcome: g.outcome,
          ...(g.reason === null ? {} : { reason: g.reason }),
          units: g.units,
          createdAt: g.createdAt.toISOString(),
        })),
      };
    },
  });
  const admin = implement<MediaAdminServiceHandlers>(deps.logger, {
    RecordAiUsage: async (req) => {
      // Against the budget the Site's plan has now, so that the standing told is the one GetAiUsage shows.
      const known = await deps.facts.siteBudget(req.siteId);
      await ledger.record(req.siteId, Number(req.units), req.kind, known ?? undefined);
      return { used: (await ledger.usage(req.siteId, null, 'month')).used };
    },
    SetAiImagesStatus: async (req) => {
      const s = await images.set(req.status);
      return { status: s.status, updatedAt: s.updatedAt.toISOString() };
    },
    PutObject: async (req) => {
      const object = await putObject(prisma, deps.store, {
        key: req.key,
        contentType: req.contentType,
        bytes: Buffer.from(req.data),
        maxBytes: deps.maxObjectBytes,
      });
      return { key: object.key, size: object.size, etag: etagOf(object) };
    },
    GetVariants: getVariants,
    QueueGenerations: async (req) => {
      const jobs = req.jobs.map((j) => {
        if (!j.article) throw malformed('each job needs an article');
        const { article, profile } = j;
        return {
          siteId: j.siteId,
          budget: j.budget === undefined ? null : Number(j.budget),
          period: j.period,
          article: { id: article.id, version: article.version, title: article.title, summary: article.summary, categories: article.categories },
          profile: profile
            ? {
                version: profile.version,
                siteName: profile.siteName,
                locale: profile.locale,
                keywords: profile.keywords,
                tone: profile.tone,
                topics: profile.topics,
              }
            : null,
        };
      });
      return { queued: deps.jobs ? await (await deps.jobs).queue(jobs) : 0 };
    },
  });
  return new GrpcServer({
    logger: deps.logger,
    callers: deps.callers,
    readiness: prismaReadiness(prisma),
    services: [
      { name: 'cfs.media.v1.MediaService', definition: cfs.media.v1.MediaService.service, implementation: customerFacing, allow: MEDIA_CALLERS },
      { name: 'cfs.media.v1.MediaAdminService', definition: cfs.media.v1.MediaAdminService.service, implementation: admin, allow: MEDIA_ADMIN_CALLERS },
    ],
  });
}
