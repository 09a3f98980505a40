// What test/support/global-setup.ts provides to every test file (vitest `inject`).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}
