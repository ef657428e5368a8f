/** A PNG of a cover slot's shape (a gradient with a title), for the demo seed, the tests and the matrix rows. */
import type { CoverSlot } from '@bo/contract/appcontent/covers';
import sharp from 'sharp';

/** The demo's size of each slot: its rule's ratio at a width inside its bounds. */
export const COVER_SIZE: Record<CoverSlot, readonly [number, number]> = { home: [1200, 800], splash: [1080, 2340] };

export function coverPng(slot: CoverSlot, title: string, from: string, to: string, size = COVER_SIZE[slot]): Promise<Buffer> {
  const [w, h] = size;
  const safe = title.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(w / 12)}" fill="#ffffff">${safe}</text>
</svg>`),
  )
    .png()
    .toBuffer();
}
