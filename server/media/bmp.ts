/**
 * A small, bounds-checked BMP decoder. sharp's prebuilt libvips has no BMP loader (it would need
 * ImageMagick), but BMP profile images are accepted (docs/product/accounts.md "Profile images"), so uncompressed and bit-field BMPs are
 * decoded here into RGBA pixels that sharp then re-encodes. Run-length-encoded and embedded
 * JPEG/PNG variants are refused (rare in practice, and RLE is a decompression-bomb vector).
 */

export interface DecodedBitmap {
  width: number;
  height: number;
  /** width × height × 4 bytes, RGBA, top row first. */
  data: Buffer;
}

export type BmpFailure = 'unsupported' | 'damaged' | 'too-large';

export class BmpError extends Error {
  constructor(readonly reason: BmpFailure) {
    super(`BMP ${reason}`);
  }
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

interface Channel {
  mask: number;
  shift: number;
  max: number;
}

function channelOf(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask: mask >>> 0, shift, max: (mask >>> shift) >>> 0 };
}

function scaled(value: number, channel: Channel): number {
  if (channel.max === 0) return 255;
  return Math.round(((((value & channel.mask) >>> 0) >>> channel.shift) * 255) / channel.max);
}

export function isBmp(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d;
}

/**
 * Decodes a BMP, refusing before any allocation when its dimensions exceed the limits.
 * Throws BmpError('unsupported' | 'damaged' | 'too-large').
 */
export function decodeBmp(
  file: Buffer,
  limits: { maxSide: number; maxPixels: number },
): DecodedBitmap {
  if (file.length < 26 || !isBmp(file)) throw new BmpError('damaged');
  const pixelOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  let width: number;
  let rawHeight: number;
  let bitsPerPixel: number;
  let compression = BI_RGB;
  let paletteSize = 0;
  let paletteEntryBytes = 4;
  if (headerSize === 12) {
    // OS/2 BITMAPCOREHEADER
    width = file.readUInt16LE(18);
    rawHeight = file.readInt16LE(20);
    bitsPerPixel = file.readUInt16LE(24);
    paletteEntryBytes = 3;
  } else if (headerSize >= 40 && file.length >= 14 + 40) {
    width = file.readInt32LE(18);
    rawHeight = file.readInt32LE(22);
    bitsPerPixel = file.readUInt16LE(28);
    compression = file.readUInt32LE(30);
    paletteSize = file.readUInt32LE(46);
  } else {
    throw new BmpError('damaged');
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new BmpError('damaged');
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new BmpError('too-large');
  }
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    throw new BmpError('unsupported');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) throw new BmpError('unsupported');

  // Channel masks: explicit for bit fields (after a 40-byte header, or inside V4/V5 headers).
  let red: Channel;
  let green: Channel;
  let blue: Channel;
  let alpha: Channel = { mask: 0, shift: 0, max: 0 };
  let hasAlpha = false;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bitsPerPixel !== 16 && bitsPerPixel !== 32) throw new BmpError('unsupported');
    const masksAt = 14 + 40;
    const maskCount = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    if (file.length < masksAt + maskCount * 4) throw new BmpError('damaged');
    red = channelOf(file.readUInt32LE(masksAt));
    green = channelOf(file.readUInt32LE(masksAt + 4));
    blue = channelOf(file.readUInt32LE(masksAt + 8));
    if (maskCount === 4) {
      alpha = channelOf(file.readUInt32LE(masksAt + 12));
      hasAlpha = alpha.mask !== 0;
    }
  } else if (bitsPerPixel === 16) {
    red = channelOf(0x7c00);
    green = channelOf(0x03e0);
    blue = channelOf(0x001f);
  } else {
    red = channelOf(0x00ff0000);
    green = channelOf(0x0000ff00);
    blue = channelOf(0x000000ff);
  }

  let palette: Uint8Array | null = null;
  if (bitsPerPixel <= 8) {
    const entries =
      paletteSize === 0 ? 1 << bitsPerPixel : Math.min(paletteSize, 1 << bitsPerPixel);
    const paletteAt = 14 + headerSize;
    if (file.length < paletteAt + entries * paletteEntryBytes) throw new BmpError('damaged');
    palette = new Uint8Array(256 * 3);
    for (let index = 0; index < entries; index++) {
      const at = paletteAt + index * paletteEntryBytes;
      palette[index * 3] = file[at + 2]!;
      palette[index * 3 + 1] = file[at + 1]!;
      palette[index * 3 + 2] = file[at]!;
    }
  }

  const stride = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (pixelOffset < 14 + headerSize || pixelOffset + stride * height > file.length) {
    throw new BmpError('damaged');
  }

  const out = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) {
    const source = pixelOffset + (topDown ? row : height - 1 - row) * stride;
    const target = row * width * 4;
    for (let x = 0; x < width; x++) {
      const o = target + x * 4;
      if (palette) {
        const bitOffset = x * bitsPerPixel;
        const byte = file[source + (bitOffset >> 3)]!;
        const shift = 8 - bitsPerPixel - (bitOffset & 7);
        const index = (byte >> shift) & ((1 << bitsPerPixel) - 1);
        out[o] = palette[index * 3]!;
        out[o + 1] = palette[index * 3 + 1]!;
        out[o + 2] = palette[index * 3 + 2]!;
        out[o + 3] = 255;
      } else if (bitsPerPixel === 24) {
        const at = source + x * 3;
        out[o] = file[at + 2]!;
        out[o + 1] = file[at + 1]!;
        out[o + 2] = file[at]!;
        out[o + 3] = 255;
      } else {
        const value =
          bitsPerPixel === 16
            ? file.readUInt16LE(source + x * 2)
            : file.readUInt32LE(source + x * 4);
        out[o] = scaled(value, red);
        out[o + 1] = scaled(value, green);
        out[o + 2] = scaled(value, blue);
        out[o + 3] = hasAlpha ? scaled(value, alpha) : 255;
      }
    }
  }
  return { width, height, data: out };
}
