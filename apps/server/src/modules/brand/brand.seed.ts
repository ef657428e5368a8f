/**
 * The demo of the brand area (docs/brand.md): twelve KOLs on the four metric platforms and a few
 * others, in every state, owned by the demo marketers, and their cooperation records over the last
 * six months, most of them for the demo brand exposure projects (the Q1 KOL campaign, the holiday
 * PR push). Applied once (app_meta `seed.brand`); a database with KOLs of its own is left alone.
 */
import type { KolCategory, KolPlatform, KolState } from '@bo/contract/brand/kols';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { applyDemoOnce } from '../../seed/demo-once';
import { userDirectory } from '../access/access.reads';
import { projectMetricsDirectory } from '../projects/projects.reads';

export const BRAND_SEED_KEY = 'seed.brand';

type Handle = [KolPlatform, string, number];
interface DemoKol {
  name: string;
  handles: Handle[];
  country: string;
  language: string;
  category: KolCategory;
  rate: number | null;
  currency: string;
  email: string | null;
  owner: string;
  state: KolState;
  note?: string;
}

const KOLS: DemoKol[] = [
  {
    name: 'Glow Desk Setups',
    handles: [
      ['TT', '@glowdesk', 820000],
      ['IG', '@glowdesk', 210000],
    ],
    country: 'US',
    language: 'en',
    category: 'tech',
    rate: 2500,
    currency: 'USD',
    email: 'hello@glowdesk.example',
    owner: 'ppc.specialist',
    state: 'cooperating',
  },
  {
    name: 'Casa Luz',
    handles: [
      ['IG', '@casaluz', 340000],
      ['FB', 'CasaLuzHome', 95000],
    ],
    country: 'ES',
    language: 'es',
    category: 'home',
    rate: 1200,
    currency: 'EUR',
    email: 'collab@casaluz.example',
    owner: 'ppc.specialist',
    state: 'cooperating',
  },
  {
    name: 'PixelPit',
    handles: [
      ['YT', 'PixelPit', 1250000],
      ['TWITCH', 'pixelpit', 180000],
    ],
    country: 'GB',
    language: 'en',
    category: 'gaming',
    rate: 4000,
    currency: 'GBP',
    email: 'biz@pixelpit.example',
    owner: 'sales.manager',
    state: 'cooperating',
  },
  {
    name: 'Mama Makes',
    handles: [
      ['FB', 'MamaMakes', 410000],
      ['IG', '@mamamakes', 150000],
    ],
    country: 'US',
    language: 'en',
    category: 'family',
    rate: 900,
    currency: 'USD',
    email: 'mama@mamamakes.example',
    owner: 'ppc.specialist',
    state: 'paused',
    note: 'Paused over the summer break.',
  },
  {
    name: 'Licht & Raum',
    handles: [['YT', 'LichtUndRaum', 260000]],
    country: 'DE',
    language: 'de',
    category: 'home',
    rate: 1500,
    currency: 'EUR',
    email: 'kontakt@lichtraum.example',
    owner: 'sales.manager',
    state: 'contacted',
  },
  {
    name: 'Tokyo Night Gear',
    handles: [
      ['YT', 'TokyoNightGear', 530000],
      ['X', '@tng_jp', 88000],
    ],
    country: 'JP',
    language: 'ja',
    category: 'tech',
    rate: 300000,
    currency: 'JPY',
    email: null,
    owner: 'ppc.specialist',
    state: 'contacted',
  },
  {
    name: 'FitFam Flo',
    handles: [['TT', '@fitfamflo', 1900000]],
    country: 'US',
    language: 'en',
    category: 'fitness',
    rate: 6000,
    currency: 'USD',
    email: 'flo@fitfam.example',
    owner: 'sales.manager',
    state: 'prospect',
  },
  {
    name: 'Cozy Corner Blog',
    handles: [
      ['BLOG', 'cozycorner.example', 45000],
      ['IG', '@cozycorner', 62000],
    ],
    country: 'CA',
    language: 'en',
    category: 'lifestyle',
    rate: 400,
    currency: 'CAD',
    email: 'write@cozycorner.example',
    owner: 'ppc.specialist',
    state: 'prospect',
  },
  {
    name: 'Aussie Tech Tom',
    handles: [
      ['YT', 'AussieTechTom', 310000],
      ['TT', '@techtom', 120000],
    ],
    country: 'AU',
    language: 'en',
    category: 'tech',
    rate: 1800,
    currency: 'AUD',
    email: 'tom@techtom.example',
    owner: 'sales.manager',
    state: 'prospect',
  },
  {
    name: 'Beauty Byte',
    handles: [['IG', '@beautybyte', 720000]],
    country: 'FR',
    language: 'fr',
    category: 'beauty',
    rate: 2000,
    currency: 'EUR',
    email: 'pr@beautybyte.example',
    owner: 'ppc.specialist',
    state: 'blacklisted',
    note: 'Posted without the agreed disclosure.',
  },
  {
    name: 'RGB Ricky',
    handles: [
      ['TT', '@rgbricky', 640000],
      ['YT', 'RGBRicky', 90000],
    ],
    country: 'US',
    language: 'en',
    category: 'gaming',
    rate: 1500,
    currency: 'USD',
    email: 'ricky@rgb.example',
    owner: 'ppc.specialist',
    state: 'cooperating',
  },
  {
    name: 'Nordic Nest',
    handles: [
      ['IG', '@nordicnest', 280000],
      ['FB', 'NordicNestHome', 60000],
    ],
    country: 'SE',
    language: 'sv',
    category: 'home',
    rate: 1100,
    currency: 'EUR',
    email: null,
    owner: 'sales.manager',
    state: 'cooperating',
  },
];

/** Cooperations: KOL name, project (1: the KOL campaign, 2: the PR push, null: none), platform, deliverable, cost, days ago, exposure, interactions. */
const COOPS: [string, 1 | 2 | null, KolPlatform, string, number, number | null, number, number][] = [
  ['Glow Desk Setups', 1, 'TT', 'Desk makeover video', 2500, 10, 610000, 41000],
  ['Glow Desk Setups', 1, 'IG', 'Reel + 3 stories', 1200, 8, 150000, 9800],
  ['Glow Desk Setups', null, 'TT', 'Black Friday teaser', 2000, 40, 480000, 27000],
  ['Casa Luz', 1, 'IG', 'Living room reel', 1300, 12, 260000, 15400],
  ['PixelPit', 1, 'YT', 'Dedicated review (8 min)', 4800, 6, 420000, 18500],
  ['PixelPit', 2, 'YT', 'Holiday gift guide mention', 1500, 70, 350000, 11000],
  ['Mama Makes', 2, 'FB', 'Holiday craft post', 800, 85, 190000, 7400],
  ['Mama Makes', null, 'IG', 'Kids room story set', 600, 120, 80000, 3900],
  ['RGB Ricky', 1, 'TT', 'Setup tour', 1500, 3, 520000, 38000],
  ['RGB Ricky', 1, 'TT', 'Follow-up duet', 800, null, 0, 0],
  ['Nordic Nest', 2, 'IG', 'Winter light carousel', 1000, 60, 140000, 6100],
  ['Nordic Nest', null, 'FB', 'Giveaway post', 500, 150, 45000, 5200],
];

async function build(tx: DbOrTx) {
  const users = await tx.execute<{ id: number; login_name: string }>(
    sql`SELECT u.id, u.login_name FROM ${userDirectory} u WHERE u.account_id = 1`,
  );
  const idOf = new Map(users.rows.map((u) => [u.login_name, Number(u.id)]));
  const projects = await tx.execute<{ id: number; name: string }>(sql`
    SELECT p.id, p.name FROM ${projectMetricsDirectory} p WHERE p.account_id = 1 AND p.type = 'BRAND_EXPOSURE_PROJECT' ORDER BY p.id`);
  const project = (n: 1 | 2 | null) =>
    n === null ? null : (projects.rows.find((p) => p.name.includes(n === 1 ? 'KOL campaign' : 'Holiday PR'))?.id ?? null);
  const kolIds = new Map<string, number>();
  for (const k of KOLS) {
    const handles = k.handles.map(([platform, handle, followers]) => ({ platform, handle, followers }));
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO brand_kols (account_id, name, handles, followers, country, language, category, rate, currency, email, phone, owner_id, state, note)
      VALUES (1, ${k.name}, ${JSON.stringify(handles)}::jsonb, ${handles.reduce((s, h) => s + h.followers, 0)}, ${k.country}, ${k.language},
              ${k.category}, ${k.rate}, ${k.currency}, ${k.email}, NULL, ${idOf.get(k.owner) ?? null}, ${k.state}, ${k.note ?? ''})
      RETURNING id`);
    kolIds.set(k.name, Number(r.rows[0]?.id));
  }
  for (const [kol, p, platform, deliverable, cost, ago, exposure, interactions] of COOPS) {
    const kolId = kolIds.get(kol);
    if (kolId === undefined) continue;
    await tx.execute(sql`
      INSERT INTO brand_cooperations (account_id, kol_id, project_id, platform, deliverable, cost, publish_day, exposure, interactions)
      VALUES (1, ${kolId}, ${project(p)}, ${platform}, ${deliverable}, ${cost}, ${ago === null ? null : sql`current_date - ${ago}::int`},
              ${exposure}, ${interactions})`);
  }
}

export const applyBrandDemoOnce = (db: Db) => applyDemoOnce(db, BRAND_SEED_KEY, sql`EXISTS (SELECT 1 FROM brand_kols)`, build);
