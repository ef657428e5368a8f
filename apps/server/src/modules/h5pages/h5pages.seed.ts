/**
 * The H5 pages' demo rows: a published page (the app's welcome page), an activity home with two
 * published child pages, a new-product intro on the first demo SKU (when the catalogue has one)
 * and a draft. Applied once (app_meta); written through the same content shape the editor saves.
 */
import type { H5Block } from '@bo/contract/h5pages/blocks';
import type { H5Content, H5Type } from '@bo/contract/h5pages/h5-pages';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

export const H5_SEED_KEY = 'seed.h5pages';

const p = (zh: string, en: string, extra: Partial<Extract<H5Block, { kind: 'paragraph' }>> = {}): H5Block => ({
  kind: 'paragraph',
  zh: [{ text: zh, bold: false, italic: false, link: null }],
  en: [{ text: en, bold: false, italic: false, link: null }],
  font: null,
  size: 'm',
  color: null,
  align: 'left',
  ...extra,
});
const h = (zh: string, en: string): H5Block => ({
  kind: 'heading',
  textZh: zh,
  textEn: en,
  level: 2,
  font: null,
  color: null,
  align: 'left',
});
const button = (zh: string, en: string, link: string): H5Block => ({
  kind: 'button',
  labelZh: zh,
  labelEn: en,
  link,
  style: 'primary',
});

const content = (
  type: H5Type,
  titleZh: string,
  titleEn: string,
  blocks: H5Block[],
  extra: Partial<H5Content> = {},
): H5Content => ({
  type,
  titleZh,
  titleEn,
  blocks,
  windowStart: null,
  windowEnd: null,
  childIds: [],
  productSku: null,
  launchDate: null,
  ...extra,
});

async function insert(tx: DbOrTx, slug: string, c: H5Content, publish: boolean): Promise<number> {
  const json = JSON.stringify(c);
  const [row] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO h5_pages (type, slug, state, title_zh, title_en, draft, live, published_at)
      VALUES (${c.type}, ${slug}, ${publish ? 'published' : 'draft'}, ${c.titleZh}, ${c.titleEn}, ${json}::jsonb,
              ${publish ? json : null}::jsonb, ${publish ? sql`now()` : null})
      ON CONFLICT (slug) DO NOTHING RETURNING id`)
  ).rows;
  return Number(row?.id ?? 0);
}

export async function applyH5PagesDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${H5_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${H5_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM h5_pages LIMIT 1`)).rows;
    if (!any) {
      await insert(
        tx,
        'welcome',
        content('page', '欢迎使用 Lumio', 'Welcome to Lumio', [
          h('让灯光随心而动', 'Light that follows you'),
          {
            kind: 'paragraph',
            zh: [
              { text: '连接你的灯具，选择一个', bold: false, italic: false, link: null },
              { text: '场景', bold: true, italic: false, link: null },
              { text: '，或阅读', bold: false, italic: false, link: null },
              { text: '使用指南', bold: false, italic: false, link: 'https://www.example.com/guide' },
              { text: '。', bold: false, italic: false, link: null },
            ],
            en: [
              { text: 'Connect your lights, pick a ', bold: false, italic: false, link: null },
              { text: 'scene', bold: true, italic: false, link: null },
              { text: ' or read the ', bold: false, italic: false, link: null },
              { text: 'guide', bold: false, italic: false, link: 'https://www.example.com/guide' },
              { text: '.', bold: false, italic: false, link: null },
            ],
            font: 'Verdana',
            size: 'm',
            color: null,
            align: 'left',
          },
          { kind: 'divider' },
          button('添加设备', 'Add a device', 'lumio://device/add'),
        ]),
        true,
      );
      const week = await insert(
        tx,
        'summer-week-1',
        content('page', '夏日灯光周 · 第一周', 'Summer light week 1', [
          h('海边日落场景', 'Seaside sunset scenes'),
          p('本周精选 5 个日落灯效，一键应用。', 'Five sunset effects this week, one tap to apply.'),
          button('打开灯效库', 'Open the library', 'lumio://effects/sunset'),
        ]),
        true,
      );
      const tips = await insert(
        tx,
        'summer-tips',
        content('page', '夏日灯光小贴士', 'Summer lighting tips', [
          p('晚上把色温调低到 2700K，更助眠。', 'Lower the colour temperature to 2700 K at night to sleep better.', {
            color: '#8C5A00',
          }),
        ]),
        true,
      );
      const start = new Date();
      start.setUTCDate(start.getUTCDate() - 3);
      const end = new Date(start);
      end.setUTCDate(end.getUTCDate() + 30);
      await insert(
        tx,
        'summer-light',
        content(
          'activityHome',
          '夏日灯光节',
          'Summer light festival',
          [
            h('一个月的灯光好礼', 'A month of light'),
            p('每周新场景、新灯效，参加活动赢取灯带。', 'New scenes and effects every week; join in to win a light strip.', {
              size: 'l',
              align: 'center',
            }),
            { kind: 'spacer', height: 16 },
          ],
          { windowStart: start.toISOString(), windowEnd: end.toISOString(), childIds: [week, tips].filter((x) => x > 0) },
        ),
        true,
      );
      const [sku] = (
        await tx.execute<{ sku: string; model: string; name: string; name_en: string }>(sql`
          SELECT s.sku, p.model, p.name, p.name_en FROM skus s JOIN products p ON p.id = s.product_id ORDER BY s.id LIMIT 1`)
      ).rows;
      if (sku) {
        const launch = new Date();
        launch.setUTCDate(launch.getUTCDate() + 14);
        await insert(
          tx,
          'new-arrival',
          content(
            'newProductIntro',
            `新品上市：${sku.name}`,
            `New: ${sku.name_en || sku.name}`,
            [
              h('更亮、更智能', 'Brighter and smarter'),
              p('支持音乐律动与 1600 万色。', 'Music sync and 16 million colours.'),
              {
                kind: 'product',
                sku: sku.sku,
                nameZh: sku.name,
                nameEn: sku.name_en || sku.name,
                model: sku.model,
                fileId: null,
                width: 0,
                height: 0,
                buyLink: 'https://www.example.com/shop',
                noteZh: '首发价 8 折',
                noteEn: '20 % off at launch',
              },
            ],
            { productSku: sku.sku, launchDate: launch.toISOString().slice(0, 10) },
          ),
          true,
        );
      }
      await insert(
        tx,
        'autumn-preview',
        content('page', '秋季新灯效预告', 'Autumn effects preview', [h('即将上线', 'Coming soon')]),
        false,
      );
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${H5_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
