import { describe, expect, it } from 'vitest';
import { checkTags, MergeTagError, renderMergeTags, SAMPLE_MERGE_VALUES, suggestTag, usedTags } from './merge-tags';
import { htmlLinkTargets, htmlToText, sanitizeTemplateHtml } from './template-html';

describe('merge tags', () => {
  it('renders known tags, with spaces inside the braces, and reports missing values', () => {
    const r = renderMergeTags(
      'Hi {{buyerName}}, order {{ orderId }} ({{asin}}) ships by {{deliveryDate}}.',
      {
        buyerName: 'Emily',
        orderId: '112-4827361-5523419',
        asin: 'B08K3PQ7ZL',
      },
      { html: false },
    );
    expect(r.text).toBe('Hi Emily, order 112-4827361-5523419 (B08K3PQ7ZL) ships by .');
    expect(r.missing).toEqual(['deliveryDate']);
  });

  it('escapes values in HTML, not in plain text', () => {
    const values = { buyerName: '<img src=x onerror=alert(1)> & "Bob"', productTitle: "Lumio's strip" };
    expect(renderMergeTags('<p>Dear {{buyerName}}, {{productTitle}}</p>', values, { html: true }).text).toBe(
      '<p>Dear &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bob&quot;, Lumio&#39;s strip</p>',
    );
    expect(renderMergeTags('Dear {{buyerName}}', values, { html: false }).text).toBe('Dear <img src=x onerror=alert(1)> & "Bob"');
  });

  it('refuses unknown, empty and unclosed tags with a suggestion', () => {
    expect(checkTags('Dear {{buyername}}, {{}} thanks {{shopName')).toEqual([
      { code: 'unknownTag', excerpt: '{{buyername}}', start: 5, suggestion: 'buyerName' },
      { code: 'emptyTag', excerpt: '{{}}', start: 20 },
      { code: 'unclosedTag', excerpt: '{{shopName', start: 32 },
    ]);
    expect(() => renderMergeTags('Hello {{customerEmail}}', {}, { html: false })).toThrow(MergeTagError);
    expect(() => renderMergeTags('Hello {{customerEmail}}', {}, { html: false })).toThrow(
      /unknown merge tag \{\{customerEmail\}\}/,
    );
    expect(suggestTag('ordreId')).toBe('orderId');
    expect(suggestTag('couponCode')).toBeUndefined();
  });

  it('lists the tags a text uses once each', () => {
    expect(usedTags('{{orderId}} {{asin}} {{orderId}} {{nope}}')).toEqual(['orderId', 'asin']);
  });

  it('has a sample for every tag', () => {
    for (const v of Object.values(SAMPLE_MERGE_VALUES)) expect(v.length).toBeGreaterThan(0);
    expect(
      checkTags(
        Object.keys(SAMPLE_MERGE_VALUES)
          .map((t) => `{{${t}}}`)
          .join(' '),
      ),
    ).toEqual([]);
  });
});

describe('template HTML', () => {
  it('keeps formatting, drops attributes, scripts, links and images', () => {
    const dirty =
      '<p style="color:red" onclick="x()">Hi <b>there</b><script>alert(1)</script></p><a href="https://evil.example">x</a><img src=x onerror=alert(1)><ul><li>One</li></ul><br/>';
    expect(sanitizeTemplateHtml(dirty)).toBe('<p>Hi <b>there</b></p>x<ul><li>One</li></ul><br>');
    expect(sanitizeTemplateHtml('a < b and c > d')).toBe('a &lt; b and c &gt; d');
    expect(sanitizeTemplateHtml('<svg><script>alert(1)</script></svg>ok<!-- c -->')).toBe('ok');
  });

  it('sanitises 20,000 characters of unclosed tags quickly', () => {
    for (const html of ['<script'.repeat(2900), '<!--'.repeat(5000), '<p '.repeat(6600), '{{'.repeat(10000)]) {
      const started = performance.now();
      sanitizeTemplateHtml(html);
      checkTags(html);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('turns HTML into the text a reader sees and finds hidden link targets', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>Emily</b></p><p>Thanks &amp; regards</p>')).toBe('Hello Emily\nThanks & regards');
    expect(htmlLinkTargets('<a href="https://x.example/a?b=1">here</a><img src=\'cid:1\'>')).toEqual([
      'https://x.example/a?b=1',
      'cid:1',
    ]);
  });
});
