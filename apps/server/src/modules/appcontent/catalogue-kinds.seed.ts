/**
 * Demo rows of the new products, accessories, featured cards, scene tabs, DIY categories, the
 * square's picks and the life apps (apply-once, each its own key), so `npm start` shows each screen
 * working: records in several states, on the catalogue's SKUs and models and on the libraries'
 * light effects, each image drawn here and stored through the file store.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { catalogModels, catalogSkus } from '../catalog/catalog.reads';
import { bannerImage, type DemoRecord, seedContext, storeImage } from './appcontent.seed';
import { appContent } from './appcontent.table';
import { gradientPng } from './covers/cover-image';
import { ICON_SIDE, iconPng } from './icons/icon-image';
import { applyOnce } from './kinds.seed';

const skusOf = async (tx: DbOrTx, n: number) =>
  (
    await tx.execute<{ sku: string; model: string }>(
      sql`SELECT s.sku, upper(s.model) AS model FROM ${catalogSkus} s ORDER BY s.id LIMIT ${n}`,
    )
  ).rows;
const modelsOf = async (tx: DbOrTx, n: number) =>
  (
    await tx.execute<{ model: string }>(sql`SELECT upper(m.model) AS model FROM ${catalogModels} m ORDER BY m.id LIMIT ${n}`)
  ).rows.map((r) => r.model);
const liveIds = async (tx: DbOrTx, kind: string, n: number) =>
  (
    await tx.execute<{ id: number }>(
      sql`SELECT c.id FROM ${appContent} c WHERE c.kind = ${kind} AND c.state <> 'archived' ORDER BY c.id LIMIT ${n}`,
    )
  ).rows.map((r) => Number(r.id));

type Image = { imageFileId: number; width: number; height: number };
const image = async (tx: DbOrTx, db: Db, name: string, png: Buffer, size: readonly [number, number], entity: string) => {
  const { ownerId } = await seedContext(tx);
  const i = await storeImage(tx, db, ownerId, name, png, size, entity);
  return { imageFileId: i.imageFileId, width: i.width, height: i.height } satisfies Image;
};

const LAUNCH: readonly [number, number] = [1080, 540];
const SQUARE: readonly [number, number] = [600, 600];
const CARD: readonly [number, number] = [1200, 800];
const ICON: readonly [number, number] = [ICON_SIDE, ICON_SIDE];

export async function applyNewProductsDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all([
    bannerImage('home', 'New: Neon Rope Light 2', '#7B2FF7', '#F107A3'),
    bannerImage('home', 'Coming soon: Outdoor Wall Light', '#0F2027', '#2C5364'),
    bannerImage('home', 'New: TV Backlight 3 Lite', '#FF512F', '#DD2476'),
  ]);
  await applyOnce(db, 'seed.appcontent.newProducts', async (tx) => {
    const skus = await skusOf(tx, 3);
    if (skus.length < 3) return [];
    const img = (i: number) => image(tx, db, `launch-${i + 1}.png`, pngs[i] as Buffer, LAUNCH, 'app-new-product');
    const links = [
      { country: 'US', url: 'https://shop.example.com/us/launch' },
      { country: 'DE', url: 'https://shop.example.com/de/launch' },
      { country: 'GB', url: 'https://shop.example.com/uk/launch' },
    ];
    const rec = (i: number, payload: object, rest: Partial<DemoRecord>): DemoRecord => ({
      kind: 'newProduct',
      slot: 'main',
      name: `Launch — ${skus[i]?.sku}`,
      payload,
      state: 'published',
      position: i * 10,
      ...rest,
    });
    return [
      rec(
        0,
        {
          sku: skus[0]?.sku,
          headlineZh: '全新霓虹灯带 2 代',
          headlineEn: 'The new Neon Rope Light 2',
          textZh: '更亮、更柔、可弯折成任意形状，支持音乐律动。',
          textEn: 'Brighter, softer, bends into any shape and dances to your music.',
          newDays: 30,
          ...(await img(0)),
          buyLinks: links,
        },
        { start: -5, end: null },
      ),
      rec(
        1,
        {
          sku: skus[1]?.sku,
          headlineZh: '户外壁灯即将上市',
          headlineEn: 'Outdoor Wall Light, coming soon',
          textZh: 'IP65 防水，日落自动亮起。',
          textEn: 'IP65 weatherproof; lights up at sunset by itself.',
          newDays: 14,
          ...(await img(1)),
          buyLinks: links.slice(0, 1),
        },
        { state: 'scheduled', start: 10, end: null, countries: ['US'] },
      ),
      rec(
        2,
        {
          sku: skus[2]?.sku,
          headlineZh: '电视背光灯 3 Lite',
          headlineEn: 'TV Backlight 3 Lite',
          textZh: '',
          textEn: 'Draft: copy to be confirmed by marketing.',
          newDays: 30,
          ...(await img(2)),
          buyLinks: [],
        },
        { state: 'draft', start: 20, end: null },
      ),
    ];
  });
}

export async function applyAccessoriesDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all([
    gradientPng(SQUARE, 'Clips', '#434343', '#000000'),
    gradientPng(SQUARE, 'Extension', '#56CCF2', '#2F80ED'),
    gradientPng(SQUARE, 'Adapter', '#F2994A', '#F2C94C'),
  ]);
  await applyOnce(db, 'seed.appcontent.accessories', async (tx) => {
    const skus = await skusOf(tx, 6);
    const models = await modelsOf(tx, 3);
    if (skus.length < 6 || models.length === 0) return [];
    const img = (i: number) => image(tx, db, `accessory-${i + 1}.png`, pngs[i] as Buffer, SQUARE, 'app-accessory');
    const rec = (i: number, nameZh: string, nameEn: string, ms: string[], state: DemoRecord['state']) =>
      img(i).then(
        (im): DemoRecord => ({
          kind: 'accessory',
          slot: 'main',
          name: `Accessory — ${nameEn}`,
          payload: { sku: skus[3 + i]?.sku, nameZh, nameEn, ...im, buyLink: `https://shop.example.com/accessories/${i + 1}` },
          models: ms,
          state,
          position: i * 10,
        }),
      );
    return [
      await rec(0, '安装卡扣（20 个）', 'Mounting clips (20 pack)', models.slice(0, 2), 'published'),
      await rec(1, '2 米延长线', '2 m extension cable', models.slice(0, 1), 'published'),
      await rec(2, '电源适配器（欧规）', 'Power adapter (EU plug)', models.slice(-1), 'draft'),
    ];
  });
}

export async function applyFeaturedDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all([
    gradientPng(CARD, 'Aurora nights', '#00C9FF', '#92FE9D'),
    gradientPng(CARD, 'How to choose a strip', '#FC466B', '#3F5EFB'),
    gradientPng(CARD, 'Our lighting blog', '#11998E', '#38EF7D'),
  ]);
  await applyOnce(db, 'seed.appcontent.featured', async (tx) => {
    const [effect] = await liveIds(tx, 'lightEffect', 1);
    const [guide] = await liveIds(tx, 'buyingGuide', 1);
    if (!effect || !guide) return [];
    const img = (i: number) => image(tx, db, `featured-${i + 1}.png`, pngs[i] as Buffer, CARD, 'app-featured');
    const card = (i: number, name: string, texts: object, target: object, state: DemoRecord['state']) =>
      img(i).then(
        (im): DemoRecord => ({
          kind: 'featured',
          slot: 'main',
          name,
          payload: { ...texts, ...im, ...target },
          state,
          position: i * 10,
        }),
      );
    const none = { targetKind: null, targetId: null, url: '' };
    return [
      await card(
        0,
        'Featured — an effect',
        {
          titleZh: '极光之夜',
          titleEn: 'Aurora nights',
          subtitleZh: '本周最受欢迎的灯效',
          subtitleEn: "This week's favourite effect",
        },
        { ...none, targetType: 'content', targetKind: 'lightEffect', targetId: effect },
        'published',
      ),
      await card(
        1,
        'Featured — buying guide',
        {
          titleZh: '如何选灯带',
          titleEn: 'How to choose a strip',
          subtitleZh: '三分钟看懂',
          subtitleEn: 'Three minutes to read',
        },
        { ...none, targetType: 'content', targetKind: 'buyingGuide', targetId: guide },
        'published',
      ),
      await card(
        2,
        'Featured — blog (draft)',
        { titleZh: '灯光博客', titleEn: 'Our lighting blog', subtitleZh: '', subtitleEn: 'Ideas for every room' },
        { ...none, targetType: 'url', url: 'https://blog.example.com/ideas' },
        'draft',
      ),
    ];
  });
}

export async function applyScenesDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all([
    iconPng('R', '#F5A623'),
    iconPng('P', '#9B51E0'),
    iconPng('N', '#27AE60'),
    iconPng('W', '#2D9CDB'),
  ]);
  await applyOnce(db, 'seed.appcontent.scenes', async (tx) => {
    const effects = await liveIds(tx, 'lightEffect', 8);
    if (effects.length < 4) return [];
    const tabs: [string, string, number[], DemoRecord['state']][] = [
      ['放松', 'Relax', effects.slice(0, 3), 'published'],
      ['派对', 'Party', effects.slice(2, 6), 'published'],
      ['自然', 'Nature', effects.slice(1, 4), 'published'],
      ['工作', 'Work', effects.slice(0, 2), 'draft'],
    ];
    const out: DemoRecord[] = [];
    for (const [i, [nameZh, nameEn, effectIds, state]] of tabs.entries()) {
      const im = await image(tx, db, `scene-${i + 1}.png`, pngs[i] as Buffer, ICON, 'app-scene-category');
      out.push({
        kind: 'sceneCategory',
        slot: 'main',
        name: `Scene tab — ${nameEn}`,
        payload: { nameZh, nameEn, ...im, effectIds },
        state,
        position: i * 10,
      });
    }
    return out;
  });
}

export async function applyDiyDemoOnce(db: Db): Promise<void> {
  const rows: [string, string, string, string, string, DemoRecord['state']][] = [
    ['party', '派对', 'Party', 'P', '#9B51E0', 'published'],
    ['holiday', '节日', 'Holiday', 'H', '#D0021B', 'published'],
    ['nature', '自然', 'Nature', 'N', '#27AE60', 'published'],
    ['gaming', '游戏', 'Gaming', 'G', '#EB5757', 'published'],
    ['sleep', '睡眠', 'Sleep', 'S', '#2D3A8C', 'draft'],
    ['legacy', '旧分类', 'Old category', 'L', '#828282', 'archived'],
  ];
  const pngs = await Promise.all(rows.map(([, , , g, c]) => iconPng(g, c)));
  await applyOnce(db, 'seed.appcontent.diy', async (tx) => {
    const out: DemoRecord[] = [];
    for (const [i, [key, nameZh, nameEn, , , state]] of rows.entries()) {
      const im = await image(tx, db, `diy-${key}.png`, pngs[i] as Buffer, ICON, 'app-diy-category');
      out.push({
        kind: 'diyCategory',
        slot: 'main',
        name: `DIY — ${nameEn}`,
        payload: { key, nameZh, nameEn, ...im },
        state,
        position: i * 10,
      });
    }
    return out;
  });
}

export async function applySquareDemoOnce(db: Db): Promise<void> {
  await applyOnce(db, 'seed.appcontent.square', async (tx) => {
    const effects = await liveIds(tx, 'lightEffect', 6);
    if (effects.length < 4) return [];
    const pick = (
      slot: string,
      i: number,
      noteZh: string,
      noteEn: string,
      state: DemoRecord['state'] = 'published',
    ): DemoRecord => ({
      kind: 'squarePick',
      slot,
      name: `${slot} — ${noteEn || noteZh}`,
      payload: { effectId: effects[i % effects.length], noteZh, noteEn },
      state,
      position: i * 10,
    });
    return [
      pick('hot', 0, '本周最热', 'Hottest this week'),
      pick('hot', 1, '收藏最多', 'Most saved'),
      pick('hot', 2, '', 'Trending in Germany'),
      pick('new', 3, '新上架', 'Just added'),
      pick('new', 4, '社区新作', 'New from the community', 'draft'),
      pick('staff', 1, '编辑推荐：适合夜晚', "Editor's pick: for the evening"),
      pick('staff', 2, '编辑推荐：派对', "Editor's pick: party"),
    ];
  });
}

export async function applyLifeAppsDemoOnce(db: Db): Promise<void> {
  const rows: [string, string, string, string, string, string, string, string, DemoRecord['state']][] = [
    [
      'Amazon Alexa',
      '用语音控制灯光：“Alexa，打开客厅灯”。',
      'Control your lights by voice: "Alexa, turn on the living room".',
      'A',
      '#00CAFF',
      'https://apps.apple.com/app/amazon-alexa/id944011620',
      'https://play.google.com/store/apps/details?id=com.amazon.dee.app',
      'https://alexa.amazon.com/spa/skill-account-linking',
      'published',
    ],
    [
      'Google Home',
      '在 Google Home 中添加设备并语音控制。',
      'Add your devices to Google Home and control them by voice.',
      'G',
      '#4285F4',
      'https://apps.apple.com/app/google-home/id680819774',
      'https://play.google.com/store/apps/details?id=com.google.android.apps.chromecast.app',
      'googlehome://link',
      'published',
    ],
    [
      'SmartThings',
      '与 SmartThings 的自动化联动。',
      'Run your lights in SmartThings automations.',
      'S',
      '#15BFFF',
      'https://apps.apple.com/app/smartthings/id1222822904',
      'https://play.google.com/store/apps/details?id=com.samsung.android.oneconnect',
      'smartthings://link',
      'published',
    ],
    [
      'IFTTT',
      '用 IFTTT 小程序让灯光响应天气、日程等。',
      'Make your lights react to weather, calendar and more with IFTTT applets.',
      'I',
      '#222222',
      'https://apps.apple.com/app/ifttt/id660944635',
      '',
      'https://ifttt.com/lumio',
      'draft',
    ],
  ];
  const pngs = await Promise.all(rows.map((r) => iconPng(r[3], r[4])));
  await applyOnce(db, 'seed.appcontent.lifeApps', async (tx) => {
    const models = await modelsOf(tx, 2);
    const out: DemoRecord[] = [];
    for (const [i, [appName, descriptionZh, descriptionEn, , , iosUrl, androidUrl, accountLink, state]] of rows.entries()) {
      const im = await image(tx, db, `life-app-${i + 1}.png`, pngs[i] as Buffer, ICON, 'app-life-app');
      out.push({
        kind: 'lifeApp',
        slot: 'main',
        name: `Life app — ${appName}`,
        payload: { appName, descriptionZh, descriptionEn, ...im, iosUrl, androidUrl, accountLink },
        models: i === 2 ? models : [],
        state,
        position: i * 10,
      });
    }
    return out;
  });
}

/** Every one of them, in the order of the screens' menu. */
export async function applyCatalogueKindsDemoOnce(db: Db): Promise<void> {
  await applyNewProductsDemoOnce(db);
  await applyAccessoriesDemoOnce(db);
  await applyFeaturedDemoOnce(db);
  await applyScenesDemoOnce(db);
  await applyDiyDemoOnce(db);
  await applySquareDemoOnce(db);
  await applyLifeAppsDemoOnce(db);
}
