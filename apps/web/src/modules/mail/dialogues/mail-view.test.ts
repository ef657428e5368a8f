import { describe, expect, it } from 'vitest';
import { MAIL_URL, mailListBody, readMailView, textToHtml } from './mail-view';

describe('mail view', () => {
  it('has the defaults of spec §3: mailbox type 1, market -1, status -1, dialogue type 0', () => {
    const v = readMailView({ ...MAIL_URL });
    expect(mailListBody(v)).toEqual({
      type: 1,
      marketId: -1,
      status: -1,
      dialogueType: 0,
      archived: false,
      pageNum: 1,
      pageSize: 20,
    });
  });
  it('reads the query string and ignores values out of range', () => {
    const v = readMailView({
      ...MAIL_URL,
      tab: '3',
      box: '7',
      market: '1',
      status: '9',
      dtype: '4',
      archived: '1',
      q: ' lamp ',
      d: '12',
    });
    expect(v).toMatchObject({
      type: 3,
      mailBoxId: 7,
      marketId: 1,
      status: -1,
      dialogueType: 4,
      archived: true,
      search: 'lamp',
      dialogueId: 12,
    });
  });
  it('turns the editor text into escaped paragraphs', () => {
    expect(textToHtml('Hi <Jane>\n\nThanks & bye')).toBe('<p>Hi &lt;Jane&gt;</p><p><br></p><p>Thanks &amp; bye</p>');
  });
});
