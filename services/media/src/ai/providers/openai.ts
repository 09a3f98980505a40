/**
 * The `openai` provider: any OpenAI-compatible HTTP API (OpenAI itself, or a local server such as
 * LocalAI, vLLM or Ollama) through the official `openai` package. Text by chat completions with a
 * JSON answer, images by images/generations (a `b64_json` answer is kept as it is, a `url` answer
 * downloaded at once). The client never retries (maxRetries 0): retries, their backoff and their
 * budget belong to the generation jobs, which learn from AiProviderError whether to retry.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import {
  AiProviderError,
  callDeadline,
  failureOfStatus,
  generatedTextSchema,
  sniffImageType,
  TEXT_LIMITS,
  type AiArticle,
  type AiProvider,
  type AiRequest,
  type GeneratedImage,
  type GeneratedText,
  type SeoProfile,
} from './provider.ts';

export interface OpenAiProviderOptions {
  /** The API's base URL, ending in /v1 (AI_API_URL). */
  baseURL: string;
  apiKey: string;
  textModel: string;
  imageModel: string;
  /** The longest a call may take, an image download included (AI_TIMEOUT_MS). */
  timeoutMs: number;
  /** The largest image accepted (MEDIA_MAX_OBJECT_BYTES: what the media store takes). */
  maxImageBytes: number;
}

/** The chat messages of a text variant: instructions and profile in the system message, the article (as data) in the user message. */
export function textPrompt(article: AiArticle, profile: SeoProfile | null): ChatCompletionMessageParam[] {
  const voice = profile
    ? [
        `Write for the website "${profile.siteName}", in the language of the locale ${profile.locale}, in a ${profile.tone} tone.`,
        profile.keywords.length ? `Use some of these keywords where they fit naturally: ${profile.keywords.join(', ')}.` : '',
        profile.topics.length ? `The website's topics: ${profile.topics.join(', ')}.` : '',
      ]
    : ["Write in the article's own language and voice."];
  const system = [
    "You rewrite a news article's title and summary for a website.",
    'Answer with one JSON object with exactly three string fields: "title" (at most 120 characters), "summary" (2 to 4 sentences)',
    `and "metaDescription" (at most ${TEXT_LIMITS.metaDescription} characters, shown in search results). Keep to the facts of the article and add none.`,
    ...voice,
  ];
  const data = { title: article.title, summary: article.summary ?? '', categories: article.categories };
  return [
    { role: 'system', content: system.filter(Boolean).join(' ') },
    { role: 'user', content: JSON.stringify(data) },
  ];
}

/** The image prompt: the article's title, and the profile's tone and topics (the article's categories without a profile). */
export function imagePrompt(article: AiArticle, profile: SeoProfile | null): string {
  const themes = profile?.topics.length ? profile.topics : article.categories;
  return [
    `A hero image for the article "${article.title}".`,
    profile ? `Mood: ${profile.tone}.` : '',
    themes.length ? `Themes: ${themes.join(', ')}.` : '',
    'No text, letters or logos in the image.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Reads the JSON object of a chat answer; models sometimes wrap it in a code fence or a sentence. */
function parseTextAnswer(content: string | null | undefined): GeneratedText {
  const start = content?.indexOf('{') ?? -1;
  const end = content?.lastIndexOf('}') ?? -1;
  let json: unknown;
  try {
    json = start >= 0 && end > start ? JSON.parse(content!.slice(start, end + 1)) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = generatedTextSchema.safeParse(json);
  if (!parsed.success) throw new AiProviderError('malformed_answer', { detail: `chat answer: ${(content ?? '(no content)').slice(0, 500)}` });
  return parsed.data;
}

/** Any failure of a call, as an AiProviderError (errors that are not the provider's are programming errors and pass through). */
function failureOf(error: unknown, timedOut: () => boolean): unknown {
  if (error instanceof AiProviderError) return error;
  const abort = error instanceof APIUserAbortError || (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'));
  if (abort || error instanceof APIConnectionTimeoutError) return new AiProviderError(abort && !timedOut() ? 'aborted' : 'timeout', { cause: error });
  if (error instanceof APIConnectionError) return new AiProviderError('unreachable', { detail: String(error.cause ?? error.message), cause: error });
  if (error instanceof APIError && error.status !== undefined) return failureOfStatus(error.status, error.message, error);
  // fetch (the image download) rejects with a TypeError when it cannot connect.
  if (error instanceof TypeError && error.message === 'fetch failed') return new AiProviderError('unreachable', { detail: String(error.cause), cause: error });
  return error;
}

/** Downloads a generated image's URL, stopping as soon as it is larger than `maxBytes`. */
async function download(url: string, signal: AbortSignal, maxBytes: number): Promise<Buffer> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') throw new AiProviderError('malformed_answer', { detail: 'image url is not http(s)' });
  const response = await fetch(parsed, { signal });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw failureOfStatus(response.status, `image download: HTTP ${response.status}`);
  }
  const tooLarge = () => new AiProviderError('unusable_image', { detail: `image download over ${maxBytes} bytes` });
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Only what AI_* says: never OPENAI_ORG_ID / OPENAI_PROJECT_ID picked up from the environment.
    organization: null,
    project: null,
  });

  async function call<T>(request: AiRequest, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = callDeadline(request.signal, request.timeoutMs ?? options.timeoutMs);
    try {
      return await work(deadline.signal);
    } catch (error) {
      throw failureOf(error, deadline.timedOut);
    }
  }

  return {
    name: 'openai',
    models: { text: options.textModel, image: options.imageModel },

    generateText: (request) =>
      call(request, async (signal) => {
        const body: ChatCompletionCreateParamsNonStreaming = {
          model: options.textModel,
          response_format: { type: 'json_object' },
          messages: textPrompt(request.article, request.profile),
        };
        const answer = await client.chat.completions.create(body, { signal });
        const choice = answer.choices[0];
        if (choice?.message.refusal || choice?.finish_reason === 'content_filter')
          throw new AiProviderError('refused', { detail: choice.message.refusal ?? 'finish_reason content_filter' });
        return parseTextAnswer(choice?.message.content);
      }),

    generateImage: (request) =>
      call(request, async (signal): Promise<GeneratedImage> => {
        // No response_format: GPT image models refuse it and always answer b64_json; others answer
        // url by default. Both are handled.
        const body: ImageGenerateParamsNonStreaming = {
          model: options.imageModel,
          prompt: imagePrompt(request.article, request.profile),
          n: 1,
          size: '1024x1024',
        };
        const answer = await client.images.generate(body, { signal });
        const image = answer.data?.[0];
        let bytes: Buffer;
        if (image?.b64_json) {
          if (image.b64_json.length * 0.75 > options.maxImageBytes + 2)
            throw new AiProviderError('unusable_image', { detail: `b64_json over ${options.maxImageBytes} bytes` });
          bytes = Buffer.from(image.b64_json, 'base64');
        } else if (image?.url) bytes = await download(image.url, signal, options.maxImageBytes);
        else throw new AiProviderError('malformed_answer', { detail: 'images answer without b64_json or url' });
        const contentType = sniffImageType(bytes);
        if (!contentType) throw new AiProviderError('unusable_image', { detail: `image bytes start ${bytes.subarray(0, 12).toString('hex')}` });
        return { bytes, contentType };
      }),
  };
}
