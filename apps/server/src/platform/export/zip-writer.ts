/**
 * A streaming ZIP writer (PKWARE APPNOTE 6.3, no ZIP64): each entry is deflated part by
 * part as it is produced and followed by a data descriptor, so nothing is buffered beyond
 * one part. Backpressure: the next part is asked for only when the output has drained.
 * Limits: fewer than 65,535 entries and 4 GiB per entry, far beyond any export here.
 */
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflateRaw);

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1; // 1980-01-01: entries carry no meaningful time
const FLAG_DESCRIPTOR_UTF8 = 0x0008 | 0x0800;
const DEFLATE = 8;

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;

  constructor(
    private readonly out: Writable,
    private readonly level = zlib.constants.Z_BEST_SPEED,
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('the output closed');
    this.offset += chunk.length;
    if (!this.out.write(chunk))
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          this.out.off('drain', onDrain);
          this.out.off('close', onClose);
          this.out.off('error', done);
          if (err) reject(err);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new Error('the output closed'));
        this.out.on('drain', onDrain);
        this.out.on('close', onClose);
        this.out.on('error', done);
      });
  }

  /** Adds one file; `content` yields its bytes in order (strings are UTF-8). */
  async add(name: string, content: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<void> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(0, 10); // time
    header.writeUInt16LE(DOS_DATE_1980, 12);
    // crc and sizes (14..25) stay 0: they follow in the data descriptor
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    await this.write(Buffer.concat([header, entry.name]));

    // Each part is deflated on its own and ends on a sync flush (no final block), so the
    // parts concatenate into one deflate stream that an empty final block closes. zlib
    // works in the thread pool; a failed write ends the loop, which ends the producer.
    for await (const part of content) {
      const buf = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      if (buf.length === 0) continue;
      entry.crc = zlib.crc32(buf, entry.crc);
      entry.size += buf.length;
      const packed = await deflate(buf, { level: this.level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      entry.compressed += packed.length;
      await this.write(packed);
    }
    const last = await deflate(Buffer.alloc(0), { level: this.level });
    entry.compressed += last.length;
    await this.write(last);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  /** Writes the central directory; the caller ends the output. */
  async finish(): Promise<void> {
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(0, 12);
      h.writeUInt16LE(DOS_DATE_1980, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal attrs: 0
      h.writeUInt32LE(0, 38); // external attrs
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.write(Buffer.concat([directory, end]));
  }
}
