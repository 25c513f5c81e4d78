/**
 * The one image pipeline every upload goes through (logos, company photos, quote and message
 * images): the type comes from the bytes, never from the name or the client's MIME type; SVG is
 * rasterized; the picture is re-encoded without its metadata (EXIF, GPS); a display size and a
 * WebP thumbnail come out. Decompression bombs stop at a pixel limit before any decoding.
 */
import os from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from '@/server/lib/app-error';
import { IMAGE_TYPES, type ImageType } from '@/shared/schemas/upload';

/** 40 megapixels (all frames together): far above any phone photo, far below a bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DISPLAY_MAX_EDGE = 1600;
export const THUMBNAIL_MAX_EDGE = 480;
/** Plain libjpeg with optimised Huffman tables: mozjpeg saves a few percent of the bytes for about
 * twice the CPU of the whole pipeline (bench/results.md, section 5). */
export const DISPLAY_JPEG_OPTIONS = { quality: 82, progressive: true, optimiseCoding: true } as const;

export const IMAGE_MESSAGES = {
  empty: 'The file is empty.',
  notAnImage: 'The file is not a valid image.',
  tooManyPixels: 'The image is too large to process (over 40 megapixels).',
  svgExternal: 'SVG images may not reference other files.',
} as const;

export interface Rendition {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  sourceType: ImageType;
  display: Rendition;
  thumbnail: Rendition;
}

export interface ImageRules {
  allowed: readonly ImageType[];
  /** The spec's wording for a type outside `allowed`. */
  typesMessage: string;
}

/** SVG has no magic number: an XML or <svg> start within the first kilobyte decides. */
function looksLikeSvg(input: Buffer): boolean {
  const head = input
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!/^(<\?xml|<svg|<!--|<!DOCTYPE svg)/i.test(head)) return false;
  return /<svg[\s>]/i.test(input.subarray(0, 64 * 1024).toString('utf8'));
}

/**
 * librsvg draws without running scripts, but it would follow links to files and, through a DTD,
 * expand entities; an SVG logo needs neither, so such files are refused outright.
 */
function assertSelfContainedSvg(input: Buffer): void {
  const text = input.toString('utf8');
  const externalLink = /\b(?:xlink:)?href\s*=\s*["']\s*(?!#|data:)[^"']/i;
  const externalCss = /url\(\s*["']?\s*(?!#|data:)|@import/i;
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text) || externalLink.test(text) || externalCss.test(text)) {
    throw badRequest(IMAGE_MESSAGES.svgExternal);
  }
}

export async function detectImageType(input: Buffer): Promise<ImageType | undefined> {
  const detected = await fileTypeFromBuffer(input);
  // file-type names an SVG with an XML declaration plain XML.
  if (detected && detected.mime !== 'application/xml')
    return (IMAGE_TYPES as readonly string[]).includes(detected.mime) ? (detected.mime as ImageType) : undefined;
  return looksLikeSvg(input) ? 'image/svg+xml' : undefined;
}

function pixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit|exceeds|too large/i.test(error.message);
}

/**
 * sharp runs on libuv's small shared thread pool, which also reads files and hashes passwords:
 * at most half the cores process images at once, so uploads cannot starve everything else.
 */
const MAX_CONCURRENT_IMAGES = Math.max(1, Math.floor(os.availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function processImage(input: Buffer, rules: ImageRules): Promise<ProcessedImage> {
  return withImageSlot(() => processImageNow(input, rules));
}

async function processImageNow(input: Buffer, rules: ImageRules): Promise<ProcessedImage> {
  if (input.length === 0) throw badRequest(IMAGE_MESSAGES.empty);
  const sourceType = await detectImageType(input);
  if (!sourceType || !rules.allowed.includes(sourceType)) throw badRequest(rules.typesMessage);
  if (sourceType === 'image/svg+xml') assertSelfContainedSvg(input);

  const animated = sourceType === 'image/gif' || sourceType === 'image/webp';
  const open = (keepFrames: boolean) =>
    sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: keepFrames,
      failOn: 'error',
      // Rasterize SVG sharply enough for the display size.
      density: sourceType === 'image/svg+xml' ? 144 : undefined,
    });

  try {
    // The header alone says how big the picture is: refuse a bomb before decoding a pixel.
    const meta = await open(animated).metadata();
    const frames = meta.pages ?? 1;
    if (!meta.width || !meta.height) throw badRequest(IMAGE_MESSAGES.notAnImage);
    if (meta.width * (meta.pageHeight ?? meta.height) * frames > MAX_INPUT_PIXELS) {
      throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    }

    const display = open(animated)
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const displayType: Rendition['contentType'] =
      sourceType === 'image/jpeg'
        ? 'image/jpeg'
        : sourceType === 'image/gif'
          ? 'image/gif'
          : sourceType === 'image/webp'
            ? 'image/webp'
            : 'image/png';
    const encoded =
      displayType === 'image/jpeg'
        ? display.jpeg(DISPLAY_JPEG_OPTIONS)
        : displayType === 'image/gif'
          ? display.gif()
          : displayType === 'image/webp'
            ? display.webp({ quality: 82 })
            : display.png({ compressionLevel: 9 });
    const [displayOut, thumbOut] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      open(false)
        .rotate()
        .resize({ width: THUMBNAIL_MAX_EDGE, height: THUMBNAIL_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 76 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      sourceType,
      display: {
        bytes: displayOut.data,
        contentType: displayType,
        width: displayOut.info.width,
        height: displayOut.info.pageHeight ?? displayOut.info.height,
      },
      thumbnail: { bytes: thumbOut.data, contentType: 'image/webp', width: thumbOut.info.width, height: thumbOut.info.height },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (pixelLimitError(error)) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    throw badRequest(IMAGE_MESSAGES.notAnImage);
  }
}
