import { describe, expect, it } from 'vitest';
import { isSafeMediaKey } from '@cfs/common/media-keys';
import { mediaRouteDoc } from '../src/proxies/media-proxy.ts';
import { buildOpenApi } from '../src/api/openapi.ts';
import { publicRoutes } from '../src/api/routes/index.ts';
import { MEDIA_KEY_PATTERN } from '../src/schemas/blocks.ts';

const KEYS = ['hero.png', 'ai/abc.png', 'covers/2026/hero.png', 'covers/2026/03/hero.png', 'covers/2026/03/01/hero.png', 'a//b.png', '.hidden/a.png'];

describe('the media routes in the OpenAPI description', () => {
  it('have one path for every number of segments a key may have, and the key pattern agrees with the key check', () => {
    const paths = Object.keys(buildOpenApi(publicRoutes, { version: 'test' }).paths).filter((p) => p.startsWith('/media/'));
    expect(paths).toEqual(mediaRouteDoc.shapes.map((s) => s.path));
    for (const key of KEYS) {
      const depth = key.split('/').length;
      const described = paths.some((p) => p.split('/').length - 3 === depth);
      expect(MEDIA_KEY_PATTERN.test(key), key).toBe(isSafeMediaKey(key));
      if (isSafeMediaKey(key)) expect(described, key).toBe(true);
    }
    expect(isSafeMediaKey('covers/2026/03/01/hero.png')).toBe(false);
  });
});
