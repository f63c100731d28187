import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '@contract/images';

/**
 * A picture from the image store (or a data URL being uploaded) with its `srcset`, so a card
 * downloads a card-sized WebP copy and a full page the original. `sizes` says how wide it is shown;
 * `width` and `height` reserve its box before it loads. Below the fold, pass `loading="lazy"`.
 */
export function StoredImage({
  src,
  sizes,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
}) {
  return <img src={src} srcSet={imageSrcSet(src)} sizes={sizes} alt={alt} decoding="async" {...rest} />;
}
