import { describe, expect, it } from 'vitest';
import { everySize, isSmallerCopy, largestOf } from '../../server/news/photos/photo-sizes';
import { storedName } from '../../server/news/photos/photo-storage.service';

// A UUID's last group is twelve hex digits, which may all be decimal ones (seen in production).
const DIGITS = '6f1c3a52-8a4e-4b1e-9f5d-059878002210';
const HEX = '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34';

describe("a stored photo's names", () => {
  it('tell a smaller copy (-480, -960) from a photo whose UUID ends in digits', () => {
    expect(isSmallerCopy(`/uploads/news/${DIGITS}.webp`)).toBe(false);
    expect(isSmallerCopy(`/uploads/news/${HEX}.webp`)).toBe(false);
    expect(isSmallerCopy(`/uploads/news/${DIGITS}-480.webp`)).toBe(true);
    expect(isSmallerCopy(`/uploads/news/${HEX}-960.webp`)).toBe(true);
  });

  it("find the photo a copy belongs to, and leave a photo's own name as it is", () => {
    expect(largestOf(`${DIGITS}-480.webp`)).toBe(`${DIGITS}.webp`);
    expect(largestOf(`${DIGITS}-960.webp`)).toBe(`${DIGITS}.webp`);
    expect(largestOf(`${DIGITS}.webp`)).toBe(`${DIGITS}.webp`);
  });

  it('are the only ones the storage accepts: the photo and its copies at the stored widths', () => {
    for (const path of everySize(`/uploads/news/${DIGITS}.webp`)) expect(storedName(path)).toBe(path.slice('/uploads/news/'.length));
    expect(storedName(`/uploads/news/${DIGITS}-123.webp`)).toBeUndefined();
    expect(storedName(`/uploads/news/${DIGITS}.png`)).toBeUndefined();
  });
});
