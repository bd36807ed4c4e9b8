import { open, readFile } from 'node:fs/promises';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { PROFILE_IMAGE_FORMATS, profileMessages } from '../../src/api/contract/constants.ts';
import { BmpError, decodeBmp, isBmp } from './bmp.ts';

/**
 * Profile images (docs/product/accounts.md "Profile images"): accepted by their content, never by
 * name or Content-Type, decoded with limits against decompression bombs, and re-encoded to WebP
 * without metadata.
 */
export type ImageFormat = (typeof PROFILE_IMAGE_FORMATS)[number];

/** Largest side and pixel count we decode; sharp's `limitInputPixels` enforces the latter too. */
export const IMAGE_MAX_SIDE = 10_000;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MIN_SIDE = 16;
export const AVATAR_SIZES = [512, 128, 48] as const;
export type AvatarSizePx = (typeof AVATAR_SIZES)[number];
export const COVER_WIDTH = 1000;
export const COVER_HEIGHT = 100;
/** A decode that takes longer than this is abandoned (sharp's per-pipeline timeout). */
const DECODE_TIMEOUT_S = 20;
const WEBP = { quality: 82, effort: 4 } as const;

/** A refusal of an uploaded image, with the text shown on the form field. */
export class ImageRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejected';
  }
}

/** The format an upload really is, from its first bytes (magic numbers). */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  const ascii = (start: number, end: number) =>
    String.fromCharCode(...Array.from(head.subarray(start, end)));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head[0] === 0x89 &&
    ascii(1, 4) === 'PNG' &&
    head[4] === 0x0d &&
    head[5] === 0x0a &&
    head[6] === 0x1a &&
    head[7] === 0x0a
  ) {
    return 'png';
  }
  if (head.length >= 26 && isBmp(head)) return 'bmp';
  return null;
}

async function readHead(file: string, bytes = 64): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function checkDimensions(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw new ImageRejected(profileMessages.imageUnreadable);
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new ImageRejected(profileMessages.imageDimensions);
  }
  if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
    throw new ImageRejected(profileMessages.imageTooSmall);
  }
}

/**
 * Opens an uploaded file for decoding after checking what it is and how big it decodes.
 * Throws ImageRejected with the field text for anything we do not accept.
 */
export async function openProfileImage(file: string): Promise<Sharp> {
  const format = sniffImageFormat(await readHead(file));
  if (!format) throw new ImageRejected(profileMessages.imageType);

  if (format === 'bmp') {
    let bitmap;
    try {
      bitmap = decodeBmp(await readFile(file), {
        maxSide: IMAGE_MAX_SIDE,
        maxPixels: IMAGE_MAX_PIXELS,
      });
    } catch (error) {
      if (!(error instanceof BmpError)) throw error;
      throw new ImageRejected(
        error.reason === 'too-large'
          ? profileMessages.imageDimensions
          : error.reason === 'unsupported'
            ? profileMessages.imageBmpVariant
            : profileMessages.imageUnreadable,
      );
    }
    checkDimensions(bitmap.width, bitmap.height);
    return sharp(bitmap.data, {
      raw: { width: bitmap.width, height: bitmap.height, channels: 4 },
    }).timeout({ seconds: DECODE_TIMEOUT_S });
  }

  // The header alone says how large the image decodes; refuse bombs before decoding pixels.
  let metadata;
  try {
    // Reading the header decodes no pixels, so no pixel limit applies yet; ours follows.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(profileMessages.imageUnreadable);
  }
  if (metadata.format !== format) {
    // The first bytes claim one format and the file decodes as another: refuse it.
    throw new ImageRejected(profileMessages.imageType);
  }
  checkDimensions(metadata.width, metadata.height);
  // failOn 'warning': a truncated or corrupt file fails the decode instead of rendering grey.
  return sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' })
    .timeout({ seconds: DECODE_TIMEOUT_S })
    .rotate();
}

/** WebP without metadata; a pipeline that fails to decode is refused as unreadable. */
export async function render(pipeline: Sharp): Promise<Buffer> {
  try {
    // sharp writes no metadata (EXIF, ICC, XMP) unless asked to keep it.
    return await pipeline.webp(WEBP).toBuffer();
  } catch {
    throw new ImageRejected(profileMessages.imageUnreadable);
  }
}

/** Avatars: cropped square around the centre, 512 px plus the 128 and 48 px variants. */
export async function renderAvatar(file: string): Promise<Record<AvatarSizePx, Buffer>> {
  const image = await openProfileImage(file);
  let square: { data: Buffer; info: OutputInfo };
  try {
    square = await image
      .resize(512, 512, { fit: 'cover', position: 'centre' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected(profileMessages.imageUnreadable);
  }
  const fromSquare = (size: number) =>
    sharp(square.data, { raw: { width: 512, height: 512, channels: 4 } }).resize(size, size);
  return {
    512: await render(fromSquare(512)),
    128: await render(fromSquare(128)),
    48: await render(fromSquare(48)),
  };
}

/** Covers: cropped to the 1000×100 banner. */
export async function renderCover(file: string): Promise<Buffer> {
  const image = await openProfileImage(file);
  return render(image.resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', position: 'centre' }));
}
