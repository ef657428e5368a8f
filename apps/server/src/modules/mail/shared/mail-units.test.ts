import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { classifyDialogue } from '../dialogues/classify';
import { sanitizeMailHtml } from '../dialogues/sanitize';
import { attachmentRefusal } from '../dialogues/store';
import { normaliseSubject } from '../dialogues/threading';
import { definitelyNotSent } from '../sending/send.job';
import { mailKey, open, parseKey, seal } from './secret-box';

describe('secret box', () => {
  const key = parseKey('11'.repeat(32));
  it('seals with a fresh nonce and opens; tampering is detected', () => {
    const a = seal(key, 'p@ss');
    expect(a).not.toBe(seal(key, 'p@ss'));
    expect(open(key, a)).toBe('p@ss');
    const [v, n, tag, body] = a.split(':');
    const flipped = Buffer.from(body as string, 'base64');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => open(key, [v, n, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => open(parseKey('22'.repeat(32)), a)).toThrow();
  });
  it('accepts 32 bytes as hex or base64 only', () => {
    expect(parseKey(Buffer.alloc(32, 7).toString('base64')).length).toBe(32);
    expect(() => parseKey('abcd')).toThrow(/32 bytes/);
  });
  it('with the embedded database and no key, generates one key file (0600) and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
      const k1 = mailKey(config);
      const file = path.join(dir, 'mail-secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(mailKey(loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv))).toEqual(k1);
      // With an outside database every process must share one key: no file, a clear refusal.
      expect(() => mailKey(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y' } as NodeJS.ProcessEnv))).toThrow(
        /MAIL_SECRET_KEY/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('threading and limits', () => {
  it('normalises subjects across reply prefixes and languages', () => {
    expect(normaliseSubject('Re: RE: Fwd:  Lamp   broken ')).toBe('lamp broken');
    expect(normaliseSubject('AW[2]: Lampe')).toBe('lampe');
    expect(normaliseSubject('回复：灯不亮')).toBe('灯不亮');
    expect(normaliseSubject('Order 123: where is it')).toBe('order 123: where is it');
  });
  it('guesses the dialogue type from the first mail', () => {
    expect(classifyDialogue('Lamp broken', 'it does not turn on')).toBe(4);
    expect(classifyDialogue('Rückgabe', 'Ich möchte das Geld zurück')).toBe(3);
    expect(classifyDialogue('Where is my order?', '')).toBe(2);
    expect(classifyDialogue('Is it compatible with Alexa?', '')).toBe(1);
    expect(classifyDialogue('灯坏了', '')).toBe(4);
    expect(classifyDialogue('Hello', 'Thanks a lot')).toBe(5);
  });
  it('refuses executables and oversized attachments', () => {
    expect(attachmentRefusal('a.EXE', 10, 0, 0)).toEqual({ code: 'mail.attachmentType', params: { ext: 'exe' } });
    expect(attachmentRefusal('a.pdf', 11 * 1024 * 1024, 0, 0)).toEqual({ code: 'mail.attachmentTooLarge', params: { mb: 10 } });
    expect(attachmentRefusal('a.pdf', 10, 0, 0)).toBeNull();
  });
  it('keeps markup, drops every active part', () => {
    const out = sanitizeMailHtml(
      '<div onmouseover="x()"><b>ok</b><iframe src="https://e.com"></iframe><form action="/x"><input></form><a href="JaVaScRiPt:alert(1)">a</a><img src="data:image/png;base64,AA" onerror="x()"><svg onload="x()"></svg></div>',
    );
    expect(out).toContain('<b>ok</b>');
    for (const bad of ['onmouseover', 'iframe', '<form', '<input', 'javascript', 'onerror', 'onload', '<svg'])
      expect(out.toLowerCase()).not.toContain(bad);
  });
  it('tells errors that prove nothing was sent from ambiguous ones', () => {
    expect(definitelyNotSent({ code: 'ESOCKET', command: 'CONN' })).toBe(true);
    expect(definitelyNotSent({ code: 'EAUTH', command: 'AUTH PLAIN' })).toBe(true);
    expect(definitelyNotSent({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' })).toBe(true);
    expect(definitelyNotSent({ code: 'ESOCKET', command: 'DATA' })).toBe(false);
    expect(definitelyNotSent({ code: 'ETIMEDOUT', command: 'DATA' })).toBe(false);
  });
});
