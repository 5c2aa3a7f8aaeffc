import type { Sharp } from 'sharp';

export function canvas(width: number, height?: number): Sharp;
export function image(format: 'png' | 'jpeg' | 'webp', width: number, height?: number): Promise<Buffer>;
export function noisePng(size?: number): Promise<Buffer>;
