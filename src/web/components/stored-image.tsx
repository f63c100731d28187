import type { ImgHTMLAttributes, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { imageSrcSet } from '@contract/images';

/**
 * A picture from the image store (or a data URL being uploaded) with its `srcset`, so a card
 * downloads a card-sized WebP copy and a full page the original. `sizes` says how wide it is shown;
 * `width` and `height` reserve its box before it loads. Below the fold, pass `loading="lazy"`.
 */
export function StoredImage({ src, sizes, alt, ...rest }: StoredImageProps & { src: string }) {
  return <img src={src} srcSet={imageSrcSet(src)} sizes={sizes} alt={alt} decoding="async" {...rest} />;
}

type StoredImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  sizes: string;
  alt: string;
  width: number;
  height: number;
};

/**
 * The picture where there is one; where there is none, `placeholder` (an icon) centred on a tile that
 * `placeholderClassName` sizes and colours like the picture's box, hidden from screen readers.
 */
export function StoredImageOr({
  src,
  placeholder,
  placeholderClassName,
  ...image
}: StoredImageProps & {
  src: string | null | undefined;
  placeholder: ReactNode;
  placeholderClassName: string;
}) {
  if (src) return <StoredImage src={src} {...image} />;
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center', placeholderClassName)}>
      {placeholder}
    </div>
  );
}
