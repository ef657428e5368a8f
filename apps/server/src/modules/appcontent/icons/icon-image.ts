/** A square icon PNG (a disc of `color` on a light ground with a glyph), for the icons' demo seed, tests and matrix rows. */
import sharp from 'sharp';

export const ICON_SIDE = 256;

export function iconPng(glyph: string, color: string, side = ICON_SIDE): Promise<Buffer> {
  const safe = glyph.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
  <rect width="100%" height="100%" fill="#F7F7F7"/>
  <circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.4}" fill="${color}"/>
  <text x="${side / 2}" y="${side * 0.62}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(side * 0.36)}" fill="#FFFFFF">${safe}</text>
</svg>`),
  )
    .png()
    .toBuffer();
}
