/**
 * The `local` provider: built in, no network, no key, deterministic (the same article and profile
 * always give the same text and the same bytes). The text is composed from the article and the
 * profile (it does not translate: it keeps the article's language); the image is a 1200×630 PNG
 * drawn from an SVG by @resvg/resvg-js with a DejaVu font shipped as an npm package (resvg reads
 * TTF/OTF, and system fonts are never loaded, so every machine draws the same pixels).
 * resvg is a native addon: it is loaded when this provider is created, so a media service on
 * another provider never loads it. It renders on the libuv thread pool (renderAsync), so a render
 * never blocks the service's event loop; or, with `renderOnThisThread`, synchronously on the
 * calling thread: the embedded launcher's niced render thread (ai/provider-thread.ts), where a
 * render on libuv's pool would run on the process's shared threads at the request handlers' priority.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  AiProviderError,
  callDeadline,
  clip,
  sniffImageType,
  TEXT_LIMITS,
  textVariantSchema,
  type AiArticle,
  type AiProvider,
  type AiRequest,
  type GeneratedText,
  type SeoProfile,
} from './provider.ts';

export const LOCAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Openers for common tones; any other tone is named as it is. */
const TONE_OPENERS: Record<string, string> = {
  friendly: 'Good news worth a look:',
  casual: 'Quick read:',
  playful: 'Guess what?',
  professional: 'Key facts:',
  formal: 'In brief:',
  authoritative: 'What you need to know:',
  informative: 'The essentials:',
  enthusiastic: 'Exciting news!',
  neutral: 'Summary:',
};

function firstKeyword(profile: SeoProfile, title: string): string | undefined {
  return profile.keywords.find((k) => !title.toLowerCase().includes(k.toLowerCase()));
}

/** The text variant: the primary keyword in the title, the summary in the profile's tone, a snippet of at most TEXT_LIMITS.metaDescription characters. */
export function localText(article: AiArticle, profile: SeoProfile | null): GeneratedText {
  const body = article.summary?.trim() || article.title;
  if (!profile) return textVariantSchema.parse({ title: article.title, summary: body, metaDescription: body });
  const keyword = firstKeyword(profile, article.title);
  const title = clip(keyword ? `${article.title} | ${keyword}` : article.title, TEXT_LIMITS.title);
  const opener = TONE_OPENERS[profile.tone.toLowerCase()] ?? `${profile.tone[0]!.toUpperCase()}${profile.tone.slice(1)} take:`;
  const topics = profile.topics.length ? ` For readers of ${profile.siteName} who follow ${profile.topics.slice(0, 3).join(', ')}.` : '';
  const summary = clip(`${opener} ${body}${topics}`, TEXT_LIMITS.summary);
  const metaDescription = [keyword, body].filter(Boolean).join(': ');
  return textVariantSchema.parse({ title, summary, metaDescription });
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Greedy word wrap by character count (resvg does not wrap text): at most `maxLines` lines, the rest clipped into the last. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && next.length > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) lines.splice(maxLines - 1, lines.length, lines.slice(maxLines - 1).join(' '));
  return lines.map((l) => clip(l, width));
}

/** The image's SVG: a gradient whose hues come from the tone and topics, the title, and a line naming tone and topics. */
export function localSvg(article: AiArticle, profile: SeoProfile | null): string {
  const { width, height } = LOCAL_IMAGE_SIZE;
  const seed = createHash('sha256')
    .update(JSON.stringify([profile?.tone ?? '', profile?.topics ?? article.categories]))
    .digest();
  const hue = seed.readUInt16BE(0) % 360;
  const hue2 = (hue + 40 + (seed[2]! % 80)) % 360;
  const titleLines = wrap(article.title, 27, 4);
  const caption = clip([profile?.tone, ...(profile?.topics ?? article.categories)].filter(Boolean).join(' · '), 60);
  const top = 290 - (titleLines.length - 1) * 36;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,30%)"/><stop offset="1" stop-color="hsl(${hue2},70%,48%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${980 + (seed[3]! % 120)}" cy="${100 + (seed[4]! % 80)}" r="${150 + (seed[5]! % 80)}" fill="#fff" opacity=".12"/>`,
    `<circle cx="${80 + (seed[6]! % 120)}" cy="${560 - (seed[7]! % 60)}" r="${90 + (seed[8]! % 60)}" fill="#000" opacity=".10"/>`,
    ...titleLines.map(
      (line, i) => `<text x="70" y="${top + i * 72}" font-family="DejaVu Sans" font-weight="bold" font-size="58" fill="#fff">${escapeXml(line)}</text>`,
    ),
    caption ? `<text x="70" y="${height - 60}" font-family="DejaVu Sans" font-size="30" fill="#fff" opacity=".85">${escapeXml(caption)}</text>` : '',
    '</svg>',
  ].join('');
}

export async function createLocalProvider(options: { timeoutMs: number; renderOnThisThread?: boolean }): Promise<AiProvider> {
  const { renderAsync, Resvg } = await import('@resvg/resvg-js');
  const require = createRequire(import.meta.url);
  const fontFiles = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'].map((f) => require.resolve(f));
  const renderOptions = {
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  } as const;
  // A synchronous render cannot be interrupted: a call whose deadline passed before it starts is not begun.
  const render = options.renderOnThisThread
    ? async (svg: string, signal: AbortSignal) => {
        signal.throwIfAborted();
        return new Resvg(svg, renderOptions).render();
      }
    : (svg: string, signal: AbortSignal) => renderAsync(svg, renderOptions, signal);
  return {
    name: 'local',
    models: { text: 'local', image: 'local-resvg' },
    generateText: async (request) => localText(request.article, request.profile),
    async generateImage(request: AiRequest) {
      const deadline = callDeadline(request.signal, request.timeoutMs ?? options.timeoutMs);
      let bytes: Buffer;
      try {
        const rendered = await render(localSvg(request.article, request.profile), deadline.signal);
        bytes = rendered.asPng();
      } catch (error) {
        if (deadline.signal.aborted) throw new AiProviderError(deadline.timedOut() ? 'timeout' : 'aborted', { cause: error });
        throw error;
      }
      if (sniffImageType(bytes) !== 'image/png') throw new AiProviderError('unusable_image', { detail: 'resvg produced no PNG' });
      return { bytes, contentType: 'image/png' };
    },
  };
}
