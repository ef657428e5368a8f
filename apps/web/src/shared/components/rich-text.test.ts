import { describe, expect, it } from 'vitest';
import { isBlankRichText, richTextRequired } from './rich-text';

const check = (value: unknown) =>
  (richTextRequired('Enter the mail text') as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

describe('rich text value', () => {
  it('counts markup, non-breaking spaces and whitespace as empty', () => {
    for (const blank of ['', '<p></p>', '<p><br></p>', '  <div>&nbsp;</div>\n', '<p>\u00a0 </p>', undefined, null])
      expect(isBlankRichText(blank)).toBe(true);
    expect(isBlankRichText('<p><font face="Arial">x</font></p>')).toBe(false);
  });

  it('the required rule refuses an empty editor with the message and passes text', async () => {
    await expect(check('<p></p>')).rejects.toThrow('Enter the mail text');
    await expect(check(undefined)).rejects.toThrow('Enter the mail text');
    await expect(check('<p>Hello</p>')).resolves.toBeUndefined();
  });
});
