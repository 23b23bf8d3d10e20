import { sniffImageType } from '@scentinel/domain';
import sharp, { type Sharp } from 'sharp';
import { type ImageStats, measureImage } from './image-quality.ts';

/**
 * Upload checks by content (magic bytes, not the declared type) and decoding. A file that
 * passes the sniff but cannot be decoded is a bad image: the job fails without retrying.
 */

/** JPEG, PNG or WebP by magic bytes (declared with the scan domain, which the API checks uploads with). */
export { sniffImageType };

/** The image cannot be used: wrong type, corrupt, empty or absurd. Never worth a retry. */
export class BadImageError extends Error {
  override readonly name = 'BadImageError';
}

/** Larger images are scaled down first: OCR gains nothing above this and slows down a lot. */
const MAX_SIDE = 4000;
const MAX_INPUT_PIXELS = 150_000_000;

export interface DecodedImage {
  /** Oriented (EXIF), greyscale, decoded once into raw pixels; clone it for each use. */
  image: Sharp;
  width: number;
  height: number;
  stats: ImageStats;
}

/**
 * Whether the bytes decode as an image at all (the API checks before queueing, so an upload that
 * only looks like an image is refused at once). Cheap: JPEG and WebP decode at a reduced scale;
 * truncated data fails.
 */
export async function isDecodableImage(bytes: Uint8Array): Promise<boolean> {
  if (sniffImageType(bytes) === null) return false;
  try {
    const { info } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: 64, height: 64, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return info.width > 0 && info.height > 0;
  } catch {
    return false;
  }
}

/** Decodes and measures an upload, applying its EXIF orientation. Throws `BadImageError`. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  if (sniffImageType(bytes) === null) {
    throw new BadImageError('Please select a valid image file (JPEG, PNG, or WebP).');
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    if (width < 16 || height < 16)
      throw new BadImageError(`The image is too small to read (${width}×${height}).`);
    const image = sharp(data, { raw: { width, height, channels } });
    const stats = await measureImage(image, width, height);
    return { image, width, height, stats };
  } catch (error) {
    if (error instanceof BadImageError) throw error;
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BadImageError(`The image could not be read: it looks corrupt or truncated (${why}).`);
  }
}
