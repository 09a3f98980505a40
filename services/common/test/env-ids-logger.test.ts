import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseTarget, isTransientDatabaseError } from '../src/database.ts';
import { envFields, EnvError, parseEnv } from '../src/env.ts';
import { newId } from '../src/ids.ts';
import { createLogger, describeUrl } from '../src/logger.ts';

describe('parseEnv', () => {
  const schema = z.object({ PORT: envFields.port(8080), SECRET: z.string().min(32) });

  it('applies defaults and coerces', () => {
    expect(parseEnv(schema, { SECRET: 'x'.repeat(32) })).toEqual({ PORT: 8080, SECRET: 'x'.repeat(32) });
  });

  it('fails fast naming the variable, never echoing its value', () => {
    let error: unknown;
    try {
      parseEnv(schema, { PORT: '99999', SECRET: 'hunter2' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/PORT/);
    expect((error as Error).message).toMatch(/SECRET/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('newId', () => {
  it('is prefixed, 26 base32 characters, unique and time-ordered', () => {
    const a = newId('site', 1_700_000_000_000);
    const b = newId('site', 1_700_000_000_001);
    expect(a).toMatch(/^site_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newId('x'))).size).toBe(1000);
  });
});

describe('databaseTarget', () => {
  it('uses the service URL, else DATABASE_URL, with the schema named after the service', () => {
    expect(databaseTarget('identity', { DATABASE_URL: 'postgresql://u@h:5432/db' })).toEqual({
      connectionString: 'postgresql://u@h:5432/db',
      schema: 'identity',
    });
    expect(databaseTarget('identity', { DATABASE_URL: 'postgresql://u@h/db', IDENTITY_DATABASE_URL: 'postgresql://u@h/own?schema=ids' })).toEqual({
      connectionString: 'postgresql://u@h/own',
      schema: 'ids',
    });
    expect(() => databaseTarget('identity', {})).toThrow(/DATABASE_URL/);
  });

  it('classifies dropped connections as transient and constraint errors as not', () => {
    expect(isTransientDatabaseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientDatabaseError({ cause: { originalCode: '57P01' } })).toBe(true);
    expect(isTransientDatabaseError(Object.assign(new Error('dup'), { code: 'P2002' }))).toBe(false);
  });
});

describe('logger', () => {
  it('redacts secrets wherever they appear', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const logger = createLogger('t', { level: 'info' }, sink);
    logger.info({ token: 'cfs_abc', req: { headers: { authorization: 'Bearer cfs_abc' } }, body: { secret: 's3cret' } }, 'hello');
    expect(lines.join('')).not.toMatch(/cfs_abc|s3cret/);
    expect(lines.join('')).toContain('[redacted]');
  });

  it('describes a URL without its credentials or query', () => {
    expect(describeUrl('postgresql://user:pw@db:5432/app?sslmode=require')).toBe('postgresql://db:5432/app');
  });
});
