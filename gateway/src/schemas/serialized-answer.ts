/**
 * The one form of a checked answer that every layer may hold: a handler returns it, the feed's
 * caches keep it, step 8 sends it as it is (pipeline/steps/conditional.ts).
 */
import { hash } from 'node:crypto';
import type { z } from 'zod';

/**
 * The UTF-8 bytes of `text` in an allocation of their own. Buffer.from puts a string shorter than
 * half of Buffer.poolSize (64 KiB in Node 24) into a shared slab, and the slab lives as long as any
 * part of it does: a cached caught-up changes answer of 120 bytes, or a cached feed page, kept a
 * whole slab of the requests' garbage alive (docs/performance.md#realistic-polling-2026-11-27).
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

/**
 * An answer already checked against its schema and encoded as UTF-8 JSON (e.g. a cached feed page):
 * a handler may return one instead of a value, and its bytes are sent as they are, without a second
 * check or encoding (a profile showed encoding a cached page's text on every answer costing the
 * gateway more CPU than all the rest of the request).
 */
export class SerializedAnswer {
  private tag: string | undefined;

  private constructor(readonly body: Buffer) {}

  static of<S extends z.ZodType>(schema: S, value: z.input<S>): SerializedAnswer {
    return new SerializedAnswer(ownBytes(JSON.stringify(schema.parse(value))));
  }

  /**
   * Bytes encoded by the caller from values its schema has checked (a personalized feed page laid
   * out from a shared page and a Site's variants), with their entity tag when it is already known.
   */
  static encoded(body: Buffer, etag?: string): SerializedAnswer {
    const answer = new SerializedAnswer(body);
    answer.tag = etag;
    return answer;
  }

  /**
   * The strong entity tag of these bytes (a SHA-256 of the body), hashed on first use and kept with
   * the answer: a cached page is hashed once, however often it is revalidated (pipeline/steps/conditional.ts).
   * It depends on the content only, so every Credential that gets these bytes gets this tag.
   */
  get etag(): string {
    this.tag ??= `"${hash('sha256', this.body, 'base64url')}"`;
    return this.tag;
  }

  /** The answer as a value again (to store it with an idempotency key). */
  value(): unknown {
    return JSON.parse(this.body.toString('utf8'));
  }
}
