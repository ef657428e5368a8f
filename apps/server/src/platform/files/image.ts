/**
 * An uploaded image, read in full in the parse worker (parse-tasks.ts `image`): its
 * dimensions, a thumbnail, and the proof it decodes. A truncated or corrupt image is refused
 * here, so the store never keeps one it cannot show. sharp (libvips, a prebuilt binary from
 * the npm registry) does the decoding; its pixel limit refuses a decompression bomb.
 */
import sharp from 'sharp';
import { codedFieldError } from '../errors';

// The worker decodes one image at a time and is stopped when idle: libvips' operation cache
// would only hold memory, and one libvips thread leaves the other core to the server.
sharp.cache(false);
sharp.concurrency(1);

export const IMAGE_LIMITS = {
  /** The most pixels an image may have (width × height), about a 9000 × 9000 picture. */
  maxPixels: 80_000_000,
  /** A thumbnail fits in this square. */
  thumbSize: 320,
} as const;

export interface ImageFacts {
  width: number;
  height: number;
  /** A WebP of at most thumbSize × thumbSize. */
  thumb: { bytes: Uint8Array; width: number; height: number };
}

export async function readImage(bytes: Buffer, type: string): Promise<ImageFacts> {
  const opts = { failOn: 'error', limitInputPixels: IMAGE_LIMITS.maxPixels } as const;
  try {
    const meta = await sharp(bytes, opts).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Making the thumbnail decodes every pixel (not only the header): that is what finds an image cut short.
    const { data, info } = await sharp(bytes, opts)
      .rotate()
      .resize(IMAGE_LIMITS.thumbSize, IMAGE_LIMITS.thumbSize, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return { width: meta.width, height: meta.height, thumb: { bytes: data, width: info.width, height: info.height } };
  } catch {
    throw codedFieldError('file', 'file.damaged', { type });
  }
}
