import { describe, expect, it } from 'vitest';
import { isSafeMediaKey, mediaKeyOfPath } from '@cfs/common/media-keys';
import { parseRange } from '../src/http.ts';

describe('media keys', () => {
  it('accept plain nested keys', () => {
    for (const key of ['a.png', 'covers/2026/hero-1_b.webp', 'x/y/z']) expect(isSafeMediaKey(key), key).toBe(true);
  });
  it('refuse traversal, hidden files, empty segments and overlong keys', () => {
    for (const key of ['', '..', 'a/../b', './a', '.env', 'a//b', '/a', 'a/', 'a\\b', 'a b', 'x'.repeat(513)]) expect(isSafeMediaKey(key), key).toBe(false);
  });
  it('take keys from raw paths only when nothing is percent-encoded', () => {
    expect(mediaKeyOfPath('/media/generated/a/b.png?x=1')).toBe('a/b.png');
    for (const path of ['/media/generated/%2e%2e/x', '/media/generated/a%2Fb', '/media/generated/a%00', '/media/other/a.png'])
      expect(mediaKeyOfPath(path), path).toBeNull();
  });
});

describe('Range headers', () => {
  it('parse single byte ranges and ignore what cannot be served', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    for (const header of [undefined, 'bytes=100-', 'bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=-0', 'bytes=-'])
      expect(parseRange(header, 100), String(header)).toBeNull();
  });
});
