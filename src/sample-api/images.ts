// The image host: any /uploads/... path answers a placeholder SVG of the asked
// width. Colours and shapes come from a hash of the path, so one image always
// looks the same (and its ETag is stable) while neighbours differ. Author photos
// are square, everything else is a 16:9 banner.

import { createHash } from 'node:crypto';
import { fnv1a } from '../encoding/fnv.ts';
import { mulberry32 } from './prng.ts';

export const MIN_WIDTH = 16;
export const MAX_WIDTH = 2000;
export const DEFAULT_WIDTH = 800;

export function clampWidth(raw: string | null): number {
  const n = raw === null ? NaN : Number(raw);
  if (!Number.isFinite(n)) return DEFAULT_WIDTH;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(n)));
}

export interface Placeholder { body: string; etag: string }

export function placeholder(path: string, width: number): Placeholder {
  const square = path.startsWith('/uploads/author-profiles/');
  const height = square ? width : Math.round((width * 9) / 16);
  const r = mulberry32(fnv1a(path));
  const hue = Math.floor(r() * 360);
  const hue2 = (hue + 40 + Math.floor(r() * 80)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cx = (r() * 100).toFixed(1);
    const cy = (r() * 100).toFixed(1);
    const rad = (10 + r() * 30).toFixed(1);
    shapes.push(`<circle cx="${cx}%" cy="${cy}%" r="${rad}%" fill="hsl(${(hue + i * 25) % 360},70%,${60 + i * 6}%)" fill-opacity="0.35"/>`);
  }
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},55%,45%)"/><stop offset="1" stop-color="hsl(${hue2},60%,30%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag };
}
