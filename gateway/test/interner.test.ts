import { describe, expect, it } from 'vitest';
import { Interner } from '../src/caches/interner.ts';

describe('Interner', () => {
  it('hands out the first value kept under a key, and starts afresh past its size', () => {
    const interner = new Interner<string[]>(2);
    const first = ['a', 'b'];
    expect(interner.of('a b', first)).toBe(first);
    expect(interner.of('a b', ['a', 'b'])).toBe(first);
    interner.of('c', ['c']);
    const again = ['a', 'b'];
    expect(interner.of('d', ['d'])).toEqual(['d']); // full: started afresh
    expect(interner.of('a b', again)).toBe(again);
  });
});
