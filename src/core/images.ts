/**
 * The image store's numbers, in one place (docs/decisions/084-images-by-content-hash.md,
 * 086-image-caps.md). Zod-free, so the event page can build picture URLs without loading Zod.
 */

/** Per upload: at most 5 MB, at most 800 px a side. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 800;
export const IMAGE_TOO_LARGE = 'Image size should be less than 5MB';

/** Widths of the WebP copies made of every stored picture: a card takes 320, a wide card 640. */
export const IMAGE_VARIANT_WIDTHS = [320, 640] as const;

/**
 * How wide the event page's hero picture is shown (its `sizes`). The server's preload of that picture
 * in the page's HTML uses the same, so the browser picks the same copy it will show.
 */
export const EVENT_HERO_SIZES = '(min-width: 1024px) 1024px, 100vw';

/** How many pictures one account may keep (its profile photo, menu pictures, event covers). */
export const MAX_IMAGES_PER_ACCOUNT = 50;
/** How many bytes of pictures one account may keep, counted as stored (after re-encoding). */
export const MAX_IMAGE_BYTES_PER_ACCOUNT = 25 * 1024 * 1024;

export const TOO_MANY_IMAGES = `You can keep at most ${MAX_IMAGES_PER_ACCOUNT} pictures. Remove one before adding another.`;
export const TOO_MANY_IMAGE_BYTES = `Your pictures can take at most ${MAX_IMAGE_BYTES_PER_ACCOUNT / (1024 * 1024)} MB. Remove one or choose a smaller picture.`;

/** Whether an account holding `count` pictures of `bytes` in total is within its caps; else why not. */
export function imageCapRefusal(count: number, bytes: number): string | null {
  if (count > MAX_IMAGES_PER_ACCOUNT) return TOO_MANY_IMAGES;
  if (bytes > MAX_IMAGE_BYTES_PER_ACCOUNT) return TOO_MANY_IMAGE_BYTES;
  return null;
}
