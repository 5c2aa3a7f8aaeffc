import { HttpStatus } from '@nestjs/common';
import sharp from 'sharp';
import { ApiError } from '../../common/api-error';
import { photoProcessingDuration } from '../../common/metrics';
import { smallerWidths } from './photo-sizes';

/** Larger images are refused before they are decoded: a small file can claim a huge canvas. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Stored photos are bounded to this many pixels on their long edge. */
export const MAX_PHOTO_EDGE = 1600;

/** The types a photo may be, as the client is told (GET /api/news/photo-limits). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** What the bytes must be. APNG is a PNG (libvips reads its first frame). Never SVG. */
const ACCEPTED_MIME = new Set([...PHOTO_TYPES, 'image/apng']);
const ACCEPTED_FORMAT = new Set(['jpeg', 'png', 'webp']);

export const PHOTO_TYPE_MESSAGE = 'Photo must be a JPEG, PNG or WebP image';

function tooLargeMessage(maxBytes: number): string {
  return `Photo must be at most ${megabytes(maxBytes)} MB`;
}

export function photoTooLarge(maxBytes: number): ApiError {
  return ApiError.field('photo', tooLargeMessage(maxBytes), HttpStatus.PAYLOAD_TOO_LARGE);
}

/** The limits the client checks a picked file against, with the server's own refusal texts. */
export function photoLimits(maxBytes: number) {
  return { maxBytes, types: PHOTO_TYPES, typeMessage: PHOTO_TYPE_MESSAGE, sizeMessage: tooLargeMessage(maxBytes) };
}

function notAnAcceptedImage(): ApiError {
  return ApiError.field('photo', PHOTO_TYPE_MESSAGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
}

function tooManyPixels(): ApiError {
  return ApiError.field('photo', `Photo must be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`, HttpStatus.PAYLOAD_TOO_LARGE);
}

function unreadable(): ApiError {
  return ApiError.field('photo', 'Photo could not be read: the file may be damaged', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
}

/** 5242880 → "5"; 1572864 → "1.5"; small test limits keep two significant digits. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return String(mb >= 1 ? Math.round(mb * 10) / 10 : Number(mb.toPrecision(2)));
}

/** A photo as stored: the largest (the API's `photo`), its size, and the smaller copies beside it. */
export interface PreparedPhoto {
  data: Buffer;
  width: number;
  height: number;
  smaller: { width: number; data: Buffer }[];
}

/** The logo is stored square, this many pixels a side, the image contained in it on transparency. */
export const LOGO_SIZE = 256;

/**
 * Turns an uploaded file into the photo we store, or throws an ApiError keyed `photo`:
 * 1. the type is judged by the bytes (file-type), never by the name or the declared type;
 * 2. the dimensions are read from the header, without decoding, and a pixel flood is refused;
 * 3. the image is decoded and re-encoded: turned upright by its EXIF orientation, bounded to
 *    MAX_PHOTO_EDGE on the long edge, written as WebP. sharp drops all metadata (EXIF, GPS, XMP,
 *    comments) unless asked to keep it, and re-encoding leaves nothing of the original bytes;
 * 4. the smaller widths (photo-sizes.ts) are made from that.
 */
export async function preparePhoto(input: Buffer): Promise<PreparedPhoto> {
  const data = await timed(input, (image) =>
    image.resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true }),
  );
  const { width, height } = await sharp(data).metadata();
  return { data, width, height, smaller: await smallerCopies(data, width) };
}

/** The same checks and re-encoding for a logo, stored LOGO_SIZE square (transparency kept). */
export function prepareLogo(input: Buffer): Promise<Buffer> {
  return timed(input, (image) =>
    image.resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }),
  );
}

/** The copies of a stored photo (the largest, `width` px wide) at each smaller width (also for `npm run photos:resize`). */
export async function smallerCopies(largest: Buffer, width: number): Promise<{ width: number; data: Buffer }[]> {
  return Promise.all(
    smallerWidths(width).map(async (target) => ({
      width: target,
      data: await sharp(largest).resize({ width: target }).webp({ quality: 82 }).toBuffer(),
    })),
  );
}

async function timed(input: Buffer, shape: (image: sharp.Sharp) => sharp.Sharp): Promise<Buffer> {
  const stop = photoProcessingDuration.startTimer();
  try {
    const photo = await checkAndEncode(input, shape);
    stop({ outcome: 'ok' });
    return photo;
  } catch (error) {
    stop({ outcome: 'refused' });
    throw error;
  }
}

async function checkAndEncode(input: Buffer, shape: (image: sharp.Sharp) => sharp.Sharp): Promise<Buffer> {
  // file-type is ESM-only; this CommonJS build loads it with a dynamic import.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_MIME.has(type.mime)) throw notAnAcceptedImage();

  let metadata: sharp.Metadata;
  try {
    // Reading the header decodes no pixels, so the size check comes before any real work.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!metadata.format || !ACCEPTED_FORMAT.has(metadata.format)) throw notAnAcceptedImage();
  if (!metadata.width || !metadata.height) throw unreadable();
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) throw tooManyPixels();

  try {
    return await shape(sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate())
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
}
