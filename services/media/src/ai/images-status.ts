/**
 * The platform-wide AI image status (the budget ledger of Sites is in ai/budget-ledger.ts), computed from
 * real calls: the generation jobs record every image provider call's outcome in ai_image_calls,
 * and the status reads the newest of them. The operator's setting (ai_images_status, one row)
 * overrides it: `paused` stops every new provider call (the jobs ask `paused()` before each call,
 * read at most once a PAUSE_CHECK_MS per process), `degraded` is shown as set, `operational` hands
 * the status back to the computed value.
 */
import { malformed } from '@cfs/common/errors';
import { newId } from '@cfs/common/ids';
import type { Logger } from '@cfs/common/logger';
import { commitWithinBudget } from '@cfs/common/transactions';
import type { PrismaClient } from '../generated/prisma/client.ts';

export const AI_IMAGES_STATUSES = ['operational', 'degraded', 'paused'] as const;
export type AiImagesStatus = (typeof AI_IMAGES_STATUSES)[number];

/** The computed status reads the newest RECENT_IMAGE_CALLS image calls made within RECENT_IMAGE_WINDOW_MS. */
export const RECENT_IMAGE_CALLS = 10;
export const RECENT_IMAGE_WINDOW_MS = 15 * 60_000;
/** How old a process's view of the operator's pause may be: a pause stops new calls everywhere within it. */
export const PAUSE_CHECK_MS = 1000;

/** An image provider call: it answered an image, failed in a way a retry may mend, or was refused for good. */
export type ImageCallOutcome = 'success' | 'transient' | 'permanent';

export interface ImageCall {
  outcome: ImageCallOutcome;
  createdAt: Date;
}

export interface OperatorSetting {
  status: AiImagesStatus;
  /** When the operator last set it; the epoch if never. */
  updatedAt: Date;
}

export interface ImagesStatusView extends OperatorSetting {
  /** A short fixed sentence, safe to show anyone. */
  reason: string;
  /** When the status was computed. */
  checkedAt: Date;
}

export const IMAGES_STATUS_REASONS = {
  noProvider: 'No AI provider is configured.',
  pausedByOperator: 'Paused by the operator.',
  degradedByOperator: 'Marked degraded by the operator.',
  failing: 'Most recent image generations failed; retrying.',
  working: 'Recent image generations succeeded.',
  idle: `No image generation in the last ${RECENT_IMAGE_WINDOW_MS / 60_000} minutes.`,
} as const;

const NEVER = new Date(0);

/** The status from the operator's setting, whether a provider is configured, and the recent image calls (any order, any age). */
export function computeImagesStatus(input: {
  operator: OperatorSetting;
  providerConfigured: boolean;
  recent: readonly ImageCall[];
  now: Date;
}): ImagesStatusView {
  const { operator, now } = input;
  const view = (status: AiImagesStatus, reason: string): ImagesStatusView => ({ status, reason, updatedAt: operator.updatedAt, checkedAt: now });
  if (!input.providerConfigured) return view('paused', IMAGES_STATUS_REASONS.noProvider);
  if (operator.status === 'paused') return view('paused', IMAGES_STATUS_REASONS.pausedByOperator);
  if (operator.status === 'degraded') return view('degraded', IMAGES_STATUS_REASONS.degradedByOperator);
  const since = now.getTime() - RECENT_IMAGE_WINDOW_MS;
  const window = input.recent
    .filter((c) => c.createdAt.getTime() > since)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, RECENT_IMAGE_CALLS);
  if (window.length === 0) return view('operational', IMAGES_STATUS_REASONS.idle);
  const transient = window.filter((c) => c.outcome === 'transient').length;
  return transient * 2 > window.length ? view('degraded', IMAGES_STATUS_REASONS.failing) : view('operational', IMAGES_STATUS_REASONS.working);
}

/** The status of one media process: read for GET /api/v1/ai-images, set by the operator, asked by the jobs before each provider call. */
export class AiImages {
  private pause: { value: boolean; readAt: number } | undefined;
  private reading: Promise<boolean> | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: {
      providerConfigured: boolean;
      logger: Logger;
      now?: () => Date;
      /** Told after the operator's setting changed here (the generation child process reads it again at once). */
      settingChanged?: () => void;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async operatorSetting(): Promise<OperatorSetting> {
    const row = await this.prisma.aiImagesStatus.findUnique({ where: { id: 1 } });
    return row ? { status: row.status as AiImagesStatus, updatedAt: row.updatedAt } : { status: 'operational', updatedAt: NEVER };
  }

  async status(): Promise<ImagesStatusView> {
    const [operator, recent] = await Promise.all([
      this.operatorSetting(),
      this.prisma.aiImageCall.findMany({ orderBy: { createdAt: 'desc' }, take: RECENT_IMAGE_CALLS, select: { outcome: true, createdAt: true } }),
    ]);
    return computeImagesStatus({ operator, providerConfigured: this.options.providerConfigured, recent: recent as ImageCall[], now: this.now() });
  }

  async set(status: string): Promise<OperatorSetting> {
    if (!(AI_IMAGES_STATUSES as readonly string[]).includes(status)) throw malformed(`status must be one of ${AI_IMAGES_STATUSES.join(', ')}`);
    const now = this.now();
    const row = await commitWithinBudget(
      this.prisma,
      (tx) => tx.aiImagesStatus.upsert({ where: { id: 1 }, create: { id: 1, status, updatedAt: now }, update: { status, updatedAt: now } }),
      { beforeCommit: 'media.imagesStatus.beforeCommit' },
    );
    this.forget();
    this.options.settingChanged?.();
    return { status: row.status as AiImagesStatus, updatedAt: row.updatedAt };
  }

  /** The next paused() reads the database: the operator's setting changed (here, or told by the process that set it). */
  forget(): void {
    this.pause = undefined;
  }

  /** Whether the operator paused generation, read from the database at most once a PAUSE_CHECK_MS (concurrent askers share one read). */
  async paused(): Promise<boolean> {
    if (this.pause && Date.now() - this.pause.readAt < PAUSE_CHECK_MS) return this.pause.value;
    this.reading ??= this.operatorSetting()
      .then((s) => {
        this.pause = { value: s.status === 'paused', readAt: Date.now() };
        return this.pause.value;
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  /**
   * Records an image call's outcome and prunes the rows the status no longer reads (older than the
   * window, or past the newest RECENT_IMAGE_CALLS), so the table stays about that size. A failed
   * write is logged, not thrown: the status is a report, and the generation must not fail for it.
   */
  async recordImageCall(outcome: ImageCallOutcome): Promise<void> {
    const now = this.now();
    try {
      await commitWithinBudget(this.prisma, async (tx) => {
        await tx.aiImageCall.create({ data: { id: newId('aic'), outcome, createdAt: now } });
        const keep = await tx.aiImageCall.findMany({ orderBy: { createdAt: 'desc' }, take: RECENT_IMAGE_CALLS, select: { id: true } });
        await tx.aiImageCall.deleteMany({
          where: { OR: [{ createdAt: { lte: new Date(now.getTime() - RECENT_IMAGE_WINDOW_MS) } }, { id: { notIn: keep.map((k) => k.id) } }] },
        });
      });
    } catch (err) {
      this.options.logger.warn({ err: { name: (err as Error).name, message: (err as Error).message }, outcome }, 'could not record an AI image call');
    }
  }
}
