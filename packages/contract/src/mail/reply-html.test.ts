import { describe, expect, it } from 'vitest';
import { dueState, replyDueAt } from './operations';
import { sanitizeReplyHtml } from './reply-html';
import { sanitizeTemplateHtml } from './template-html';

describe('reply HTML', () => {
  it('keeps the fonts of spec §9 as <font face> and nothing else of the tag', () => {
    expect(sanitizeReplyHtml('<p><font face="arial" color="red" onclick="x()">Hi</font></p>')).toBe(
      '<p><font face="Arial">Hi</font></p>',
    );
    expect(sanitizeReplyHtml("<font face='Microsoft YaHei'>你好</font>")).toBe('<font face="Microsoft YaHei">你好</font>');
    expect(sanitizeReplyHtml('<font face="Comic Sans">x</font>')).toBe('<font>x</font>');
    expect(sanitizeReplyHtml('<font face="Arial&quot; onmouseover=&quot;x">x</font><a href="http://x">y</a>')).toBe(
      '<font>x</font>y',
    );
  });
  it('leaves template bodies without fonts', () => {
    expect(sanitizeTemplateHtml('<font face="Arial">x</font>')).toBe('x');
  });
});

describe('reply-due timer', () => {
  it('is 24 calendar hours, weekends included, with 4 hours of warning', () => {
    expect(replyDueAt('2026-11-21T09:00:00Z').toISOString()).toBe('2026-11-22T09:00:00.000Z');
    const since = '2026-11-21T09:00:00Z';
    expect(dueState(since, new Date('2026-11-22T04:00:00Z'))).toBe('ok');
    expect(dueState(since, new Date('2026-11-22T05:00:00Z'))).toBe('dueSoon');
    expect(dueState(since, new Date('2026-11-22T09:00:00Z'))).toBe('breached');
  });
});
