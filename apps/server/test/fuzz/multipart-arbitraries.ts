/**
 * Hostile multipart bodies for the fuzz: fields and file names with NUL, binary and UTF-16
 * file contents, huge rows, thousands of columns, hundreds of thousands of blank lines, a
 * zip posing as a report — and envelopes that are broken: no boundary, the wrong one, a
 * part without its headers, no closing boundary, a body cut anywhere.
 */
import fc from 'fast-check';

export interface RawMultipart {
  payload: Buffer;
  headers: Record<string, string>;
}

const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      'a\u0000b',
      '\u0000',
      'x'.repeat(70_000),
      '名前\ud800',
      '=cmd|/c calc!A1',
      '1e309',
      '-1',
      '2026-02-30',
      '999999999999',
    ),
    weight: 3,
  },
);

const fileBytes = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a)), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      () => Buffer.from('(Parent) ASIN,(Child) ASIN,SKU,Units Ordered\nB0\u0000X,B01,SKU\u0000,1\n'),
      () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU\tquantity\nA\u00001\t2\n', 'utf16le')]),
      () => Buffer.from('amazon-order-id\tsku\n1\tX\n', 'utf16le'),
      () => Buffer.from(`SKU,Units\n${'x'.repeat(200_000)},1\n`),
      () => Buffer.from(`${','.repeat(5_000)}\n${','.repeat(5_000)}\n`),
      () => Buffer.alloc(600_000, 0x0a),
      () => Buffer.alloc(300_000, 0x0d),
      () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 0x41)]),
      () => Buffer.from('%PDF-1.7\n\u0000\u0001\u0002 binary'),
      () => Buffer.from('"open quote,never closed\n'.repeat(2000)),
    ),
    weight: 3,
  },
);
const fileBytesValue = fileBytes.map((b) => (typeof b === 'function' ? b() : b));

const fileName = fc.constantFrom('report.csv', 'a\u0000b.csv', '../../etc/passwd', `${'n'.repeat(1000)}.csv`, '名前.txt', '');

type Breakage = 'none' | 'no-boundary' | 'wrong-boundary' | 'no-headers' | 'no-closing' | 'truncated' | 'garbage';

/** A multipart body of `fieldNames` (any subset, hostile values) and maybe a file under `fileField`, possibly broken. */
export function hostileMultipart(
  fieldNames: readonly string[],
  fileField: string,
  goodValues: Record<string, readonly string[]>,
) {
  const fieldValue = (name: string) =>
    goodValues[name]
      ? fc.oneof({ arbitrary: fc.constantFrom(...(goodValues[name] ?? [])), weight: 3 }, { arbitrary: text, weight: 1 })
      : text;
  return fc
    .record({
      fields: fc.record(Object.fromEntries(fieldNames.map((n) => [n, fieldValue(n)])), { requiredKeys: [] }),
      file: fc.option(
        fc.record({ name: fileName, bytes: fileBytesValue, field: fc.constantFrom(fileField, fileField, 'other') }),
      ),
      breakage: fc.constantFrom<Breakage>(
        'none',
        'none',
        'none',
        'no-boundary',
        'wrong-boundary',
        'no-headers',
        'no-closing',
        'truncated',
        'garbage',
      ),
      cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ fields, file, breakage, cutAt }): RawMultipart => {
      const boundary = '----fuzz7MA4YWxkTrZu0gW';
      const parts: Buffer[] = [];
      for (const [k, v] of Object.entries(fields)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      }
      if (file) {
        const head =
          breakage === 'no-headers'
            ? `--${boundary}\r\n\r\n`
            : `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`;
        parts.push(Buffer.from(head, 'utf8'), file.bytes, Buffer.from('\r\n'));
      }
      if (breakage !== 'no-closing') parts.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(parts);
      if (breakage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cutAt));
      if (breakage === 'garbage') payload = Buffer.from(`garbage\r\n--${boundary}\r\nContent-Disposition: form-data\r\n`);
      const contentType =
        breakage === 'no-boundary'
          ? 'multipart/form-data'
          : breakage === 'wrong-boundary'
            ? 'multipart/form-data; boundary=somethingElse'
            : `multipart/form-data; boundary=${boundary}`;
      return { payload, headers: { 'content-type': contentType } };
    });
}
