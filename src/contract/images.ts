import { IMAGE_MAX_SIDE, IMAGE_VARIANT_WIDTHS } from '../core/images';

/**
 * Where stored pictures are served: `/api/images/<sha256>` is the picture as uploaded (re-encoded,
 * at most 800 px a side), `/api/images/<sha256>-<width>.webp` a smaller WebP copy. The addresses
 * never change meaning, so they are cached for a year (docs/decisions/084-images-by-content-hash.md).
 */
export const IMAGE_PATH = '/api/images/';

const STORED_IMAGE_URL = /^\/api\/images\/([0-9a-f]{64})$/;

/** The URL answers carry for a stored picture, or null for none. */
export function imageUrl(hash: string | null | undefined): string | null {
  return hash ? `${IMAGE_PATH}${hash}` : null;
}

/** The picture's hash when `url` is one of ours (as answers carry it), else null. */
export function imageHashOfUrl(url: string): string | null {
  return STORED_IMAGE_URL.exec(url)?.[1] ?? null;
}

/** A smaller copy of a stored picture; any other URL (a data URL being uploaded) as it is. */
export function imageVariantUrl(url: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]): string {
  return imageHashOfUrl(url) ? `${url}-${width}.webp` : url;
}

/**
 * A `srcset` for a stored picture: its WebP copies and the original (at most IMAGE_MAX_SIDE wide, the
 * upload cap), so the browser fetches no more than the `sizes` it is shown at. Undefined for a URL
 * that is not ours.
 */
export function imageSrcSet(url: string): string | undefined {
  if (!imageHashOfUrl(url)) return undefined;
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `${url}-${w}.webp ${w}w`), `${url} ${IMAGE_MAX_SIDE}w`].join(
    ', ',
  );
}
