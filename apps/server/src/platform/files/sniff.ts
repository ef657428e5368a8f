/**
 * What a file is, from its bytes (never from its name or the client's Content-Type): the
 * magic numbers of the types the store takes, programs refused whatever they are called,
 * zip-based office documents told apart by their entries, text told from binary. Pure and
 * cheap (it reads the head, and a zip's central directory at the end): it runs on the event
 * loop; decoding an image is the parse worker's (image.ts).
 */
import type { FileType } from '@bo/contract/files/files';

export type Sniffed =
  | { kind: 'type'; type: FileType }
  /** An executable or a script: refused for every purpose. */
  | { kind: 'program'; what: string }
  /** Claims a type by its head but its structure is broken (a zip without its directory). */
  | { kind: 'damaged'; type: FileType }
  | { kind: 'unknown' };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PROGRAMS: readonly { sig: readonly number[]; what: string }[] = [
  { sig: [0x7f, 0x45, 0x4c, 0x46], what: 'ELF executable' },
  { sig: ascii('MZ'), what: 'Windows executable' },
  { sig: [0xfe, 0xed, 0xfa, 0xce], what: 'Mach-O executable' },
  { sig: [0xfe, 0xed, 0xfa, 0xcf], what: 'Mach-O executable' },
  { sig: [0xce, 0xfa, 0xed, 0xfe], what: 'Mach-O executable' },
  { sig: [0xcf, 0xfa, 0xed, 0xfe], what: 'Mach-O executable' },
  { sig: [0xca, 0xfe, 0xba, 0xbe], what: 'Mach-O universal binary' },
  { sig: ascii('#!'), what: 'script' },
];

/** The type of `bytes`; `name` only tells csv from plain text once the content is known to be text. */
export function sniff(bytes: Uint8Array, name: string): Sniffed {
  // A UTF-8 byte order mark before a script's #! still makes a script.
  const head = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  for (const p of PROGRAMS) if (startsWith(head, p.sig)) return { kind: 'program', what: p.what };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'type', type: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'type', type: 'jpeg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { kind: 'type', type: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { kind: 'type', type: 'webp' };
  if (startsWith(bytes, ascii('%PDF-'))) return pdf(bytes);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return zip(bytes);
  if (bytes.length > 0 && isText(bytes)) return { kind: 'type', type: /\.csv$/i.test(name) ? 'csv' : 'text' };
  return { kind: 'unknown' };
}

/** A pdf ends with its %%EOF marker (followed at most by line breaks and padding): one cut short has none. */
function pdf(bytes: Uint8Array): Sniffed {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.length - 1024));
  return tail.includes('%%EOF') ? { kind: 'type', type: 'pdf' } : { kind: 'damaged', type: 'pdf' };
}

/** Entry names from a zip's central directory; null when the directory cannot be found or read (cut short). */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) return null;
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (offset + size > eocd) return null;
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    if (at + 46 + nameLen > eocd) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLen)));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

function zip(bytes: Uint8Array): Sniffed {
  const names = zipEntryNames(bytes);
  if (!names) return { kind: 'damaged', type: 'zip' };
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('word/'))) return { kind: 'type', type: 'docx' };
    if (names.some((n) => n.startsWith('xl/'))) return { kind: 'type', type: 'xlsx' };
    if (names.some((n) => n.startsWith('ppt/'))) return { kind: 'type', type: 'pptx' };
  }
  return { kind: 'type', type: 'zip' };
}

/** Text: valid UTF-8 without NUL or other control characters than tab, line breaks and form feed (the first 64 kB judge). */
function isText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  // A sample cut inside a multi-byte character is still text: up to 3 trailing bytes may be an incomplete sequence.
  for (let cut = 0; cut <= Math.min(3, sample.length - 1); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      if (sample.length === bytes.length) return false;
    }
  }
  return false;
}
