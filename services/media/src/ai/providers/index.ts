/**
 * The AI provider of AI_PROVIDER: `openai` (any OpenAI-compatible API), `local` (built in), or
 * `none`, for which there is no provider at all: callers then make no call, reserve no budget and
 * report generation as paused, rather than calling something that always refuses.
 */
import type { MediaEnv } from '../../env.ts';
import { createLocalProvider } from './local.ts';
import { createOpenAiProvider } from './openai.ts';
import type { AiProvider } from './provider.ts';

export { AiProviderError, type AiProvider, type AiRequest, type GeneratedImage, type GeneratedText, type SeoProfile } from './provider.ts';

type AiEnv = Pick<MediaEnv, 'AI_PROVIDER' | 'AI_API_URL' | 'AI_API_KEY' | 'AI_TEXT_MODEL' | 'AI_IMAGE_MODEL' | 'AI_TIMEOUT_MS' | 'MEDIA_MAX_OBJECT_BYTES'>;

export async function createAiProvider(env: AiEnv): Promise<AiProvider | undefined> {
  switch (env.AI_PROVIDER) {
    case 'openai':
      return createOpenAiProvider({
        baseURL: env.AI_API_URL,
        // mediaEnvSchema refuses AI_PROVIDER=openai without a key; a caller that built its env by hand gets the same refusal here.
        apiKey: env.AI_API_KEY ?? missingKey(),
        textModel: env.AI_TEXT_MODEL,
        imageModel: env.AI_IMAGE_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
        maxImageBytes: env.MEDIA_MAX_OBJECT_BYTES,
      });
    case 'local':
      return createLocalProvider({ timeoutMs: env.AI_TIMEOUT_MS });
    case 'none':
      return undefined;
  }
}

function missingKey(): never {
  throw new Error('AI_API_KEY is required when AI_PROVIDER is openai');
}
