/**
 * The built-in `local` provider: deterministic text from the article and the profile, and a real
 * PNG (checked by decoding it: chunk CRCs, IHDR size, inflated scanlines) drawn without network,
 * key or system fonts.
 */
import { crc32, inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAiProvider, type AiProvider, type AiRequest, type SeoProfile } from '../src/ai/providers/index.ts';
import { LOCAL_IMAGE_SIZE, localSvg, localText } from '../src/ai/providers/local.ts';
import { mediaEnvSchema } from '../src/env.ts';

const garden: SeoProfile = {
  siteName: 'Green Thumb Weekly',
  locale: 'en',
  keywords: ['urban gardening', 'tomatoes'],
  tone: 'friendly',
  topics: ['gardening', 'cooking'],
};
const finance: SeoProfile = { siteName: 'Money Desk', locale: 'en-GB', keywords: ['personal finance'], tone: 'formal', topics: ['markets'] };
const article: AiRequest['article'] = {
  id: 'a1',
  title: 'Ten ways to grow tomatoes on a balcony, even in a small flat with little sun & a <tiny> budget',
  summary: 'Sun, water and patience. '.repeat(20).trim(),
  categories: ['garden'],
};

/** Decodes a PNG far enough to prove it is one: signature, every chunk's CRC, IHDR, and the inflated image data's size. */
function decodePng(bytes: Buffer): { width: number; height: number; colorType: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const idat: Buffer[] = [];
  let header: { width: number; height: number; bitDepth: number; colorType: number } | undefined;
  let offset = 8;
  let type = '';
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0, `CRC of ${type}`).toBe(bytes.readUInt32BE(offset + 8 + length));
    if (type === 'IHDR') header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colorType: data[9]! };
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  expect(type).toBe('IEND');
  expect(header?.bitDepth).toBe(8);
  const channels = { 2: 3, 6: 4 }[header!.colorType as 2 | 6];
  expect(channels, `color type ${header!.colorType}`).toBeDefined();
  // One filter byte per scanline, then the pixels.
  expect(inflateSync(Buffer.concat(idat)).length).toBe(header!.height * (1 + header!.width * channels!));
  return header!;
}

describe('the local provider: text', () => {
  it('is deterministic, puts the primary keyword in the title and writes the summary in the profile’s tone', () => {
    const text = localText(article, garden);
    expect(localText(article, garden)).toEqual(text);
    expect(text.title).toBe(`${article.title} | urban gardening`);
    expect(text.summary.startsWith('Good news worth a look: Sun, water and patience.')).toBe(true);
    expect(text.summary).toContain('gardening, cooking');
    expect(text.metaDescription.startsWith('urban gardening: Sun, water')).toBe(true);
    expect(text.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it('gives two profiles different text, and keeps the article’s own voice without a profile', () => {
    const a = localText(article, garden);
    const b = localText(article, finance);
    expect(b.title).toContain('personal finance');
    expect(b.summary.startsWith('In brief:')).toBe(true);
    for (const field of ['title', 'summary', 'metaDescription'] as const) expect(a[field]).not.toBe(b[field]);
    expect(localText(article, null)).toMatchObject({ title: article.title, summary: article.summary });
    // A tone it has no opener for is named as it is; a keyword already in the title is not repeated.
    const other = localText({ ...article, summary: null }, { ...garden, tone: 'witty', keywords: ['tomatoes', 'balcony'] });
    expect(other.title).toBe(article.title);
    expect(other.summary.startsWith(`Witty take: ${article.title}`)).toBe(true);
  });
});

describe('the local provider: images', () => {
  let provider: AiProvider;
  beforeAll(async () => {
    provider = (await createAiProvider(mediaEnvSchema.parse({ AI_PROVIDER: 'local' })))!;
  });

  it('renders a real 1200×630 PNG, the same bytes for the same input', async () => {
    const image = await provider.generateImage({ article, profile: garden });
    expect(image.contentType).toBe('image/png');
    expect(decodePng(image.bytes)).toMatchObject(LOCAL_IMAGE_SIZE);
    expect((await provider.generateImage({ article, profile: garden })).bytes.equals(image.bytes)).toBe(true);
    // Text was drawn: the same picture without the title differs.
    const untitled = await provider.generateImage({ article: { ...article, title: ' ' }, profile: garden });
    expect(untitled.bytes.equals(image.bytes)).toBe(false);
  });

  it('draws another picture for another profile, and one without a profile', async () => {
    const a = await provider.generateImage({ article, profile: garden });
    const b = await provider.generateImage({ article, profile: finance });
    const c = await provider.generateImage({ article, profile: null });
    expect(a.bytes.equals(b.bytes)).toBe(false);
    expect(decodePng(c.bytes)).toMatchObject(LOCAL_IMAGE_SIZE);
  });

  it('escapes the title into the SVG and wraps it into at most four lines', () => {
    const svg = localSvg(article, garden);
    expect(svg).not.toContain('<tiny>');
    expect(svg).toContain('&#60;tiny&#62;');
    expect(svg.match(/font-size="58"/g)?.length).toBeLessThanOrEqual(4);
  });

  it('answers its text through the provider interface, as the openai provider does', async () => {
    expect(provider).toMatchObject({ name: 'local' });
    expect(await provider.generateText({ article, profile: garden })).toEqual(localText(article, garden));
  });
});
