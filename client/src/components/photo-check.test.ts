import { describe, expect, it } from 'vitest';
import { checkPhoto, formatBytes, sniffImageType } from './photo-check';

const LIMITS = {
  maxBytes: 100,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: 'Photo must be a JPEG, PNG or WebP image',
  sizeMessage: 'Photo must be at most 0.0001 MB',
};

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

describe('sniffImageType', () => {
  it.each([
    [JPEG, 'image/jpeg'],
    [PNG, 'image/png'],
    [WEBP, 'image/webp'],
    [[0x3c, 0x73, 0x76, 0x67], null],
    [[0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45], null],
    [[], null],
  ])('reads %j as %s', (bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });
});

describe('checkPhoto', () => {
  it('refuses a text file named .jpg with the server’s type message', async () => {
    expect(await checkPhoto(new File(['hello, not a photo'], 'photo.jpg', { type: 'image/jpeg' }), LIMITS)).toBe(LIMITS.typeMessage);
  });

  it('refuses a real image over the size limit with the server’s size message', async () => {
    expect(await checkPhoto(new File([new Uint8Array([...PNG, ...new Array(200).fill(0)])], 'big.png'), LIMITS)).toBe(LIMITS.sizeMessage);
  });

  it('accepts a small JPEG whatever its name', async () => {
    expect(await checkPhoto(new File([new Uint8Array([...JPEG, 0, 0])], 'photo.txt'), LIMITS)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('shows KB and MB', () => {
    expect(formatBytes(48_213)).toBe('47 KB');
    expect(formatBytes(9 * 1024 * 1024)).toBe('9 MB');
  });
});
