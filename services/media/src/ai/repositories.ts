/**
 * What the AI loop keeps, behind small interfaces: the planner (ai/planner.ts) and the job runner
 * (ai/jobs.ts) take these, the composition root (media-service.ts) passes the Prisma ones
 * (ai/prisma-repositories.ts, and the ledger of ai/budget-ledger.ts), and a spec may pass in-memory
 * ones (test/ai-in-memory.ts). The decisions on what they hold are the pure functions of ai/decisions/.
 */
import type { QuotaPeriod } from '@cfs/common/periods';

/** A Site's generated variant of an article (one per Site and article). */
export interface VariantRecord {
  siteId: string;
  articleId: string;
  articleVersion: string;
  profileVersion: string;
  title: string;
  summary: string;
  metaDescription: string;
  imageKey: string | null;
  units: number;
  generatedAt: Date;
  /** When the feed's changes feed was told of it; null until then. */
  notedAt: Date | null;
}

/** The versions a stored variant was made for. */
export type VariantVersions = Pick<VariantRecord, 'articleId' | 'articleVersion' | 'profileVersion'>;

export interface VariantRepository {
  find(siteId: string, articleId: string): Promise<VariantRecord | null>;
  /** Stores it, replacing the Site's earlier variant of the article; not noted yet. */
  store(variant: Omit<VariantRecord, 'notedAt'>): Promise<void>;
  /** The Site's variants of these articles, in article id order. */
  list(siteId: string, articleIds: readonly string[]): Promise<VariantRecord[]>;
  /** The versions of the Site's variants of these articles. */
  versionsOf(siteId: string, articleIds: readonly string[]): Promise<VariantVersions[]>;
  markNoted(siteId: string, articleIds: readonly string[], at: Date): Promise<void>;
  /** Up to `limit` variants not noted yet, stored before `before`. */
  unnoted(before: Date, limit: number): Promise<Array<{ siteId: string; articleId: string }>>;
  /** The articles of up to `limit` of the Site's variants made for another profile version than this one. */
  ofOtherProfile(siteId: string, profileVersion: string, limit: number): Promise<string[]>;
  /** Deletes the Site's variants of these articles made for another profile version than this one. */
  deleteOfOtherProfile(siteId: string, profileVersion: string, articleIds: readonly string[]): Promise<void>;
}

/** One attempt of a generation job, as the dashboard's usage page reads it (ai/generations.ts). */
export interface AttemptRecord {
  siteId: string;
  articleId: string;
  articleVersion: string;
  profileVersion: string;
  attempt: number;
  outcome: string;
  reason: string | null;
  units: number;
  createdAt: Date;
}

export interface AiJobRepository {
  recordAttempt(attempt: AttemptRecord): Promise<void>;
  /** Where the planner's reading of the feed's article changes stands (null: it never read them). */
  planPosition(name: string): Promise<Date | null>;
  /** Moves it to this change (the caller moves it forward only). */
  keepPlanPosition(name: string, position: { updatedAt: Date; articleId: string }): Promise<void>;
}

/** Units a generation costs (AI_UNITS_TEXT, AI_UNITS_IMAGE). */
export interface AiUnitCosts {
  text: number;
  image: number;
}

export interface AiUsage {
  period: QuotaPeriod;
  periodStart: Date;
  resetsAt: Date;
  /** Units settled this period, operator records included. */
  used: number;
  /** Units held by open reservations made this period. */
  reserved: number;
  budget: number | null;
  /** budget − used − reserved, never below 0; null when unlimited. */
  remaining: number | null;
  /** exhausted once `remaining` cannot pay for one more article (text and image). */
  status: 'ok' | 'warning' | 'exhausted';
}

export interface ReserveRequest {
  siteId: string;
  /** What the units are for: the article generated for the Site, and what is generated (e.g. `article`, `text`, `image`). */
  articleId: string;
  kind: string;
  units: number;
  /** The Site's budget (units per period, from its plan); null means unlimited. */
  budget: number | null;
  /** The budget's period: hour, day or month (anything else counts as month). */
  period: string;
}

export interface Reservation {
  id: string;
  siteId: string;
  articleId: string;
  kind: string;
  units: number;
  createdAt: Date;
}

/** The AI budget ledger as the planner and the jobs use it (AiBudgetLedger on PostgreSQL). */
export interface LedgerRepository {
  readonly costs: AiUnitCosts;
  readonly articleCost: number;
  reserve(request: ReserveRequest): Promise<Reservation | null>;
  settle(reservationId: string, units: number): Promise<boolean>;
  release(reservationId: string): Promise<boolean>;
  releaseStale(olderThanMs: number): Promise<number>;
  usage(siteId: string, budget: number | null, period: string): Promise<AiUsage>;
  /** The open reservation a job's earlier attempt left (named by the job's generationKey), if any. */
  openReservation(siteId: string, key: string): Promise<Pick<Reservation, 'id'> | null>;
}

/** Where a generated image's bytes go (the object store and its media_objects row). */
export interface GeneratedImages {
  put(image: { key: string; contentType: string; bytes: Buffer }): Promise<void>;
}
