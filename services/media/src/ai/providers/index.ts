/**
 * The AI provider of AI_PROVIDER: `openai` (any OpenAI-compatible API), `local` (built in), or
 * `none`, for which there is no provider at all: callers then make no call, reserve no budget and
 * report generation as paused, rather than calling something that always refuses.
 * Each provider's module (the OpenAI SDK, resvg) is loaded only when that provider is created: a
 * process that never calls one (a media API process, the embedded launcher whose render thread
 * calls it, ai/provider-thread.ts) does not hold their code.
 */
import type { MediaEnv } from '../../env.ts';
import type { AiProvider } from './provider.ts';

export { AiProviderError, type AiProvider, type AiRequest, type GeneratedImage, type GeneratedText, type SeoProfile } from './provider.ts';

export type AiEnv = Pick<
  MediaEnv,
  'AI_PROVIDER' | 'AI_API_URL' | 'AI_API_KEY' | 'AI_TEXT_MODEL' | 'AI_IMAGE_MODEL' | 'AI_TIMEOUT_MS' | 'MEDIA_MAX_OBJECT_BYTES'
>;

export interface AiProviderOptions {
  /** The local provider renders on the calling thread (a render thread of its own) rather than on libuv's pool. */
  renderOnThisThread?: boolean;
}

export async function createAiProvider(env: AiEnv, options: AiProviderOptions = {}): Promise<AiProvider | undefined> {
  switch (env.AI_PROVIDER) {
    case 'openai': {
      const { createOpenAiProvider } = await import('./openai.ts');
      return createOpenAiProvider({
        baseURL: env.AI_API_URL,
        // mediaEnvSchema refuses AI_PROVIDER=openai without a key; a caller that built its env by hand gets the same refusal here.
        apiKey: env.AI_API_KEY ?? missingKey(),
        textModel: env.AI_TEXT_MODEL,
        imageModel: env.AI_IMAGE_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
        maxImageBytes: env.MEDIA_MAX_OBJECT_BYTES,
      });
    }
    case 'local': {
      const { createLocalProvider } = await import('./local.ts');
      return createLocalProvider({ timeoutMs: env.AI_TIMEOUT_MS, renderOnThisThread: options.renderOnThisThread ?? false });
    }
    case 'none':
      return undefined;
  }
}

function missingKey(): never {
  throw new Error('AI_API_KEY is required when AI_PROVIDER is openai');
}
