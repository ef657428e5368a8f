import { describe, expect, it } from 'vitest';
import { sniff } from './sniff';

const b = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniff', () => {
  it('recognises the image types by their magic numbers, whatever the name', () => {
    expect(sniff(b([0x89], 'PNG\r\n', [0x1a, 0x0a], 'rest'), 'a.pdf')).toEqual({ kind: 'type', type: 'png' });
    expect(sniff(b([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'a.txt')).toEqual({ kind: 'type', type: 'jpeg' });
    expect(sniff(b('GIF89a', [1, 0, 1, 0]), 'x')).toEqual({ kind: 'type', type: 'gif' });
    expect(sniff(b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'x')).toEqual({ kind: 'type', type: 'webp' });
    // RIFF alone (a wav) is not an image.
    expect(sniff(b('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'x').kind).toBe('unknown');
  });

  it('refuses programs: ELF, PE, Mach-O, scripts (also behind a byte order mark)', () => {
    for (const bytes of [
      b([0x7f], 'ELF', [2, 1, 1, 0]),
      b('MZ', [0x90, 0]),
      b([0xcf, 0xfa, 0xed, 0xfe, 7, 0]),
      b([0xca, 0xfe, 0xba, 0xbe, 0, 0]),
      b('#!/usr/bin/env python\n'),
      b([0xef, 0xbb, 0xbf], '#!/bin/sh\n'),
    ]) {
      expect(sniff(bytes, 'photo.png').kind).toBe('program');
    }
  });

  it('checks that a pdf ends with its %%EOF marker', () => {
    expect(sniff(b('%PDF-1.4\n1 0 obj\n%%EOF\n'), 'a.pdf')).toEqual({ kind: 'type', type: 'pdf' });
    expect(sniff(b('%PDF-1.4\n1 0 obj\n'), 'a.pdf')).toEqual({ kind: 'damaged', type: 'pdf' });
  });

  it('tells text from binary, and csv from plain text by the name only once it is text', () => {
    expect(sniff(b('a,b\n1,2\n'), 'report.csv')).toEqual({ kind: 'type', type: 'csv' });
    expect(sniff(b('a,b\n1,2\n'), 'report.txt')).toEqual({ kind: 'type', type: 'text' });
    expect(sniff(Buffer.from('中文，逗号\n', 'utf8'), 'x.csv')).toEqual({ kind: 'type', type: 'csv' });
    expect(sniff(b('abc', [0], 'def'), 'x.csv').kind).toBe('unknown');
    expect(sniff(b([0xc3, 0x28]), 'x.txt').kind).toBe('unknown'); // invalid UTF-8
    // A large text whose 64 kB sample ends inside a multi-byte character is still text.
    const big = Buffer.from('é'.repeat(40_000), 'utf8');
    expect(sniff(Buffer.concat([Buffer.from('a'), big]), 'x.txt')).toEqual({ kind: 'type', type: 'text' });
  });
});
