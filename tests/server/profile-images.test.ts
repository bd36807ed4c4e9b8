import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '../../src/api/contract/constants.ts';
import { decodeBmp } from '../../server/media/bmp.ts';
import { createMember, multipart, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

// ---- A corpus of image files, good and hostile, made here so the test shows what they are.

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 251)), {
    raw: { width, height, channels: 3 },
  });

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of width × height grey pixels: tiny on disk, huge when decoded. Small ones are complete;
 * for huge ones only the first rows are written (the header is what a bomb check must read).
 */
function pngBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + width); // filter byte + pixels
  const rows = Buffer.alloc(row.length * (width * height <= 1_000_000 ? height : 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An uncompressed BMP (24-bit, or 8-bit with a grey palette). */
function bmp(width: number, height: number, bits: 24 | 8) {
  const stride = Math.ceil((width * bits) / 32) * 4;
  const paletteBytes = bits === 8 ? 256 * 4 : 0;
  const offset = 54 + paletteBytes;
  const file = Buffer.alloc(offset + stride * height);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bits, 28);
  for (let i = 0; i < paletteBytes / 4; i++) file.fill(i, 54 + i * 4, 54 + i * 4 + 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = offset + y * stride + (x * bits) / 8;
      if (bits === 8) file[at] = (x * 7 + y) % 256;
      else file.fill((x + y) % 256, at, at + 3);
    }
  }
  return file;
}

const files = {
  png: () => noise(300, 200).png().toBuffer(),
  jpegWithExif: () =>
    noise(400, 300)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'gps-trail' } } })
      .toBuffer(),
  gif: () => noise(64, 64).gif().toBuffer(),
  webp: () => noise(200, 200).webp().toBuffer(),
};

describe('the BMP decoder', () => {
  it('decodes 24-bit and 8-bit palette bitmaps bottom-up into RGBA', () => {
    const decoded = decodeBmp(bmp(3, 2, 24), { maxSide: 100, maxPixels: 1000 });
    expect(decoded).toMatchObject({ width: 3, height: 2 });
    // Row 0 of the output is the last row of the file (bottom-up): value (x + 1) % 256.
    expect([...decoded.data.subarray(0, 4)]).toEqual([1, 1, 1, 255]);
    const paletted = decodeBmp(bmp(4, 1, 8), { maxSide: 100, maxPixels: 1000 });
    expect([...paletted.data.subarray(4, 8)]).toEqual([7, 7, 7, 255]);
  });

  it('refuses dimensions over the limit before allocating pixels', () => {
    const header = bmp(2, 2, 24);
    header.writeInt32LE(50_000, 18);
    header.writeInt32LE(50_000, 22);
    expect(() => decodeBmp(header, { maxSide: 10_000, maxPixels: 40_000_000 })).toThrow(
      /too-large/,
    );
  });

  it('refuses pixel data shorter than the header promises', () => {
    const file = bmp(20, 20, 24);
    expect(() =>
      decodeBmp(file.subarray(0, file.length - 100), { maxSide: 100, maxPixels: 10_000 }),
    ).toThrow(/damaged/);
  });
});

describeEachDatabase('profile images', (dialect) => {
  let t: TestApp;
  let owner: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await createMember(t, 'imagetester1');
  });
  afterAll(() => t.close());

  const upload = async (
    url: string,
    field: string,
    file: { data: Uint8Array; filename: string; type?: string },
    member: Member = owner,
  ) => {
    const body = await multipart({}, { [field]: file });
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...member.auth },
    });
  };

  const storedFiles = () => {
    const found: string[] = [];
    for (const kind of ['avatars', 'covers']) {
      const dir = path.join(t.dataDir, 'media', kind, String(owner.userId));
      if (existsSync(dir)) found.push(...readdirSync(dir).map((name) => `${kind}/${name}`));
    }
    return found;
  };
  const temporaryUploads = () => {
    const dir = t.services.uploadPaths.forms;
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const versions = async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${owner.userId}` });
    const { avatar_version, cover_version } = reply.json().data;
    return { avatar_version, cover_version };
  };

  describe('a hostile corpus is refused with a field error, nothing stored, no 5xx', () => {
    const corpus: {
      name: string;
      make: () => Promise<{ data: Uint8Array; filename: string; type?: string }>;
      status: number;
      message: string;
    }[] = [
      {
        name: 'an MP3 renamed to .png and sent as image/png',
        make: async () => ({
          data: Buffer.concat([
            Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000'),
            Buffer.alloc(4000, 0xfb),
          ]),
          filename: 'photo.png',
          type: 'image/png',
        }),
        status: 400,
        message: profileMessages.imageType,
      },
      {
        name: 'a PNG renamed to .mp3 (the name and the content disagree)',
        make: async () => ({
          data: await files.png(),
          filename: 'voice-note.mp3',
          type: 'audio/mpeg',
        }),
        status: 400,
        message: profileMessages.imageType,
      },
      {
        name: 'an SVG with a script, named .png',
        make: async () => ({
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
          ),
          filename: 'avatar.png',
          type: 'image/png',
        }),
        status: 400,
        message: profileMessages.imageType,
      },
      {
        name: 'an SVG sent as image/svg+xml',
        make: async () => ({
          data: Buffer.from(
            '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
          ),
          filename: 'avatar.svg',
          type: 'image/svg+xml',
        }),
        status: 400,
        message: profileMessages.imageType,
      },
      {
        name: 'a 1×100000-pixel PNG',
        make: async () => ({ data: pngBomb(1, 100_000), filename: 'tall.png', type: 'image/png' }),
        status: 400,
        message: profileMessages.imageDimensions,
      },
      {
        name: 'a 30000×30000-pixel PNG bomb (900 megapixels, a few KB on disk)',
        make: async () => ({
          data: pngBomb(30_000, 30_000),
          filename: 'bomb.png',
          type: 'image/png',
        }),
        status: 400,
        message: profileMessages.imageDimensions,
      },
      {
        name: 'a truncated JPEG',
        make: async () => {
          const jpeg = await noise(400, 400).jpeg({ quality: 95 }).toBuffer();
          return {
            data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
            filename: 'cut.jpg',
            type: 'image/jpeg',
          };
        },
        status: 400,
        message: profileMessages.imageUnreadable,
      },
      {
        name: 'an 11 MB file',
        make: async () => {
          const data = Buffer.alloc(11 * 1024 * 1024, 0x41);
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
          return { data, filename: 'huge.png', type: 'image/png' };
        },
        status: 413,
        message: profileMessages.imageTooBig,
      },
      {
        name: 'an RLE-compressed BMP',
        make: async () => {
          const data = bmp(20, 20, 8);
          data.writeUInt32LE(1, 30); // BI_RLE8
          return { data, filename: 'old.bmp', type: 'image/bmp' };
        },
        status: 400,
        message: profileMessages.imageBmpVariant,
      },
    ];

    for (const item of corpus) {
      for (const [url, field] of [
        ['/api/v1/user/avatarimage', 'avatar'],
        ['/api/v1/user/coverimage', 'cover'],
      ] as const) {
        it(`${item.name} → ${url}`, async () => {
          const reply = await upload(url, field, await item.make());
          expect(reply.statusCode).toBe(item.status);
          const body = reply.json();
          expect(body.success).toBe(false);
          expect(body.formFieldErrorMessages[field]).toBe(item.message);
          expect(storedFiles()).toEqual([]);
          expect(temporaryUploads()).toEqual([]);
          expect(await versions()).toEqual({ avatar_version: null, cover_version: null });
        });
      }
    }

    it('refuses a hostile avatar in POST /user/me and leaves the profile unchanged', async () => {
      const body = await multipart(
        {
          displayname: 'Changed Name',
          about: 'changed',
          private_by_default: 'FALSE',
          play_beep: 'TRUE',
          usercountrycode: 'DE',
          userregionname: 'Berlin',
        },
        {
          avatar: {
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
            filename: 'a.png',
            type: 'image/png',
          },
        },
      );
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/me',
        payload: body.payload,
        headers: { ...body.headers, ...owner.auth },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().formFieldErrorMessages).toEqual({ avatar: profileMessages.imageType });
      const info = await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${owner.userId}` });
      expect(info.json().data).toMatchObject({ displayname: '', usercountrycode: 'US' });
      expect(storedFiles()).toEqual([]);
    });
  });

  describe('good images are re-encoded to WebP', () => {
    it('stores a JPEG avatar as 512, 128 and 48 px square WebP without its EXIF', async () => {
      const reply = await upload('/api/v1/user/avatarimage', 'avatar', {
        data: await files.jpegWithExif(),
        // The type says nothing true and the name is another image format: the content decides.
        filename: 'photo.png',
        type: 'audio/mpeg',
      });
      expect(reply.statusCode).toBe(200);
      const version = reply.json().data.avatar_version as string;
      expect(version).toMatch(/^[a-f0-9]{12}$/);
      for (const size of [512, 128, 48]) {
        const image = await t.app.inject({
          method: 'GET',
          url: `/media/avatars/${owner.userId}/${size}.webp?v=${version}`,
        });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['cache-control']).toContain('immutable');
        const meta = await sharp(image.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
        expect(meta.exif).toBeUndefined();
        expect(image.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
      }
    });

    it('replaces the previous avatar files when a new avatar arrives', async () => {
      const first = (await versions()).avatar_version as string;
      const reply = await upload('/api/v1/user/avatarimage', 'avatar', {
        data: await files.gif(),
        filename: 'anim.gif',
      });
      expect(reply.statusCode).toBe(200);
      const second = reply.json().data.avatar_version as string;
      expect(second).not.toBe(first);
      const names = storedFiles().filter((name) => name.startsWith('avatars/'));
      expect(names.sort()).toEqual(
        [48, 128, 512].map((size) => `avatars/${second}-${size}.webp`).sort(),
      );
      // A stale versioned URL still answers, with the current image and no long caching.
      const stale = await t.app.inject({
        method: 'GET',
        url: `/media/avatars/${owner.userId}/128.webp?v=${first}`,
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['cache-control']).not.toContain('immutable');
    });

    for (const [name, make] of [
      ['PNG', files.png],
      ['WebP', files.webp],
      ['24-bit BMP', async () => bmp(320, 90, 24)],
      ['8-bit BMP', async () => bmp(250, 120, 8)],
    ] as const) {
      it(`stores a ${name} cover as a 1000×100 WebP banner`, async () => {
        const reply = await upload('/api/v1/user/coverimage', 'cover', {
          data: await make(),
          filename: 'banner',
        });
        expect(reply.statusCode).toBe(200);
        const version = reply.json().data.cover_version;
        const image = await t.app.inject({
          method: 'GET',
          url: `/media/covers/${owner.userId}.webp?v=${version}`,
        });
        expect(image.statusCode).toBe(200);
        const meta = await sharp(image.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 100 });
      });
    }
  });

  describe('fallback images', () => {
    it('answers users without an image with the fallback avatar and the default teal banner', async () => {
      const other = await createMember(t, 'noimages22');
      const avatar = await t.app.inject({
        method: 'GET',
        url: `/media/avatars/${other.userId}/128.webp`,
      });
      expect(avatar.statusCode).toBe(200);
      expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });
      const cover = await t.app.inject({
        method: 'GET',
        url: `/media/covers/${other.userId}.webp`,
      });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers.etag).toBe('"cover-default"');
      // A preset the user chose serves instead.
      await t.db.kysely
        .updateTable('users')
        .set({ cover_preset: 7 })
        .where('id', '=', other.userId)
        .execute();
      const chosen = await t.app.inject({
        method: 'GET',
        url: `/media/covers/${other.userId}.webp`,
      });
      expect(chosen.headers.etag).toBe('"cover-07"');
    });

    it('gives the anonymous user the fallback avatar and the default teal banner', async () => {
      const id = t.services.anonymousUserId;
      const cover = await t.app.inject({ method: 'GET', url: `/media/covers/${id}.webp` });
      expect(cover.headers.etag).toBe('"cover-default"');
      const { dominant } = await sharp(cover.rawPayload).stats();
      // Teal: green and blue well above red.
      expect(dominant.g).toBeGreaterThan(dominant.r + 40);
      expect(dominant.b).toBeGreaterThan(dominant.r + 40);
      const avatar = await t.app.inject({ method: 'GET', url: `/media/avatars/${id}/48.webp` });
      expect(avatar.headers.etag).toBe('"avatar-fallback-48"');
    });

    it('answers 304 to a matching If-None-Match and 404 for an unknown user', async () => {
      const id = t.services.anonymousUserId;
      const again = await t.app.inject({
        method: 'GET',
        url: `/media/covers/${id}.webp`,
        headers: { 'if-none-match': '"cover-default"' },
      });
      expect(again.statusCode).toBe(304);
      const missing = await t.app.inject({ method: 'GET', url: '/media/avatars/999999/48.webp' });
      expect(missing.statusCode).toBe(404);
    });
  });

  it('refuses image uploads by the anonymous user', async () => {
    const body = await multipart({}, { avatar: { data: await files.png(), filename: 'a.png' } });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatarimage',
      payload: body.payload,
      headers: body.headers,
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe('must be signed in');
  });
});
