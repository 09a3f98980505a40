/**
 * Keys of generated media objects: 1 to 512 characters of letters, digits and `. _ - /`, in 1 to
 * MAX_MEDIA_KEY_SEGMENTS segments separated by single slashes, no segment that is `.` or `..`, no
 * leading dot. Checked by the gateway before proxying and by the media service before touching storage.
 */
export const MAX_MEDIA_KEY_LENGTH = 512;
/**
 * A key's segments at most: an OpenAPI path parameter holds one segment (no slash), so the public
 * description has one path per depth (gateway/src/proxies/media-proxy.ts, mediaRouteDoc).
 */
export const MAX_MEDIA_KEY_SEGMENTS = 4;
/** One segment of a key: what each path parameter of the media routes admits. */
export const MEDIA_KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isSafeMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_MEDIA_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_MEDIA_KEY_SEGMENTS && segments.every((segment) => MEDIA_KEY_SEGMENT.test(segment));
}

export const MEDIA_PATH_PREFIX = '/media/generated/';

/**
 * The key of a raw request path (before any decoding), or null when the path is not a
 * well-formed media path. Only unreserved characters and "/" may appear, so percent-encoding
 * tricks (%2e%2e, %2f, %00, …) never reach storage.
 */
export function mediaKeyOfPath(rawUrl: string): string | null {
  const pathname = rawUrl.split('?')[0]!;
  if (!pathname.startsWith(MEDIA_PATH_PREFIX)) return null;
  const encoded = pathname.slice(MEDIA_PATH_PREFIX.length);
  if (!/^[A-Za-z0-9._/-]+$/.test(encoded)) return null;
  return isSafeMediaKey(encoded) ? encoded : null;
}
