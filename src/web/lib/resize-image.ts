import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../core/schemas/profile';

/** JPEG quality for uploads: small enough to store inline, good enough for a card. */
export const RESIZED_JPEG_QUALITY = 0.6;

export class ImageFileError extends Error {
  override name = 'ImageFileError';
}

/** Largest width and height that fit in a maxSide square while keeping the ratio; never upscales. */
export function fitWithin(
  width: number,
  height: number,
  maxSide = IMAGE_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function loadImage(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    throw new ImageFileError('Could not read this image. Please choose a JPEG, PNG or WebP file.');
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Turns a picked file into the data URL the API stores: files over 5MB are
 * refused, the picture is scaled so neither side exceeds 800px and re-encoded as JPEG at quality 0.6.
 * The server checks the result again (magic bytes, byte size, pixel size).
 */
export async function resizeImageFile(file: File): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES) throw new ImageFileError(IMAGE_TOO_LARGE);
  if (file.type && !file.type.startsWith('image/')) {
    throw new ImageFileError('Please choose an image file (JPEG, PNG or WebP).');
  }
  const image = await loadImage(file);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageFileError('Your browser could not process this image.');
  // JPEG has no transparency: paint a white background so transparent PNGs don't turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', RESIZED_JPEG_QUALITY);
}
