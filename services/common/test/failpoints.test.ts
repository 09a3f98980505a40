import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors.ts';
import { failpoint, parseFailpoints, setFailpoints } from '../src/failpoints.ts';

afterEach(() => setFailpoints(''));

describe('failpoints', () => {
  it('parses actions and hit counts', () => {
    const points = parseFailpoints('a=unavailable; b=2*error;c=delay(15)');
    expect(points.get('a')).toEqual({ action: { kind: 'unavailable' }, remaining: null });
    expect(points.get('b')).toEqual({ action: { kind: 'error' }, remaining: 2 });
    expect(points.get('c')).toEqual({ action: { kind: 'delay', ms: 15 }, remaining: null });
  });

  it('refuses a spec it cannot parse, so a typo never silently disables a fault test', () => {
    expect(() => parseFailpoints('a=explode')).toThrow(/cannot parse/);
    expect(() => parseFailpoints('=error')).toThrow(/cannot parse/);
  });

  it('does nothing unless configured', async () => {
    setFailpoints('');
    await expect(failpoint('x.y')).resolves.toBeUndefined();
  });

  it('fires unavailable as a SERVICE_UNAVAILABLE domain error, only for the first N hits', async () => {
    setFailpoints('x.y=1*unavailable');
    const err = await failpoint('x.y').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('SERVICE_UNAVAILABLE');
    await expect(failpoint('x.y')).resolves.toBeUndefined();
  });

  it('fires error as an unexpected (non-domain) error', async () => {
    setFailpoints('x.y=error');
    const err = await failpoint('x.y').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(DomainError);
  });

  it('delays', async () => {
    setFailpoints('x.y=delay(30)');
    const start = performance.now();
    await failpoint('x.y');
    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });
});
