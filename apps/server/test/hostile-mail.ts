/**
 * Mail a hostile or broken sender can deliver, as raw RFC 822 text to APPEND to the test
 * IMAP server. dovecot turns a raw NUL byte into 0x80 when it serves a mail, so NULs come
 * the way they reach real mailboxes: decoded from encoded words, quoted-printable and
 * RFC 2231 parameters. Lone surrogates come from UTF-16 text that ends half-way.
 */

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
/** An RFC 2047 encoded word of `s` in UTF-8 (may carry a NUL). */
const word = (s: string) => `=?utf-8?B?${b64(s)}?=`;
/** A UTF-16LE encoded word whose last unit is a high surrogate without its pair. */
const loneSurrogateWord = (prefix: string) =>
  `=?utf-16le?B?${b64(Buffer.concat([Buffer.from(prefix, 'utf16le'), Buffer.from([0x00, 0xd8])]))}?=`;

const head = (id: string, subject: string, extra: string[] = [], from = 'Buyer <buyer@example.com>') =>
  [
    `From: ${from}`,
    'To: care@lumio.test',
    `Subject: ${subject}`,
    `Message-ID: <${id}@buyers.example>`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...extra,
  ].join('\r\n');

export function goodMail(id: string, subject = `Good mail ${id}`) {
  return `${head(id, subject, ['Content-Type: text/plain; charset=utf-8'])}\r\n\r\nA question about my lamp (${id}).\r\n`;
}

/** NUL in the sender's name, an address, the subject, text, HTML and an attachment name; lone surrogates too. */
export function nulMail(id: string) {
  const b = 'NUL-BOUNDARY';
  return [
    head(
      id,
      `${word('Broken\u0000subject')} ${loneSurrogateWord('half')}`,
      [
        `Cc: ${word('cc\u0000copy@example.com')}`,
        `X-Note: ${word('header\u0000value')}`,
        `In-Reply-To: <${id}.parent@buyers.example>`,
        `Content-Type: multipart/mixed; boundary="${b}"`,
      ],
      `${word('Nul\u0000Name')} <nul.sender@example.com>`,
    ).replace('To: care@lumio.test', `To: care@lumio.test, ${word('odd\u0000box@example.com')}`),
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Text with a NUL=00inside.',
    `--${b}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<p>HTML with a NUL=00inside.</p>',
    `--${b}`,
    "Content-Type: application/pdf; name*=utf-8''bad%00name.pdf",
    "Content-Disposition: attachment; filename*=utf-8''bad%00name.pdf",
    'Content-Transfer-Encoding: base64',
    '',
    b64('%PDF-1.4 receipt'),
    `--${b}--`,
    '',
  ].join('\r\n');
}

/** Text in UTF-16 that ends in half a character, and an address that decodes to one. */
export function surrogateMail(id: string) {
  const body = Buffer.concat([Buffer.from('Half a character: ', 'utf16le'), Buffer.from([0x3d, 0xd8])]);
  return [
    head(id, loneSurrogateWord('Subject '), [
      `Reply-To: ${loneSurrogateWord('r')}@example.com`,
      'Content-Type: text/plain; charset=utf-16le',
      'Content-Transfer-Encoding: base64',
    ]).replace('To: care@lumio.test', `To: care@lumio.test, ${loneSurrogateWord('x')}@example.com`),
    '',
    b64(body),
    '',
  ].join('\r\n');
}

/** An unterminated multipart, base64 that is not, a charset nobody knows. */
export function brokenMimeMail(id: string) {
  const b = 'NEVER-CLOSED';
  return [
    head(id, 'Broken MIME', [`Content-Type: multipart/mixed; boundary="${b}"`]),
    '',
    `--${b}`,
    'Content-Type: text/plain; charset="x-no-such-charset"',
    '',
    'Text in a charset nobody knows.',
    `--${b}`,
    'Content-Type: application/octet-stream; name="data.bin"',
    'Content-Disposition: attachment; filename="data.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    '!!!! this is not base64 at all @@@@ ####',
    `--${b}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<p>Cut off =',
    // No closing boundary: the mail just ends.
  ].join('\r\n');
}

/** A mail of about `mb` MB: one base64 part of random bytes. */
export function bigMail(id: string, mb: number) {
  const b = 'BIG-BOUNDARY';
  const data = Buffer.alloc(Math.floor((mb * 1024 * 1024 * 3) / 4), 0x41);
  for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
  const encoded = b64(data).replace(/.{76}/g, '$&\r\n');
  return [
    head(id, 'A very large attachment', [`Content-Type: multipart/mixed; boundary="${b}"`]),
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See the attached video of my broken lamp.',
    `--${b}`,
    'Content-Type: video/mp4; name="lamp.mp4"',
    'Content-Disposition: attachment; filename="lamp.mp4"',
    'Content-Transfer-Encoding: base64',
    '',
    encoded,
    `--${b}--`,
    '',
  ].join('\r\n');
}

/** Over a megabyte of header lines. */
export function headerBombMail(id: string) {
  const filler = Array.from({ length: 16_000 }, (_, i) => `X-Filler-${i}: ${'h'.repeat(70)}`);
  return `${head(id, 'Header bomb', [...filler, 'Content-Type: text/plain'])}\r\n\r\nbody\r\n`;
}

/** One header line of two megabytes that never ends (no blank line, no body). */
export function endlessHeaderMail(id: string) {
  return `${head(id, 'Endless header', ['Content-Type: text/plain'])}\r\nX-Endless: ${'e'.repeat(2 * 1024 * 1024)}`;
}

/** More MIME parts than a mail may have. */
export function manyPartsMail(id: string, parts = 1500) {
  const b = 'MANY';
  const body = Array.from({ length: parts }, (_, i) => `--${b}\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
  return `${head(id, 'Many parts', [`Content-Type: multipart/mixed; boundary="${b}"`])}\r\n\r\n${body}--${b}--\r\n`;
}
