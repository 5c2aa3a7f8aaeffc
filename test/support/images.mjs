// Images the tests upload, made in memory with sharp: every test builds exactly the file it needs.
import sharp from 'sharp';

/** A plain image of width × height, for the caller to encode (`.png().toBuffer()`, `.jpeg().withExif(…)`, …). */
export function canvas(width, height = width) {
  return sharp({ create: { width, height, channels: 3, background: { r: 31, g: 95, b: 191 } } });
}

/** A plain PNG or JPEG of width × height. */
export function image(format, width, height = width) {
  return canvas(width, height)[format]().toBuffer();
}

/** A PNG of noise, which does not compress away: its size follows its dimensions (a slow upload's body). */
export function noisePng(size = 96) {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}
