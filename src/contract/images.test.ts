import { describe, expect, it } from 'vitest';
import {
  imageCapRefusal,
  MAX_IMAGE_BYTES_PER_ACCOUNT,
  MAX_IMAGES_PER_ACCOUNT,
  TOO_MANY_IMAGE_BYTES,
  TOO_MANY_IMAGES,
} from '../core/images';
import { imageHashOfUrl, imageSrcSet, imageUrl, imageVariantUrl } from './images';

const hash = 'ab'.repeat(32);

describe('picture URLs', () => {
  it('names a stored picture by its hash, and none by null', () => {
    expect(imageUrl(hash)).toBe(`/api/images/${hash}`);
    expect(imageUrl(null)).toBeNull();
    expect(imageHashOfUrl(`/api/images/${hash}`)).toBe(hash);
    expect(imageHashOfUrl(`/api/images/${hash}-320.webp`)).toBeNull();
    expect(imageHashOfUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(imageHashOfUrl(`https://elsewhere.example/api/images/${hash}`)).toBeNull();
  });

  it('offers the WebP copies and the original in a srcset; a data URL being uploaded gets none', () => {
    const url = `/api/images/${hash}`;
    expect(imageVariantUrl(url, 320)).toBe(`${url}-320.webp`);
    expect(imageSrcSet(url)).toBe(`${url}-320.webp 320w, ${url}-640.webp 640w, ${url} 800w`);
    expect(imageSrcSet('data:image/jpeg;base64,AAAA')).toBeUndefined();
    expect(imageVariantUrl('data:image/jpeg;base64,AAAA', 640)).toBe('data:image/jpeg;base64,AAAA');
  });
});

describe('caps per account', () => {
  it('allows up to the caps and says which one was passed', () => {
    expect(imageCapRefusal(MAX_IMAGES_PER_ACCOUNT, MAX_IMAGE_BYTES_PER_ACCOUNT)).toBeNull();
    expect(imageCapRefusal(MAX_IMAGES_PER_ACCOUNT + 1, 0)).toBe(TOO_MANY_IMAGES);
    expect(imageCapRefusal(1, MAX_IMAGE_BYTES_PER_ACCOUNT + 1)).toBe(TOO_MANY_IMAGE_BYTES);
  });
});
