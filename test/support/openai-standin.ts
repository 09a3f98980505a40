/**
 * A stand-in for an OpenAI-compatible API: POST /v1/chat/completions and /v1/images/generations,
 * plus GET /files/{n} for the images it answers by `url`. Its request and answer bodies are typed
 * with the `openai` package's own types, so `npm run typecheck` holds it to the real API's shapes.
 * Tests script the next answers (a failure status, a delay, raw content, a url answer, other bytes)
 * and read back what was asked.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ImageGenerateParamsNonStreaming, ImagesResponse } from 'openai/resources/images';
import type { ErrorObject } from 'openai/resources/shared';

/** A valid 1×1 PNG. */
export const STANDIN_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** How the stand-in answers one call; unset fields answer as the real API does on success. */
export interface StandInAnswer {
  /** Answer this HTTP status with an OpenAI error body instead. */
  status?: number;
  /** The error's `code` and `message` (e.g. content_policy_violation). */
  errorCode?: string;
  errorMessage?: string;
  /** Wait this long before answering (headers included); the wait ends when the client leaves. */
  delayMs?: number;
  /** Chat: the message content as is (e.g. malformed JSON). */
  content?: string;
  /** Chat: a refusal instead of content. */
  refusal?: string;
  /** Images: `url` answers a link to GET /files/{n} (default `b64_json`). */
  image?: 'b64_json' | 'url';
  /** Images: other bytes than STANDIN_PNG. */
  imageBytes?: Buffer;
  /** Images by url: the Content-Type the download claims, and whether it declares its length. */
  fileContentType?: string;
  fileChunked?: boolean;
}

export interface StandInRequest {
  path: string;
  authorization: string | undefined;
}

export interface OpenAiStandIn {
  /** Base URL ending in /v1, as AI_API_URL. */
  baseURL: string;
  requests: StandInRequest[];
  chats: ChatCompletionCreateParamsNonStreaming[];
  images: ImageGenerateParamsNonStreaming[];
  /** Downloads of /files/{n}. */
  downloads: number;
  /** The next calls' answers, in order (to either endpoint); later calls succeed. */
  next(...answers: StandInAnswer[]): void;
  /** Forgets the scripted answers and what was asked. */
  reset(): void;
  close(): Promise<void>;
}

/** The default text answer: the article's title and summary marked with a digest of the instructions (so two profiles answer differently). */
function textAnswer(params: ChatCompletionCreateParamsNonStreaming): { title: string; summary: string; metaDescription: string } {
  const system = String(params.messages.find((m) => m.role === 'system')?.content ?? '');
  const user = params.messages.findLast((m) => m.role === 'user')?.content;
  const article = JSON.parse(typeof user === 'string' ? user : '{}') as { title?: string; summary?: string };
  const mark = createHash('sha256').update(system).digest('hex').slice(0, 8);
  return {
    title: `${article.title ?? ''} [${mark}]`,
    summary: `${article.summary || article.title || ''} [${mark}]`,
    metaDescription: `${article.title ?? ''} [${mark}]`.slice(0, 160),
  };
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const queue: StandInAnswer[] = [];
  const files: Array<{ bytes: Buffer; contentType: string; chunked: boolean }> = [];
  const state: Omit<OpenAiStandIn, 'baseURL' | 'next' | 'reset' | 'close'> = { requests: [], chats: [], images: [], downloads: 0 };
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, payload: unknown) => {
    if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  };
  const fail = (res: ServerResponse, answer: StandInAnswer) => {
    const error: ErrorObject = {
      message: answer.errorMessage ?? `stand-in failure ${answer.status}`,
      type: answer.status === 429 ? 'rate_limit_error' : answer.status! >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code: answer.errorCode ?? null,
    };
    send(res, answer.status!, { error });
  };
  const wait = (req: IncomingMessage, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      req.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? '';
    const file = /^\/files\/(\d+)$/.exec(path);
    if (req.method === 'GET' && file) {
      state.downloads += 1;
      const f = files[Number(file[1])];
      if (!f) return send(res, 404, { error: { message: 'no such file', type: 'invalid_request_error', param: null, code: null } });
      if (f.chunked) {
        res.writeHead(200, { 'content-type': f.contentType });
        for (let i = 0; i < f.bytes.length && !res.destroyed; i += 1024) res.write(f.bytes.subarray(i, i + 1024));
        return res.end();
      }
      return res.writeHead(200, { 'content-type': f.contentType, 'content-length': f.bytes.length }).end(f.bytes);
    }
    state.requests.push({ path, authorization: req.headers.authorization });
    const answer = queue.shift() ?? {};
    if (answer.delayMs) await wait(req, answer.delayMs);
    if (res.destroyed) return;

    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const params = JSON.parse(raw) as ChatCompletionCreateParamsNonStreaming;
      state.chats.push(params);
      if (answer.status) return fail(res, answer);
      const completion: ChatCompletion = {
        id: `chatcmpl-${state.chats.length}`,
        object: 'chat.completion',
        created: now(),
        model: params.model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            logprobs: null,
            message: {
              role: 'assistant',
              content: answer.refusal ? null : (answer.content ?? JSON.stringify(textAnswer(params))),
              refusal: answer.refusal ?? null,
            },
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      };
      return send(res, 200, completion);
    }
    if (req.method === 'POST' && path === '/v1/images/generations') {
      const params = JSON.parse(raw) as ImageGenerateParamsNonStreaming;
      state.images.push(params);
      if (answer.status) return fail(res, answer);
      const bytes = answer.imageBytes ?? STANDIN_PNG;
      let image: NonNullable<ImagesResponse['data']>[number];
      if (answer.image === 'url') {
        files.push({ bytes, contentType: answer.fileContentType ?? 'image/png', chunked: answer.fileChunked ?? false });
        image = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/${files.length - 1}` };
      } else image = { b64_json: bytes.toString('base64') };
      const response: ImagesResponse = { created: now(), data: [image] };
      return send(res, 200, response);
    }
    send(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error', param: null, code: null } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    next: (...answers: StandInAnswer[]) => void queue.push(...answers),
    reset() {
      queue.length = 0;
      state.requests.length = state.chats.length = state.images.length = state.downloads = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
