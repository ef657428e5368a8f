import { describe, expect, it } from 'vitest';
import { fillTemplate, MAIL_URL, mailListBody, readMailView, unfilledTags } from './mail-view';

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
      asg: 'nobody',
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
      assigned: '',
    });
  });
  it('opens each tab route on its tab, and a tab in the URL still wins', () => {
    expect(readMailView({ ...MAIL_URL }, 'qaReply').type).toBe(2);
    expect(readMailView({ ...MAIL_URL }, 'market').type).toBe(3);
    expect(readMailView({ ...MAIL_URL }, 'workOrder').type).toBe(4);
    expect(readMailView({ ...MAIL_URL, tab: '1' }, 'market').type).toBe(1);
  });
  it('fixes the dialogue types of the order and support views and the type of /mail/mail', () => {
    const order = readMailView({ ...MAIL_URL, tab: '3', dtype: '1' }, 'order');
    expect(order).toMatchObject({ type: 1, dialogueType: 0 });
    expect(mailListBody(order, 'order')).toMatchObject({ type: 1, dialogueTypes: [2, 3], dialogueType: 0 });
    expect(mailListBody(readMailView({ ...MAIL_URL, dtype: '4' }, 'support'), 'support')).toMatchObject({
      dialogueTypes: [1, 4, 5],
      dialogueType: 4,
    });
    const box = readMailView({ ...MAIL_URL, tab: '2', box: '5' }, 'mail');
    expect(mailListBody(box, 'mail')).toMatchObject({ type: 0, mailBoxId: 5 });
    expect(mailListBody(box, 'mail')).not.toHaveProperty('dialogueTypes');
  });
  it('turns the assignment filter into the list body: me, 1 assigned, 0 unassigned', () => {
    expect(mailListBody(readMailView({ ...MAIL_URL, asg: 'me' }))).toMatchObject({ mine: true });
    expect(mailListBody(readMailView({ ...MAIL_URL, asg: '1' }))).toMatchObject({ assigned: 1 });
    expect(mailListBody(readMailView({ ...MAIL_URL, asg: '0' }))).toMatchObject({ assigned: 0 });
    expect(mailListBody(readMailView({ ...MAIL_URL }))).not.toHaveProperty('assigned');
  });
  it('fills the merge tags a template has values for, escaped, and leaves the others to the agent', () => {
    const html = fillTemplate('<p>Hi {{buyerName}}, order {{ orderId }} by {{agentName}}</p>', {
      buyerName: 'Jane <J>',
      agentName: '',
    });
    expect(html).toBe('<p>Hi Jane &lt;J&gt;, order {{ orderId }} by {{agentName}}</p>');
    expect(unfilledTags(html)).toEqual(['orderId', 'agentName']);
    expect(unfilledTags('<p>done</p>')).toEqual([]);
  });
});
