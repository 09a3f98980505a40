/**
 * The `openai` provider over real HTTP against the stand-in (test/support/openai-standin.ts): what it
 * asks, what it keeps of each answer, and how every failure is classified, with a message that never
 * carries the provider's text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiStandIn, STANDIN_PNG, type OpenAiStandIn } from '../../../test/support/openai-standin.ts';
import { AiProviderError, createAiProvider, type AiProvider, type AiRequest, type SeoProfile } from '../src/ai/providers/index.ts';
import { createOpenAiProvider } from '../src/ai/providers/openai.ts';
import { mediaEnvSchema } from '../src/env.ts';

const PROVIDER_TEXT = 'Your request was rejected by the safety system: secret-internal-detail-42';
const profile: SeoProfile = {
  siteName: 'Green Thumb Weekly',
  locale: 'pt-BR',
  keywords: ['horta urbana', 'tomates'],
  tone: 'friendly',
  topics: ['gardening', 'cooking'],
};
const request: AiRequest = {
  article: { id: 'a1', title: 'Ten ways to grow tomatoes', summary: 'Sun, water and patience.', categories: ['garden'] },
  profile,
};
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L'), Buffer.alloc(20, 1)]);

let standIn: OpenAiStandIn;
let provider: AiProvider;
const MAX_IMAGE_BYTES = 4096;

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  provider = createOpenAiProvider({
    baseURL: standIn.baseURL,
    apiKey: 'sk-test',
    textModel: 'text-model-x',
    imageModel: 'image-model-y',
    // Longer than a test may take: a per-call timeoutMs must be what ends a slow call.
    timeoutMs: 120_000,
    maxImageBytes: MAX_IMAGE_BYTES,
  });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

async function failureOf(call: Promise<unknown>): Promise<AiProviderError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

describe('the openai provider: text', () => {
  it('asks chat completions with the article and the profile, and answers the validated JSON', async () => {
    const text = await provider.generateText(request);
    expect(text.title).toMatch(/^Ten ways to grow tomatoes \[[0-9a-f]{8}\]$/);
    expect(text.summary).toContain('Sun, water and patience.');
    expect(text.metaDescription.length).toBeLessThanOrEqual(160);

    expect(standIn.requests).toEqual([{ path: '/v1/chat/completions', authorization: 'Bearer sk-test' }]);
    const [chat] = standIn.chats;
    expect(chat!.model).toBe('text-model-x');
    expect(chat!.response_format).toEqual({ type: 'json_object' });
    const system = String(chat!.messages[0]!.content);
    for (const part of ['JSON', 'pt-BR', 'friendly', 'horta urbana', 'tomates', 'gardening', 'cooking', 'Green Thumb Weekly']) expect(system).toContain(part);
    expect(JSON.parse(String(chat!.messages[1]!.content))).toEqual({ title: request.article.title, summary: request.article.summary, categories: ['garden'] });
  });

  it('writes in the article’s own voice without a profile, and two profiles ask differently', async () => {
    const plain = await provider.generateText({ ...request, profile: null });
    const other = await provider.generateText({ ...request, profile: { ...profile, tone: 'formal', keywords: ['hortas'] } });
    expect(String(standIn.chats[0]!.messages[0]!.content)).toContain("article's own language and voice");
    expect(String(standIn.chats[0]!.messages[0]!.content)).not.toContain('pt-BR');
    expect(plain.title).not.toBe(other.title);
  });

  it('keeps a JSON object wrapped in a code fence, and cuts a long metaDescription to 160 characters', async () => {
    const long = 'word '.repeat(60);
    standIn.next({ content: '```json\n' + JSON.stringify({ title: 'T', summary: 'S', metaDescription: long }) + '\n```' });
    const text = await provider.generateText(request);
    expect(text).toMatchObject({ title: 'T', summary: 'S' });
    expect(text.metaDescription.length).toBeLessThanOrEqual(160);
    expect(text.metaDescription.endsWith('…')).toBe(true);
  });

  it('treats a malformed answer as transient (a new try may be well-formed), keeping the content for logs only', async () => {
    for (const content of [
      'Sure! Here is your text: tomatoes are great',
      JSON.stringify({ title: 'T', summary: 'S' }),
      JSON.stringify({ title: '', summary: 'S', metaDescription: 'M' }),
    ]) {
      standIn.next({ content });
      const error = await failureOf(provider.generateText(request));
      expect(error).toMatchObject({ reason: 'malformed_answer', kind: 'transient' });
      expect(error.message).toBe('The AI provider answered in an unexpected form.');
      expect(error.detail).toContain(content.slice(0, 20));
    }
  });

  it('treats a model refusal as permanent', async () => {
    standIn.next({ refusal: PROVIDER_TEXT });
    const error = await failureOf(provider.generateText(request));
    expect(error).toMatchObject({ reason: 'refused', kind: 'permanent' });
    expect(error.message).not.toContain('secret-internal-detail-42');
  });
});

describe('the openai provider: images', () => {
  it('asks images/generations with the title, tone and topics, and keeps a b64_json answer as it is', async () => {
    const image = await provider.generateImage(request);
    expect(image).toEqual({ bytes: STANDIN_PNG, contentType: 'image/png' });
    const [params] = standIn.images;
    expect(params!.model).toBe('image-model-y');
    // GPT image models refuse response_format; the answer's form is handled either way.
    expect(params!.response_format).toBeUndefined();
    for (const part of ['Ten ways to grow tomatoes', 'friendly', 'gardening', 'cooking']) expect(params!.prompt).toContain(part);
  });

  it('downloads a url answer at once and reads the type from the bytes, not the header', async () => {
    standIn.next({ image: 'url', imageBytes: WEBP, fileContentType: 'image/png' });
    expect(await provider.generateImage(request)).toEqual({ bytes: WEBP, contentType: 'image/webp' });
    standIn.next({ image: 'url', fileChunked: true });
    expect(await provider.generateImage(request)).toEqual({ bytes: STANDIN_PNG, contentType: 'image/png' });
    expect(standIn.downloads).toBe(2);
  });

  it('refuses, as permanent, an image that is neither PNG nor WebP whatever its header says', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1]);
    standIn.next({ imageBytes: jpeg }, { image: 'url', imageBytes: jpeg, fileContentType: 'image/png' });
    for (let i = 0; i < 2; i++) expect(await failureOf(provider.generateImage(request))).toMatchObject({ reason: 'unusable_image', kind: 'permanent' });
  });

  it('stops a download as soon as it is larger than the media store takes, declared or not', async () => {
    const big = Buffer.concat([STANDIN_PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    standIn.next({ image: 'url', imageBytes: big }, { image: 'url', imageBytes: big, fileChunked: true }, { imageBytes: big });
    for (let i = 0; i < 3; i++) expect(await failureOf(provider.generateImage(request))).toMatchObject({ reason: 'unusable_image', kind: 'permanent' });
  });
});

describe('the openai provider: failures', () => {
  it.each([
    [408, 'provider_error'],
    [409, 'provider_error'],
    [429, 'rate_limited'],
    [500, 'provider_error'],
    [503, 'provider_error'],
  ] as const)('HTTP %i is transient (%s), asked once: retries belong to the jobs', async (status, reason) => {
    for (const call of [() => provider.generateText(request), () => provider.generateImage(request)]) {
      standIn.requests.length = 0;
      standIn.next({ status, errorMessage: PROVIDER_TEXT });
      const error = await failureOf(call());
      expect(error).toMatchObject({ reason, kind: 'transient', transient: true, status });
      expect(standIn.requests).toHaveLength(1);
    }
  });

  it.each([400, 401, 403, 404, 422])('HTTP %i is permanent', async (status) => {
    standIn.next({ status, errorMessage: PROVIDER_TEXT });
    expect(await failureOf(provider.generateText(request))).toMatchObject({ reason: 'refused', kind: 'permanent', transient: false, status });
  });

  it('a content-policy refusal is permanent, and its message carries none of the provider’s text (kept in detail for logs)', async () => {
    standIn.next({ status: 400, errorCode: 'content_policy_violation', errorMessage: PROVIDER_TEXT });
    const error = await failureOf(provider.generateImage(request));
    expect(error).toMatchObject({ reason: 'refused', kind: 'permanent', status: 400 });
    expect(error.message).toBe('The AI provider refused the request (HTTP 400).');
    expect(`${error.message} ${String(error)}`).not.toMatch(/safety|secret-internal-detail-42|content_policy/);
    expect(error.detail).toContain('secret-internal-detail-42');
  });

  it('a slow answer fails as a transient timeout at the call’s deadline', async () => {
    standIn.next({ delayMs: 60_000 }, { delayMs: 60_000 });
    const text = await failureOf(provider.generateText({ ...request, timeoutMs: 200 }));
    expect(text).toMatchObject({ reason: 'timeout', kind: 'transient' });
    expect(text.message).toBe('The AI provider did not answer in time.');
    const image = await failureOf(provider.generateImage({ ...request, timeoutMs: 200 }));
    expect(image).toMatchObject({ reason: 'timeout', kind: 'transient' });
  });

  it('the caller’s signal cancels a call, as transient', async () => {
    standIn.next({ delayMs: 60_000 });
    const controller = new AbortController();
    const call = provider.generateText({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failureOf(call)).toMatchObject({ reason: 'aborted', kind: 'transient' });
  });

  it('a refused connection is transient', async () => {
    const closed = await startOpenAiStandIn();
    await closed.close();
    const unreachable = createOpenAiProvider({ baseURL: closed.baseURL, apiKey: 'k', textModel: 't', imageModel: 'i', timeoutMs: 5000, maxImageBytes: 1000 });
    expect(await failureOf(unreachable.generateText(request))).toMatchObject({ reason: 'unreachable', kind: 'transient' });
  });
});

describe('AI_PROVIDER', () => {
  const parse = (env: Record<string, string>) => mediaEnvSchema.safeParse(env);

  it('defaults to none, for which there is no provider', async () => {
    const env = parse({});
    expect(env.success && env.data.AI_PROVIDER).toBe('none');
    expect(await createAiProvider(mediaEnvSchema.parse({}))).toBeUndefined();
  });

  it('refuses openai without AI_API_KEY, and a provider it does not know, naming the variable', () => {
    const missing = parse({ AI_PROVIDER: 'openai' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['AI_API_KEY']);
    expect(parse({ AI_PROVIDER: 'gpt' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['AI_PROVIDER']);
    expect(parse({ AI_PROVIDER: 'openai', AI_API_KEY: 'k', AI_API_URL: 'not a url' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['AI_API_URL']);
  });

  it('builds the openai provider from the environment, talking to AI_API_URL with AI_API_KEY and the models', async () => {
    const env = mediaEnvSchema.parse({
      AI_PROVIDER: 'openai',
      AI_API_URL: standIn.baseURL,
      AI_API_KEY: 'sk-env',
      AI_TEXT_MODEL: 'm-text',
      AI_IMAGE_MODEL: 'm-image',
    });
    const fromEnv = (await createAiProvider(env))!;
    expect(fromEnv).toMatchObject({ name: 'openai', models: { text: 'm-text', image: 'm-image' } });
    await fromEnv.generateText(request);
    expect(standIn.requests.at(-1)).toEqual({ path: '/v1/chat/completions', authorization: 'Bearer sk-env' });
    expect(standIn.chats.at(-1)!.model).toBe('m-text');
  });
});
