import { describe, expect, it } from 'vitest';
import { receiveFile, TooManyLines } from './receive-file';

async function* chunks(...parts: (string | Buffer)[]) {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p, 'latin1');
}

describe('receiveFile', () => {
  it('gives back the bytes as sent, growing past a wrong size hint', async () => {
    const got = await receiveFile(chunks('a'.repeat(70_000), 'b'.repeat(70_000)), 1_000_000, 10);
    expect(got.length).toBe(140_000);
    expect(got.toString('latin1', 69_999, 70_001)).toBe('ab');
  });

  it('counts line breaks as they arrive (a CRLF split between chunks once) and stops a text file past the limit', async () => {
    await expect(receiveFile(chunks('a\r', '\nb\r', '\nc\n'), 1000, 0, () => {}, 3)).resolves.toHaveLength(8);
    await expect(receiveFile(chunks('a\r', '\nb\rc\n', 'd\n'), 1000, 0, () => {}, 3)).rejects.toBeInstanceOf(TooManyLines);
    let read = 0;
    const blank = Buffer.alloc(64 * 1024, 0x0a);
    const endless = async function* () {
      for (let i = 0; i < 1000; i++) {
        read++;
        yield blank;
      }
    };
    const before = process.memoryUsage().arrayBuffers;
    await expect(receiveFile(endless(), 100_000_000, 64 * 1024, () => {}, 500_000)).rejects.toThrow(/more than 500,000 lines/);
    // The whole body is read (the client gets its answer), but only about its first 500 kB is held.
    expect(read).toBe(1000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('does not count the bytes of a zip (an .xlsx) as lines', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1000, 0x0a)]);
    await expect(receiveFile(chunks(zip), 10_000, 0, () => {}, 10)).resolves.toHaveLength(1004);
  });
});
