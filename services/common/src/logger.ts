/**
 * JSON logs (pino). Secrets never reach a log line: authorization headers, tokens, secrets,
 * passwords, peppers and connection strings are redacted wherever they appear.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'token',
  'secret',
  'password',
  'pepper',
  'code',
  'connectionString',
  'databaseUrl',
  '*.token',
  '*.secret',
  '*.password',
  '*.pepper',
  '*.connectionString',
  '*.databaseUrl',
  '*.authorization',
];

export function createLogger(service: string, options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  const config: LoggerOptions = {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
    ...options,
  };
  return destination ? pino(config, destination) : pino(config);
}

/** postgres://user:pass@host:5432/db?x → postgres://host:5432/db (for log lines and errors). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(unparseable url)';
  }
}
