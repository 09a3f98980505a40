/** Small HTTP helpers for the system tests (plain fetch, like any client). */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { checkAgainstOpenApi } from './openapi.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: tests assert on `text`
  }
  const mismatch = checkAgainstOpenApi(method, path, res.status, parsed);
  if (mismatch) throw new Error(`OpenAPI drift: ${mismatch}`);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Asserts the exact error envelope: {"error":{"code","message"}} and nothing else. */
export function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: (answer.body as { error?: { code?: string } })?.error?.code }).toEqual({ status, code });
  const body = answer.body as { error: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(typeof body.error.message).toBe('string');
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expectSafeMessage(body.error.message as string);
}

/** A message that reaches a client never holds a stack, SQL, a connection string, a token or a path. */
export function expectSafeMessage(message: string): void {
  expect(message).not.toMatch(/\n\s+at |postgres(ql)?:\/\/|redis:\/\/|cfs_[0-9A-Za-z]{20,}|SELECT |INSERT |UPDATE |\/work\/|\/home\/|node_modules|\.ts:\d+/);
}

/**
 * A request whose body is sent in two parts: the headers and the first `first` characters now, the
 * rest when `finish` is called (a client trickling its body). `finish` resolves with the answer.
 */
export function trickledRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
  first: number,
): { finish: () => Promise<{ status: number; body: unknown }> } {
  const req = httpRequest(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, first));
  return {
    finish: () => {
      req.end(body.slice(first));
      return answer;
    },
  };
}
