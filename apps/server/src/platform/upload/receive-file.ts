/**
 * Receives an uploaded file's stream into one SharedArrayBuffer sized from the request's
 * Content-Length: no list of chunks concatenated at the end (a 50 MB Buffer.concat held the
 * event loop ~100 ms) and no copy when the bytes go to the parse worker (a shared buffer
 * crosses the thread boundary as it is; a plain one was cloned, another ~60 ms).
 */
import { fieldText } from '@bo/contract';

export async function receiveFile(
  stream: AsyncIterable<Buffer>,
  maxBytes: number,
  sizeHint: number,
  /** Called for every chunk received (progress). */
  onChunk: () => void = () => {},
  /**
   * For a text file (one that does not start as a zip): the most line breaks it may hold.
   * Counted as the bytes arrive, so a file of millions of blank lines is held only up to its
   * first few hundred kB, the rest read and dropped, then refused (null: no such limit).
   */
  maxLines: number | null = null,
): Promise<Buffer> {
  let store = new SharedArrayBuffer(Math.min(maxBytes, Math.max(64 * 1024, sizeHint)));
  let used = 0;
  let lines = 0;
  let text: boolean | null = null;
  let refused = false;
  for await (const chunk of stream) {
    onChunk();
    // Refused: the rest is read and dropped, so that the client, still sending, gets the 400
    // (a connection closed mid-upload is a network error in the browser, not a message).
    if (refused) continue;
    if (maxLines !== null && text !== false) {
      text ??= !(chunk[0] === 0x50 && chunk[1] === 0x4b && chunk[2] === 0x03 && chunk[3] === 0x04);
      if (text) {
        lines += lineBreaksIn(chunk, used > 0 ? new Uint8Array(store, used - 1, 1)[0] : undefined);
        if (lines > maxLines) {
          refused = true;
          continue;
        }
      }
    }
    if (used + chunk.length > store.byteLength) {
      // Longer than the hint said (chunked transfer): grow by doubling, never beyond the limit's size.
      const grown = new SharedArrayBuffer(Math.min(Math.max(store.byteLength * 2, used + chunk.length), maxBytes + chunk.length));
      new Uint8Array(grown).set(new Uint8Array(store, 0, used));
      store = grown;
    }
    new Uint8Array(store, used, chunk.length).set(chunk);
    used += chunk.length;
  }
  if (refused) throw new TooManyLines(maxLines ?? 0);
  return Buffer.from(store, 0, used);
}

/** A text upload with more line breaks than allowed (see receiveFile's maxLines). */
export class TooManyLines extends Error {
  constructor(readonly maxLines: number) {
    super(fieldText('file.tooManyLines', 'en-US', { max: maxLines.toLocaleString('en-US') }));
  }
}

/** LF bytes, and CR bytes not followed by LF (a CRLF split across chunks counts once). */
function lineBreaksIn(chunk: Uint8Array, before: number | undefined): number {
  let n = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
    // A CR that ended the previous chunk was counted there; its LF here is the same break.
    if (!(at === 0 && before === 0x0d)) n++;
  }
  for (let at = chunk.indexOf(0x0d); at !== -1; at = chunk.indexOf(0x0d, at + 1)) if (chunk[at + 1] !== 0x0a) n++;
  return n;
}
