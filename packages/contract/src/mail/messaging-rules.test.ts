import { describe, expect, it } from 'vitest';
import { LINT_RULE_CODES, LINT_RULES, lintErrors, lintMessage, lintTemplate } from './messaging-rules';

const rules = (body: string, subject = '') => lintTemplate({ subject, body }).map((i) => i.rule);

describe('messaging-rule linter: what is refused', () => {
  it.each([
    ['Track it at https://track.lumio.example/abc?x=1', 'link'],
    ['See www.lumio-lighting.com for the manual', 'link'],
    ['Download the manual: lumio.shop/manual/h6159', 'link'],
    ['Short link bit.ly/3xYz9', 'link'],
    ['Write to support@lumio.example if anything is wrong', 'email'],
    ['Call +1 (888) 555-0142 any time', 'phone'],
    ['Our hotline: 0049 30 1234 5678', 'phone'],
    ['Reach us on 888.555.0142', 'phone'],
    ['Add us on WhatsApp for faster help', 'externalContact'],
    ['请加我微信沟通', 'externalContact'],
    ['To unsubscribe from these messages reply STOP', 'optOut'],
    ['If you no longer wish to receive our emails just tell us', 'optOut'],
    ['Please leave us a 5-star review!', 'positiveReview'],
    ['We would appreciate five stars', 'positiveReview'],
    ['Please leave a positive review on the product page', 'positiveReview'],
    ['If you are happy with the strip lights, please write a review.', 'positiveReview'],
    ['麻烦给个五星好评', 'positiveReview'],
    ['We will send you a free gift for your honest review', 'reviewIncentive'],
    ['Get a $10 gift card after you leave a review', 'reviewIncentive'],
    ['Leave a review and get a full refund', 'reviewIncentive'],
    ['In exchange for your review we offer a 20% discount', 'reviewIncentive'],
    ['留评后返现 5 美元', 'reviewIncentive'],
    ['Could you please remove your negative review now that it is fixed?', 'removeReview'],
    ['Would you consider updating your review?', 'removeReview'],
    ['Please change your 1-star rating', 'removeReview'],
    ['麻烦您删除差评', 'removeReview'],
    ['Visit our website for more lights', 'externalMarketing'],
    ['Follow us on Instagram', 'externalMarketing'],
    ['Join our newsletter', 'externalMarketing'],
  ])('%s → %s', (body, rule) => {
    expect(rules(body)).toContain(rule);
    const issue = lintTemplate({ body }).find((i) => i.rule === rule);
    expect(issue?.excerpt.length).toBeGreaterThan(0);
  });

  it('finds links hidden in the HTML of the editor', () => {
    const issues = lintTemplate({ body: '<p>Manual <a href="https://lumio.example/m.pdf">here</a></p>' });
    expect(issues).toEqual([
      expect.objectContaining({ rule: 'link', level: 'error', field: 'body', match: 'https://lumio.example/m.pdf' }),
    ]);
  });

  it('lints the subject too, and says where', () => {
    expect(lintTemplate({ subject: 'Leave 5 stars for order {{orderId}}', body: 'Hi' })).toEqual([
      expect.objectContaining({ rule: 'positiveReview', field: 'subject', match: '5 stars' }),
    ]);
  });

  it('shows the offending words with context', () => {
    const [i] = lintTemplate({ body: 'Thank you for your order. For help visit https://lumio.example/help today.' });
    expect(i).toMatchObject({ rule: 'link', match: 'https://lumio.example/help' });
    expect(i?.excerpt).toContain('visit https://lumio.example/help today.');
  });

  it('promotion is a warning, not an error', () => {
    const issues = lintTemplate({ body: 'Use coupon code LUMIO10 on your next order' });
    expect(issues.map((i) => [i.rule, i.level])).toEqual([['promotion', 'warning']]);
    expect(lintErrors(issues)).toEqual([]);
  });
});

describe('messaging-rule linter: what passes', () => {
  it.each([
    'Hi {{buyerName}},\nthank you for your order {{orderId}} of {{productTitle}}. It was delivered on {{deliveryDate}}.',
    'Your order 112-4827361-5523419 shipped with UPS, tracking 1Z999AA10123456784.',
    'eBay order 12-34567-89012 was delivered on 2026-11-06 (or 11/06/2026).',
    'The strip is 32.8 ft long, uses 24 W and comes with 2 clips; model H6159.',
    'If the lights do not turn on, hold the button for 5 seconds and try again. We can send a free replacement.',
    'Would you share your experience with other customers? Your honest review helps us improve.',
    'Thanks for the order.It ships in 2 - 3 business days.',
    'We have issued a refund for your order; it will show in 3-5 business days.',
    '您好 {{buyerName}}，感谢您的购买。如有任何问题，请直接回复此消息。',
    '<p>Dear {{buyerName}},</p><p><b>Thank you</b> for choosing {{sellerName}}.</p><ul><li>Step 1: plug in</li></ul>',
  ])('%s', (body) => {
    expect(lintTemplate({ subject: 'About your order {{orderId}}', body })).toEqual([]);
  });
});

describe('linter cost', () => {
  it.each([
    ['word characters', 'a'.repeat(20000)],
    ['dotted words', 'ab.'.repeat(6600)],
    ['digits and spaces', '1 '.repeat(10000)],
    ['spaces', `remove${' '.repeat(19990)}x`],
    ['address-like', `${'a.'.repeat(9990)}@`],
    ['review words', 'free review for '.repeat(1250)],
  ])('lints 20,000 characters of %s quickly', (_what, body) => {
    const started = performance.now();
    lintTemplate({ body });
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('rule catalogue', () => {
  it('has a zh-CN and en-US message for every rule', () => {
    for (const code of LINT_RULE_CODES) {
      expect(lintMessage({ rule: code }, 'zh-CN')).toBe(LINT_RULES[code].zh);
      expect(LINT_RULES[code].en.length).toBeGreaterThan(10);
      expect(LINT_RULES[code].zh.length).toBeGreaterThan(4);
    }
  });
});
