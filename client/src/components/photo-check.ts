import type { PhotoLimits } from '../lib/photos';

/** The image type a file's first bytes declare (JPEG, PNG or WebP), as the server judges it, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Judges a picked file by its first bytes and its size: the server's refusal text, or null when it may be sent. */
export async function checkPhoto(file: File, limits: PhotoLimits): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = sniffImageType(head);
  if (!type || !limits.types.includes(type)) return limits.typeMessage;
  if (file.size > limits.maxBytes) return limits.sizeMessage;
  return null;
}

/** 5242880 → "5 MB", 48213 → "47 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
