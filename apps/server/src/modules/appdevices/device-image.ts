/** A square PNG (a gradient) for the device pages' tests and matrix rows: the device image rule's shape. */
import sharp from 'sharp';

export const squarePng = (side: number, from = '#3366ff', to = '#ff9933'): Promise<Buffer> =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/></svg>`),
  )
    .png()
    .toBuffer();
