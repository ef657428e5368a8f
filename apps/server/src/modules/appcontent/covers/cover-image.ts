/** PNGs of a slot's shape (a gradient with a title), for the covers' and activity themes' demo seed, tests and matrix rows. */
import type { CoverSlot } from '@bo/contract/appcontent/covers';
import sharp from 'sharp';

/** The demo's size of each cover slot: its rule's ratio at a width inside its bounds. */
export const COVER_SIZE: Record<CoverSlot, readonly [number, number]> = { home: [1200, 800], splash: [1080, 2340] };

/** A `w` × `h` PNG: a vertical gradient from `from` to `to` with `title` in its middle. */
export function gradientPng([w, h]: readonly [number, number], title: string, from: string, to: string): Promise<Buffer> {
  const safe = title.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(Math.min(w, h) / 8)}" fill="#ffffff">${safe}</text>
</svg>`),
  )
    .png()
    .toBuffer();
}

export const coverPng = (slot: CoverSlot, title: string, from: string, to: string) =>
  gradientPng(COVER_SIZE[slot], title, from, to);
