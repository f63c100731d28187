import { createHash } from 'node:crypto';
import { IMAGE_VARIANT_WIDTHS } from '../../core/images';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../core/schemas/profile';
import { DomainError } from '../domain-error';

const importSharp = () => import('sharp');
let sharpModule: ReturnType<typeof importSharp> | undefined;
/** libvips is loaded with the first picture rather than at every start (decision 107). */
export async function loadSharp() {
  sharpModule ??= importSharp().then((module) => {
    // One thread per picture: a re-encoding never takes every core from the reads beside it.
    module.default.concurrency(1);
    return module;
  });
  return (await sharpModule).default;
}

let lastInLine: Promise<unknown> = Promise.resolve();
/**
 * Re-encodings on one instance run one after another: eight parallel uploads took an anonymous event
 * read from 15 ms to 561 ms (issue 23); in line, they cost one core at most, whatever their number.
 */
function inLine<T>(work: () => Promise<T>): Promise<T> {
  const turn = lastInLine.then(work, work);
  lastInLine = turn.catch(() => undefined);
  return turn;
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

function sniffType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Width and height from the file's own header, without decoding the picture. */
export function readImageSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  if (type === 'image/png') {
    if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type === 'image/webp') {
    const chunk = bytes.toString('ascii', 12, 16);
    if (chunk === 'VP8X' && bytes.length >= 30) {
      return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    }
    if (chunk === 'VP8 ' && bytes.length >= 30) {
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    }
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const bits = bytes.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    return null;
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=\s]+)$/;

/** A checked, re-encoded picture ready for the store: its hash, size and WebP copies. */
export interface PreparedImage {
  /** Lowercase hex SHA-256 of `bytes`: the picture's key and URL. */
  hash: string;
  contentType: ImageType;
  width: number;
  height: number;
  bytes: Buffer;
  variants: Array<{ width: number; contentType: 'image/webp'; bytes: Buffer }>;
}

/**
 * Checks an uploaded picture (a data URL) by what it really is: JPEG, PNG or WebP by its magic
 * bytes, at most 5MB, at most 800 pixels a side (the client scales it; anything else is refused).
 * Then decodes it and encodes it again (docs/decisions/026-uploads-re-encoded.md): only pixels are
 * stored, never bytes the uploader chose (a JPEG that is also an HTML page, EXIF with their GPS).
 * The result is keyed by the SHA-256 of the re-encoded bytes, with its WebP copies made here, before
 * any transaction opens (docs/decisions/084-images-by-content-hash.md).
 */
export async function prepareImageDataUrl(dataUrl: string, field: string): Promise<PreparedImage> {
  const refuse = (message: string) =>
    new DomainError('image_refused', message, { fields: { [field]: message } });
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw refuse('The image must be an uploaded picture');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw refuse(IMAGE_TOO_LARGE);
  const type = sniffType(bytes);
  if (!type) throw refuse('The image must be a JPEG, PNG or WebP picture');
  const size = readImageSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw refuse('The image could not be read');
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) {
    throw refuse(`The image must be at most ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} pixels`);
  }
  const prepared = await inLine(() => reencodeImage(bytes, type));
  if (!prepared) throw refuse('The image could not be read');
  return prepared;
}

/** The picture's pixels in a fresh file of the same type, upright, without metadata; null if undecodable. */
async function reencodeImage(bytes: Buffer, type: ImageType): Promise<PreparedImage | null> {
  const sharp = await loadSharp();
  try {
    // The header said ≤ 800×800; the pixel limit also stops a file that lies about its size.
    const image = sharp(bytes, {
      limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE,
      failOn: 'error',
    }).rotate();
    const encoded =
      type === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : type === 'image/webp'
          ? image.webp({ quality: 85 })
          : image.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        width,
        contentType: 'image/webp' as const,
        bytes: await sharp(data).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return {
      hash: createHash('sha256').update(data).digest('hex'),
      contentType: type,
      width: info.width,
      height: info.height,
      bytes: data,
      variants,
    };
  } catch {
    return null;
  }
}
