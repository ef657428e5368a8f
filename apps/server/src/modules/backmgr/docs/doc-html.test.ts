/**
 * The allow-list sanitiser against hostile bodies: whatever comes in, what goes out holds no
 * script, no event handler, no style other than an allowed font family, no link that is not
 * http(s) or relative; and ordinary editor output passes unchanged.
 */

import { safeHref, sanitizeHtml } from '@bo/contract/backmgr/doc-html';
import { describe, expect, it } from 'vitest';

/** What no sanitised body may contain, whatever it was given. */
const assertInert = (out: string) => {
  // Attribute values are always written in double quotes with '"' escaped: outside them is markup.
  const markup = out.replace(/"[^"]*"/g, '""');
  expect(markup).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/<script|<style|<iframe|<object|<embed|<svg|<math|<img|<form|<input|<meta|<link|<base/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(out).not.toMatch(/expression\(|url\(/i);
};

describe('sanitizeHtml', () => {
  it('keeps what the editor writes', () => {
    const ok =
      '<h2>发货流程</h2><p>Text <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<p><a href="https://example.com/x?a=1&amp;b=2">link</a> <a href="/user/info">rel</a></p>' +
      '<p><span style="font-family: Arial">arial</span><br></p><blockquote>q</blockquote><pre><code>c</code></pre><hr>';
    expect(sanitizeHtml(ok)).toBe(ok);
  });

  it('drops scripts, styles and embedded content with their content', () => {
    const cases = [
      '<script>alert(1)</script>x',
      '<SCRIPT SRC=//evil/x.js></SCRIPT>x',
      '<script>document.write("</scr"+"ipt>")</script>x',
      '<style>body{background:url(javascript:alert(1))}</style>x',
      '<iframe src="javascript:alert(1)"></iframe>x',
      '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>x',
      '<svg><script>alert(1)</script></svg>x',
      '<math><mtext><script>alert(1)</script></mtext></math>x',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>x',
      '<template><script>alert(1)</script></template>x',
    ];
    for (const c of cases) {
      const out = sanitizeHtml(c);
      assertInert(out);
      expect(out).not.toContain('alert(1)');
    }
    expect(sanitizeHtml('<script>alert(1)</script>x')).toBe('x');
    // An unclosed script swallows the rest rather than letting it through.
    expect(sanitizeHtml('a<script>alert(1)')).toBe('a');
  });

  it('removes event handlers and unknown attributes, and tags it does not know', () => {
    const cases = [
      '<p onclick="alert(1)">x</p>',
      '<img src=x onerror=alert(1)>',
      '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
      '<p/onload=alert(1)>x</p>',
      '<body onload=alert(1)>x',
      '<div id="x" class="y" data-x="z" onfocus=alert(1) autofocus tabindex=0>x</div>',
      '<input autofocus onfocus=alert(1)>',
      '<form action="javascript:alert(1)"><button>x</button></form>',
      '<details open ontoggle=alert(1)>x</details>',
      '<video><source onerror="alert(1)"></video>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:alert(1)//">',
    ];
    for (const c of cases) assertInert(sanitizeHtml(c));
    expect(sanitizeHtml('<p onclick="alert(1)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<div id="x" class="y">x</div>')).toBe('<div>x</div>');
  });

  it('keeps only http(s) and relative links', () => {
    const bad = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
      'javascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      'mailto:someone@example.com',
      'https:alert(1)',
    ];
    for (const href of bad) {
      const out = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/ab');
    expect(safeHref('docs/x.html#part')).toBe('docs/x.html#part');
    expect(safeHref('?a=1')).toBe('?a=1');
    expect(sanitizeHtml('<a href="https://e.example" target="_blank">x</a>')).toBe(
      '<a href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps only the fonts of spec §9 and no other style', () => {
    expect(sanitizeHtml('<span style="font-family: Tahoma; color: red">x</span>')).toBe(
      '<span style="font-family: Tahoma">x</span>',
    );
    expect(sanitizeHtml('<span style="font-family: \'Comic Sans MS\'">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="background: url(javascript:alert(1))">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="font-family: expression(alert(1))">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<font face="Verdana" color="red">x</font>')).toBe('<span style="font-family: Verdana">x</span>');
    expect(sanitizeHtml('<font face="Microsoft YaHei">中文</font>')).toBe(
      '<span style="font-family: &#39;Microsoft YaHei&#39;">中文</span>',
    );
    expect(sanitizeHtml('<p style="font-family: serif">x</p>')).toBe('<p style="font-family: serif">x</p>');
  });

  it('escapes what is not markup, and cannot be tricked into emitting markup', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    const tricky = [
      '<scr<script>ipt>alert(1)</script>',
      '<<script>script>alert(1)<</script>/script>',
      '<a href="https://x.example" title="a&quot; onmouseover=&quot;alert(1)">x</a>',
      "<a title='\"><script>alert(1)</script>'>x</a>",
      '<!--><script>alert(1)</script>-->',
      '<![CDATA[<script>alert(1)</script>]]>',
      '<?xml version="1.0"?><script>alert(1)</script>',
      '<p>unclosed <b>bold <i>it',
      '</p></div></li>stray ends',
      '<a href="https://x.example"\u0000 onclick=alert(1)>x</a>',
    ];
    for (const c of tricky) {
      const out = sanitizeHtml(c);
      assertInert(out);
      expect(out).not.toMatch(/<script/i);
    }
    expect(sanitizeHtml("<a title='\"><script>alert(1)</script>'>x</a>")).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    );
    // Tags are balanced: what opens closes.
    expect(sanitizeHtml('<p>unclosed <b>bold <i>it')).toBe('<p>unclosed <b>bold <i>it</i></b></p>');
    expect(sanitizeHtml('</p></div>stray')).toBe('stray');
  });

  it('is idempotent: sanitising its own output changes nothing', () => {
    const inputs = [
      '<p onclick=x>a &amp; b</p><font face=Arial>f</font><a href="javascript:x">l</a>',
      '<ul><li>one<li>two</ul><script>x</script>',
    ];
    for (const i of inputs) {
      const once = sanitizeHtml(i);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });
});
