/**
 * What every AI provider offers the generation jobs: a text variant of an article written for a
 * Site's SEO profile, and a hero image for it. A failure is an AiProviderError that says whether
 * a retry can help (transient) or not (permanent); its message is fixed per reason, so it can be
 * shown or stored anywhere, while the provider's own text stays in `detail`, for logs only.
 */
import { z } from 'zod';
// The limits from their own module, not the rules' index: that one brings the error table and its
// gRPC status codes with it, and this module is all a render thread loads (ai/provider-thread.ts).
import { ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, META_DESCRIPTION_MAX } from '@cfs/common/rules/article';
import type { seoProfile } from '@cfs/common/rules';
import { toPlainText } from '@cfs/common/rules/plain-text';

/** A Site's SEO profile, as the seo service keeps it (services/common/src/rules/seo-profile.ts). */
export type SeoProfile = z.output<typeof seoProfile>;

/** The parts of an article a prompt carries. */
export interface AiArticle {
  id: string;
  title: string;
  summary?: string | null;
  categories: readonly string[];
}

export interface AiRequest {
  article: AiArticle;
  /** The Site's profile; null writes in the article's own voice. */
  profile: SeoProfile | null;
  /** Aborts the call (e.g. at shutdown): the failure is transient. */
  signal?: AbortSignal;
  /** The most the call may take, downloads included (default: the provider's, AI_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Limits of a text variant: an article's own title and summary limits, and a search snippet's length (@cfs/common/rules). */
export const TEXT_LIMITS = { title: ARTICLE_TITLE_MAX, summary: ARTICLE_SUMMARY_MAX, metaDescription: META_DESCRIPTION_MAX } as const;

/** Cuts text to `max` characters at a word boundary when one is near, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Control characters a model may emit: the feed answers none (line breaks are kept in a summary). */
const withoutControls = (keepLineBreaks: boolean) => (s: string) =>
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  s.replace(keepLineBreaks ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, keepLineBreaks ? '' : ' ').trim();

/**
 * A text variant written from text that is plain already (the local provider writes one from the
 * article's stored title and summary): control characters removed, the limits kept.
 */
export const textVariantSchema = z.object({
  title: z.string().transform(withoutControls(false)).pipe(z.string().min(1).max(TEXT_LIMITS.title)),
  summary: z.string().transform(withoutControls(true)).pipe(z.string().min(1).max(TEXT_LIMITS.summary)),
  // Models overshoot length targets; a long snippet is cut rather than the whole answer refused.
  metaDescription: z
    .string()
    .transform(withoutControls(false))
    .pipe(z.string().min(1))
    .transform((s) => clip(s, TEXT_LIMITS.metaDescription)),
});

/**
 * A model's text as plain text first (toPlainText): a prompt injection in a publisher's article can
 * make a model write HTML, and the feed hands out text a consumer only escapes. Tags and the text
 * of scripts and styles are dropped, entities decoded, white space folded; a summary keeps its
 * line breaks.
 */
const plain = (keepLineBreaks = false) => z.string().transform((s) => toPlainText(s, { keepLineBreaks }));

/** A model's text variant; every answer of a model goes through this schema. */
export const generatedTextSchema = z.object({
  title: plain().pipe(textVariantSchema.shape.title),
  summary: plain(true).pipe(textVariantSchema.shape.summary),
  metaDescription: plain().pipe(textVariantSchema.shape.metaDescription),
});
export type GeneratedText = z.output<typeof generatedTextSchema>;

export type ImageContentType = 'image/png' | 'image/webp';
export interface GeneratedImage {
  bytes: Buffer;
  /** Read from the bytes themselves (sniffImageType), never from a header. */
  contentType: ImageContentType;
}

export interface AiProvider {
  readonly name: 'openai' | 'local';
  /** The models asked (for records and metrics). */
  readonly models: { readonly text: string; readonly image: string };
  generateText(request: AiRequest): Promise<GeneratedText>;
  generateImage(request: AiRequest): Promise<GeneratedImage>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type of image bytes by their magic numbers: PNG, or WebP (RIFF….WEBP); null for anything else. */
export function sniffImageType(bytes: Buffer): ImageContentType | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export type AiFailureKind = 'transient' | 'permanent';
export type AiFailureReason =
  /** Transient: no answer within the time allowed. */
  | 'timeout'
  /** Transient: the provider could not be reached (refused connection, DNS, reset). */
  | 'unreachable'
  /** Transient: the caller's signal aborted the call. */
  | 'aborted'
  /** Transient: HTTP 429. */
  | 'rate_limited'
  /** Transient: HTTP 408, 409 or 5xx. */
  | 'provider_error'
  /** Transient: an answer that is not what was asked (no JSON, missing fields); a new try may be well-formed. */
  | 'malformed_answer'
  /** Permanent: any other 4xx (a content-policy refusal, a bad key, an unknown model), or a model's refusal. */
  | 'refused'
  /** Permanent: an image larger than the media store takes, or of a type other than PNG or WebP. */
  | 'unusable_image';

const FAILURES: Record<AiFailureReason, { kind: AiFailureKind; message: string }> = {
  timeout: { kind: 'transient', message: 'The AI provider did not answer in time.' },
  unreachable: { kind: 'transient', message: 'The AI provider could not be reached.' },
  aborted: { kind: 'transient', message: 'The AI provider call was cancelled.' },
  rate_limited: { kind: 'transient', message: 'The AI provider is rate limiting requests.' },
  provider_error: { kind: 'transient', message: 'The AI provider failed to answer.' },
  malformed_answer: { kind: 'transient', message: 'The AI provider answered in an unexpected form.' },
  refused: { kind: 'permanent', message: 'The AI provider refused the request.' },
  unusable_image: { kind: 'permanent', message: 'The AI provider returned an image that cannot be stored.' },
};

export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  readonly kind: AiFailureKind;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** What the provider said: for logs only, never for an API answer or a stored record. */
  readonly detail: string | undefined;

  constructor(
    readonly reason: AiFailureReason,
    options: { status?: number; detail?: string; cause?: unknown } = {},
  ) {
    const failure = FAILURES[reason];
    super(options.status === undefined ? failure.message : `${failure.message.slice(0, -1)} (HTTP ${options.status}).`, { cause: options.cause });
    this.kind = failure.kind;
    this.status = options.status;
    this.detail = options.detail;
  }

  get transient(): boolean {
    return this.kind === 'transient';
  }
}

/** 408, 409, 429 and 5xx may pass on a retry; any other status is the provider's final word. */
export function failureOfStatus(status: number, detail?: string, cause?: unknown): AiProviderError {
  const reason: AiFailureReason = status === 429 ? 'rate_limited' : status === 408 || status === 409 || status >= 500 ? 'provider_error' : 'refused';
  return new AiProviderError(reason, { status, detail, cause });
}

/** A deadline for one call: the caller's signal, and `timeoutMs` from now. `timedOut()` tells which fired. */
export function callDeadline(signal: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean } {
  const timer = AbortSignal.timeout(timeoutMs);
  return { signal: signal ? AbortSignal.any([signal, timer]) : timer, timedOut: () => timer.aborted };
}
