/**
 * H5 pages through the API: every block's validation (coded 400s on `blocks.N.field`, nothing
 * written), the states x actions (409 naming the state), snapshot semantics (an edit of a
 * published page changes nothing public until it is published again), the public page (escaping,
 * refused links, CSP, ETag, 404), the public media route (refused for an unpublished file),
 * the preview equal to the public page, 403 without the permission, and the audit rows.
 */
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { dataOf, fieldCodesOf, okDataOf, rowCount, testAppPerFile } from '../../../test/harness';
import { bannerImage } from '../appcontent/appcontent.seed';

const API = '/api/h5pages/rest/v1/pages';
const ACT = '/api/h5pages/rest/v1/activities';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });

interface Page {
  id: number;
  version: number;
  state: string;
  slug: string;
  changed: boolean;
  draft: { blocks: Record<string, unknown>[]; productSku: string | null };
  live: { titleEn: string } | null;
}

let n = 0;
const slug = () => `test-page-${++n}`;
const heading = (textEn: string, extra: Record<string, unknown> = {}) => ({ kind: 'heading', textEn, ...extra });
const body = (extra: Record<string, unknown> = {}) => ({
  type: 'page',
  slug: slug(),
  titleEn: 'Hello',
  blocks: [heading('First')],
  ...extra,
});
const post = (url: string, b: unknown) => t.call('POST', url, { token: t.admin, body: b });
const put = (url: string, b: unknown) => t.call('PUT', url, { token: t.admin, body: b });
async function create(extra: Record<string, unknown> = {}, base = API) {
  return okDataOf<Page>(await post(base, body(extra)));
}
async function act(p: Page, action: string, base = API) {
  return post(`${base}/${p.id}/actions`, { action, version: p.version });
}
const pages = () => rowCount(t, 'h5_pages');
const publicPage = (s: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.call('GET', `/h5/${s}`, { query, headers });
const firstSku = async () => (await t.rows<{ sku: string }>('SELECT sku FROM skus ORDER BY id LIMIT 1'))[0]?.sku ?? '';

async function uploadImage(bytes?: Buffer) {
  const { payload, headers } = multipart(
    {},
    { name: 'h5.png', bytes: bytes ?? (await bannerImage('home', 'h5', '#000000', '#ffffff')) },
  );
  return t.app.inject({
    method: 'POST',
    url: `${API}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
}

describe('H5 page validation', () => {
  it.each([
    ['slug', { slug: 'AB' }, 'slug:h5.slug'],
    ['title', { titleEn: '' }, 'titleZh:h5.titleRequired'],
    ['heading text', { blocks: [heading('')] }, 'blocks.0.textZh:h5.textRequired'],
    ['paragraph text', { blocks: [{ kind: 'paragraph', zh: [], en: [] }] }, 'blocks.0.zh:h5.textRequired'],
    [
      'paragraph link',
      { blocks: [{ kind: 'paragraph', en: [{ text: 'x', link: 'javascript:alert(1)' }] }] },
      'blocks.0.en:h5.link',
    ],
    [
      'paragraph font',
      { blocks: [{ kind: 'paragraph', en: [{ text: 'x' }], font: 'Comic Sans' }] },
      'blocks.0.font:invalidOption',
    ],
    [
      'paragraph colour',
      { blocks: [{ kind: 'paragraph', en: [{ text: 'x' }], color: 'red' }] },
      'blocks.0.color:appContent.color',
    ],
    ['button link', { blocks: [{ kind: 'button', labelEn: 'Go', link: 'http://example.com' }] }, 'blocks.0.link:h5.link'],
    ['button label', { blocks: [{ kind: 'button', link: 'https://example.com' }] }, 'blocks.0.labelZh:h5.textRequired'],
    ['image alt', { blocks: [{ kind: 'image', fileId: 1 }] }, 'blocks.0.altZh:h5.textRequired'],
    ['product buy link', { blocks: [{ kind: 'product', sku: 'X', buyLink: 'data:text/html,x' }] }, 'blocks.0.buyLink:h5.link'],
    ['spacer height', { blocks: [{ kind: 'spacer', height: 500 }] }, 'blocks.0.height:atMost'],
    ['too many blocks', { blocks: Array.from({ length: 101 }, () => ({ kind: 'divider' })) }, 'blocks:tooManyItems'],
    [
      'type of another screen',
      { type: 'activityHome', windowStart: '2026-01-01T00:00:00Z', windowEnd: '2026-02-01T00:00:00Z' },
      'type:invalidOption',
    ],
  ])('refuses a bad %s with its field code, writing nothing', async (_name, extra, code) => {
    const before = await pages();
    const res = await post(API, body(extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldCodesOf(res)).toContain(code);
    expect(await pages()).toBe(before);
  });

  it('checks what the blocks name: the catalogue SKU, the image file, the activity fields and child pages', async () => {
    let res = await post(API, body({ blocks: [{ kind: 'product', sku: 'NO-SUCH-SKU', buyLink: 'https://example.com' }] }));
    expect(fieldCodesOf(res)).toEqual(['blocks.0.sku:h5.unknownSku']);
    res = await post(API, body({ blocks: [{ kind: 'image', fileId: 999999, altEn: 'x' }] }));
    expect(fieldCodesOf(res)).toEqual(['blocks.0.fileId:h5.imageMissing']);
    res = await post(ACT, body({ type: 'activityHome' }));
    expect(fieldCodesOf(res).sort()).toEqual(['windowEnd:required', 'windowStart:required']);
    res = await post(ACT, body({ type: 'activityHome', windowStart: '2026-02-01T00:00:00Z', windowEnd: '2026-01-01T00:00:00Z' }));
    expect(fieldCodesOf(res)).toEqual(['windowEnd:h5.windowOrder']);
    res = await post(ACT, body({ type: 'newProductIntro' }));
    expect(fieldCodesOf(res).sort()).toEqual(['launchDate:required', 'productSku:required']);
    res = await post(
      ACT,
      body({ type: 'activityHome', windowStart: '2026-01-01T00:00:00Z', windowEnd: '2026-02-01T00:00:00Z', childIds: [999999] }),
    );
    expect(fieldCodesOf(res)).toEqual(['childIds:h5.childMissing']);
  });

  it('takes a product card and a new-product intro on a catalogue SKU (any case), filling the names from the catalogue', async () => {
    const sku = await firstSku();
    const p = await create(
      {
        type: 'newProductIntro',
        productSku: sku.toLowerCase(),
        launchDate: '2026-12-24',
        blocks: [{ kind: 'product', sku: sku.toLowerCase(), buyLink: 'lumio://shop/1', noteEn: 'New' }],
      },
      ACT,
    );
    expect(p.draft.productSku).toBe(sku);
    expect(p.draft.blocks[0]).toMatchObject({ sku, buyLink: 'lumio://shop/1' });
    expect(String(p.draft.blocks[0]?.nameZh)).not.toBe('');
    // An intro is not a page of the H5 pages' screen.
    expect((await t.call('GET', `${API}/${p.id}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('refuses a taken slug (409) and a slug change once published (400), and a type change', async () => {
    const a = await create();
    const res = await post(API, body({ slug: a.slug }));
    expect(res.statusCode).toBe(409);
    expect(fieldCodesOf(res)).toEqual(['slug:h5.slugTaken']);
    const live = okDataOf<Page>(await act(a, 'publish'));
    const moved = await put(`${API}/${a.id}`, { ...body({ slug: 'another-slug' }), version: live.version });
    expect(fieldCodesOf(moved)).toEqual(['slug:h5.slugFixed']);
  });
});

describe('states and snapshots', () => {
  it('publishes only a page with blocks in each language its title has', async () => {
    let p = await create({ titleZh: '你好', blocks: [heading('English only')] });
    const res = await act(p, 'publish');
    expect(res.statusCode).toBe(400);
    expect(fieldCodesOf(res)).toEqual(['blocks:h5.langMissing']);
    p = okDataOf<Page>(
      await put(`${API}/${p.id}`, {
        ...body({ slug: p.slug, titleZh: '你好', blocks: [heading('Hi', { textZh: '嗨' })] }),
        version: p.version,
      }),
    );
    expect(okDataOf<Page>(await act(p, 'publish')).state).toBe('published');
    const empty = await create({ blocks: [] });
    expect(fieldCodesOf(await act(empty, 'publish'))).toEqual(['blocks:h5.noBlocks']);
  });

  it('moves by the machine: every state x action, 409 naming the state when refused', async () => {
    const expectations: [string, string, number, string | null][] = [
      ['draft', 'publish', 200, 'published'],
      ['draft', 'archive', 200, 'archived'],
      ['draft', 'restore', 409, null],
      ['published', 'publish', 200, 'published'],
      ['published', 'archive', 200, 'archived'],
      ['published', 'restore', 409, null],
      ['archived', 'publish', 409, null],
      ['archived', 'archive', 409, null],
      ['archived', 'restore', 200, 'draft'],
    ];
    for (const [from, action, status, to] of expectations) {
      let p = await create();
      if (from !== 'draft') p = okDataOf<Page>(await act(p, 'publish'));
      if (from === 'archived') p = okDataOf<Page>(await act(p, 'archive'));
      const res = await act(p, action);
      expect(res.statusCode, `${from} ${action}`).toBe(status);
      if (to) expect(dataOf<Page>(res).state).toBe(to);
      else expect((res.json() as { msg: string }).msg).toMatch(new RegExp(from, 'i'));
    }
  });

  it('edits neither an archived page (409) nor with a stale version (409); deletes drafts and archived pages only', async () => {
    const p = await create();
    const archived = okDataOf<Page>(await act(p, 'archive'));
    const res = await put(`${API}/${p.id}`, { ...body({ slug: p.slug }), version: archived.version });
    expect(res.statusCode).toBe(409);
    expect((await put(`${API}/${p.id}`, { ...body({ slug: p.slug }), version: 1 })).statusCode).toBe(409);
    const live = okDataOf<Page>(await act(await create(), 'publish'));
    expect((await t.call('DELETE', `${API}/${live.id}`, { token: t.admin })).statusCode).toBe(409);
    expect((await t.call('DELETE', `${API}/${p.id}`, { token: t.admin })).statusCode).toBe(200);
    const draft = await create();
    expect((await t.call('DELETE', `${API}/${draft.id}`, { token: t.admin })).statusCode).toBe(200);
    expect(await rowCount(t, 'audit_log', `entity = 'h5_page' AND action = 'delete'`)).toBe(2);
  });

  it('keeps the live snapshot until the next publish: an edit changes nothing public', async () => {
    const p = await create({ titleEn: 'Version one', blocks: [heading('One')] });
    const live = okDataOf<Page>(await act(p, 'publish'));
    expect((await publicPage(p.slug)).body).toContain('Version one');
    const edited = okDataOf<Page>(
      await put(`${API}/${p.id}`, {
        ...body({ slug: p.slug, titleEn: 'Version two', blocks: [heading('Two')] }),
        version: live.version,
      }),
    );
    expect(edited.state).toBe('published');
    expect(edited.changed).toBe(true);
    expect(edited.live?.titleEn).toBe('Version one');
    const shown = (await publicPage(p.slug)).body;
    expect(shown).toContain('Version one');
    expect(shown).not.toContain('Version two');
    const republished = okDataOf<Page>(await act(edited, 'publish'));
    expect(republished.changed).toBe(false);
    expect((await publicPage(p.slug)).body).toContain('Version two');
    const archived = okDataOf<Page>(await act(republished, 'archive'));
    expect(archived.state).toBe('archived');
    expect((await publicPage(p.slug)).statusCode).toBe(404);
    expect(await rowCount(t, 'audit_log', `entity = 'h5_page' AND entity_id = $1`, [String(p.id)])).toBe(5);
  });
});

describe('the public page', () => {
  it('escapes every text, leaves out refused links and answers with a strict CSP and an ETag', async () => {
    const sku = await firstSku();
    const p = await create({
      titleEn: '<script>alert(1)</script>',
      blocks: [
        heading('<img src=x onerror=alert(1)>'),
        {
          kind: 'paragraph',
          en: [
            { text: 'safe', link: 'https://example.com/?a=1&b="2"' },
            { text: ' <b>bold</b>', bold: true },
          ],
        },
        { kind: 'button', labelEn: 'Open', link: 'lumio://device/add' },
        { kind: 'product', sku, buyLink: 'https://example.com/buy' },
      ],
    });
    await act(p, 'publish');
    const res = await publicPage(p.slug, { lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('<strong> &lt;b&gt;bold&lt;/b&gt;</strong>');
    expect(res.body).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(res.body).toContain('href="lumio://device/add"');
    expect(res.body).toContain('name="viewport"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"/);
    expect((await publicPage(p.slug, { lang: 'en-US' }, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('never writes a javascript: link even if one reaches the stored snapshot', async () => {
    const p = await create({ blocks: [heading('x')] });
    const live = okDataOf<Page>(await act(p, 'publish'));
    const bad = {
      kind: 'paragraph',
      zh: [],
      en: [{ text: 'click', bold: false, italic: false, link: 'javascript:alert(1)' }],
      font: null,
      size: 'm',
      color: null,
      align: 'left',
    };
    await t.rows(`UPDATE h5_pages SET live = jsonb_set(live, '{blocks}', $1::jsonb) WHERE id = $2`, [
      JSON.stringify([bad]),
      live.id,
    ]);
    const res = await publicPage(p.slug);
    expect(res.body).toContain('click');
    expect(res.body).not.toContain('javascript:');
  });

  it('answers 404 with the same policy for an unknown or never-published page', async () => {
    const draft = await create();
    for (const s of [draft.slug, 'no-such-page', 'BAD']) {
      const res = await publicPage(s);
      expect(res.statusCode).toBe(404);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    }
  });

  it('serves an image only while a published page names it', async () => {
    const file = okDataOf<{ id: number }>(await uploadImage());
    const media = () => t.call('GET', `/api/h5pages/v1/media/${file.id}`);
    const p = await create({ blocks: [{ kind: 'image', fileId: file.id, altEn: 'A picture' }] });
    expect(p.draft.blocks[0]).toMatchObject({ width: 1080, height: 540 });
    expect((await media()).statusCode).toBe(404);
    const live = okDataOf<Page>(await act(p, 'publish'));
    expect((await media()).statusCode).toBe(200);
    await act(live, 'archive');
    expect((await media()).statusCode).toBe(404);
  });

  it('refuses an image outside the rule at upload, storing nothing', async () => {
    const files = await rowCount(t, 'files');
    const sharp = (await import('sharp')).default;
    const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const res = await uploadImage(tiny);
    expect(res.statusCode).toBe(400);
    expect(fieldCodesOf(res)).toEqual(['file:h5.imageSize']);
    expect(await rowCount(t, 'files')).toBe(files);
  });

  it('renders the preview with the same renderer as the public page', async () => {
    const b = body({ titleEn: 'Same page', blocks: [heading('Same'), { kind: 'divider' }] });
    const p = await create(b);
    await act(p, 'publish');
    const preview = okDataOf<{ html: string }>(await post(`${API}/preview`, { ...b, lang: 'en-US', id: p.id }));
    expect(preview.html).toBe((await publicPage(p.slug, { lang: 'en-US' })).body);
  });

  it('links an activity home to its published child pages and shows its window', async () => {
    const child = await create({ titleEn: 'Child page' });
    await act(child, 'publish');
    const home = await create(
      { type: 'activityHome', windowStart: '2020-01-01T00:00:00Z', windowEnd: '2020-02-01T00:00:00Z', childIds: [child.id] },
      ACT,
    );
    await act(home, 'publish', ACT);
    const res = await publicPage(home.slug, { lang: 'en-US' });
    expect(res.body).toContain(`href="/h5/${child.slug}?lang=en-US"`);
    expect(res.body).toContain('This activity has ended');
  });
});

describe('permissions', () => {
  it('refuses a user without the screen (403) and answers the public page without a session', async () => {
    expect((await t.call('GET', API, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('GET', API)).statusCode).toBe(401);
    expect((await publicPage('welcome')).statusCode).toBe(200);
  });
});
