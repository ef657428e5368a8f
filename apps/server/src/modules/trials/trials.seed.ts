/**
 * The trials' demo: two questionnaires (light-strip usage; a short one for a bulb), an open trial
 * of a strip with about 200 applications and answers, a drawn trial with winners (one shipped,
 * one replaced, the list published) and a draft. SKUs are the catalogue's first ones; without a
 * catalogue only the questionnaires are made. Applied once (app_meta).
 */
import type { FormField, Question } from '@bo/contract/trials/forms';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { catalogSkus } from '../catalog/catalog.reads';
import { drawOrder, newSeed } from './draw';
import { intArray, textArray } from './trials.repository';

export const TRIALS_SEED_KEY = 'seed.trials';

const opt = (value: string, labelEn: string, labelZh: string) => ({ value, labelEn, labelZh });
const STRIP_QUESTIONS: Question[] = [
  {
    key: 'room',
    type: 'single',
    labelEn: 'Where would you put the strip?',
    labelZh: '您会把灯带装在哪里？',
    required: true,
    options: [
      opt('living', 'Living room', '客厅'),
      opt('bedroom', 'Bedroom', '卧室'),
      opt('desk', 'Desk / PC', '桌面/电脑'),
      opt('tv', 'Behind the TV', '电视背后'),
    ],
    maxLength: 500,
  },
  {
    key: 'platforms',
    type: 'multiple',
    labelEn: 'Which platforms do you post on?',
    labelZh: '您常在哪些平台发布内容？',
    required: false,
    options: [
      opt('youtube', 'YouTube', 'YouTube'),
      opt('tiktok', 'TikTok', 'TikTok'),
      opt('instagram', 'Instagram', 'Instagram'),
      opt('blog', 'A blog', '博客'),
    ],
    maxLength: 500,
  },
  {
    key: 'experience',
    type: 'rating',
    labelEn: 'How well do you know smart lights? (1-5)',
    labelZh: '您对智能灯的熟悉程度（1–5）',
    required: true,
    options: [],
    maxLength: 500,
  },
  {
    key: 'why',
    type: 'text',
    labelEn: 'Why should we pick you?',
    labelZh: '我们为什么选您？',
    required: false,
    options: [],
    maxLength: 300,
  },
];
const BULB_QUESTIONS: Question[] = [
  {
    key: 'bulbs',
    type: 'rating',
    labelEn: 'How many smart bulbs do you own? (1 = none, 5 = many)',
    labelZh: '您有多少智能灯泡？（1 无，5 很多）',
    required: true,
    options: [],
    maxLength: 500,
  },
  {
    key: 'assistant',
    type: 'single',
    labelEn: 'Your voice assistant',
    labelZh: '您使用的语音助手',
    required: true,
    options: [opt('alexa', 'Alexa', 'Alexa'), opt('google', 'Google Assistant', 'Google 助理'), opt('none', 'None', '无')],
    maxLength: 500,
  },
];

const f = (key: string, type: FormField['type'], required = true, extra: Partial<FormField> = {}): FormField => ({
  key,
  type,
  labelZh: '',
  labelEn: '',
  required,
  options: [],
  maxLength: 200,
  ...extra,
});
const FORM: FormField[] = [
  f('name', 'name'),
  f('email', 'email'),
  f('country', 'country'),
  f('address', 'addressLine1'),
  f('city', 'city'),
  f('postal_code', 'postalCode'),
  f('channel', 'text', false, { labelEn: 'Your channel or profile link', labelZh: '您的频道或主页链接', maxLength: 300 }),
];

const FIRST = [
  'James',
  'Mary',
  'Lukas',
  'Emma',
  'Yuki',
  'Noah',
  'Sofia',
  'Liam',
  'Mia',
  'Hans',
  'Chloe',
  'Mateo',
  'Aiko',
  'Oliver',
  'Lea',
];
const LAST = ['Smith', 'Müller', 'Tanaka', 'Brown', 'Rossi', 'Garcia', 'Martin', 'Wilson', 'Schmidt', 'Dubois'];
const COUNTRIES = ['US', 'US', 'US', 'DE', 'GB', 'JP', 'CA', 'FR'];
const CITIES: Record<string, string> = { US: 'Austin', DE: 'Berlin', GB: 'Leeds', JP: 'Osaka', CA: 'Toronto', FR: 'Lyon' };

/** A deterministic applicant i of a trial: varied countries, answers and application times. */
function applicant(i: number, prefix: string) {
  const first = FIRST[i % FIRST.length] as string;
  const last = LAST[(i * 7) % LAST.length] as string;
  const country = COUNTRIES[(i * 3) % COUNTRIES.length] as string;
  const email = `${first.toLowerCase()}.${last.toLowerCase().replace('ü', 'u')}${i}@${prefix}.example.com`;
  return {
    name: `${first} ${last}`,
    email,
    country,
    fields: {
      name: `${first} ${last}`,
      email,
      country,
      address: `${100 + i} Main Street`,
      city: CITIES[country] ?? 'Austin',
      postal_code: String(10000 + i),
    },
  };
}

async function insertQuestionnaire(tx: DbOrTx, name: string, zh: string, en: string, qs: Question[]) {
  const [r] = (
    await tx.execute<{ id: number }>(sql`INSERT INTO trial_questionnaires (name, description_zh, description_en, questions)
      VALUES (${name}, ${zh}, ${en}, ${JSON.stringify(qs)}::jsonb) RETURNING id`)
  ).rows;
  return Number(r?.id);
}

async function insertTrial(
  tx: DbOrTx,
  t: {
    code: string;
    sku: string;
    titleEn: string;
    titleZh: string;
    units: number;
    state: string;
    days: [number, number];
    q: number | null;
  },
) {
  const [r] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO trials (code, sku, title_zh, title_en, description_zh, description_en, units, countries, apply_start, apply_end,
             fields, questionnaire_id, state)
      VALUES (${t.code}, ${t.sku}, ${t.titleZh}, ${t.titleEn}, ${'申请免费试用，完成后分享您的使用体验。'},
             ${'Apply for a free unit and share how it works for you.'}, ${t.units}, ${textArray(['US', 'DE', 'GB', 'JP', 'CA', 'FR'])},
             now() + make_interval(days => ${t.days[0]}), now() + make_interval(days => ${t.days[1]}),
             ${JSON.stringify(FORM)}::jsonb, ${t.q}, ${t.state}) RETURNING id`)
  ).rows;
  return Number(r?.id);
}

async function insertApplications(tx: DbOrTx, trialId: number, n: number, prefix: string, startDay: number, strip: boolean) {
  for (let i = 0; i < n; i++) {
    const a = applicant(i, prefix);
    const answers = strip
      ? {
          room: ['living', 'bedroom', 'desk', 'tv'][i % 4],
          ...(i % 3 ? { platforms: [['youtube'], ['tiktok', 'instagram'], ['blog', 'youtube']][i % 3] } : {}),
          experience: 1 + ((i * 5) % 5),
          ...(i % 4 === 0 ? { why: 'I review home gadgets every week.' } : {}),
        }
      : { bulbs: 1 + (i % 5), assistant: ['alexa', 'google', 'none'][i % 3] };
    await tx.execute(sql`INSERT INTO trial_applications (trial_id, name, email, country, fields, answers, created_at)
      VALUES (${trialId}, ${a.name}, ${a.email}, ${a.country}, ${JSON.stringify(a.fields)}::jsonb, ${JSON.stringify(answers)}::jsonb,
              now() + make_interval(days => ${startDay}) + make_interval(mins => ${i * 47}))`);
  }
}

export async function applyTrialsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${TRIALS_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${TRIALS_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM trial_questionnaires LIMIT 1`)).rows;
    if (!any) {
      const strip = await insertQuestionnaire(
        tx,
        'Light strip creators',
        '灯带创作者问卷',
        'For creators who will film the strip',
        STRIP_QUESTIONS,
      );
      const bulb = await insertQuestionnaire(
        tx,
        'Smart bulb households',
        '智能灯泡家庭问卷',
        'A short one for bulb testers',
        BULB_QUESTIONS,
      );
      const skus = (await tx.execute<{ sku: string }>(sql`SELECT s.sku FROM ${catalogSkus} s ORDER BY s.id LIMIT 3`)).rows.map(
        (r) => r.sku,
      );
      if (skus.length > 0) {
        const sku = (i: number) => skus[i % skus.length] as string;
        const open = await insertTrial(tx, {
          code: 'strip-creators-2027',
          sku: sku(0),
          titleEn: 'Light strip creators trial',
          titleZh: '灯带创作者试用',
          units: 20,
          state: 'open',
          days: [-10, 20],
          q: strip,
        });
        await insertApplications(tx, open, 200, 'strip', -10, true);
        const drawn = await insertTrial(tx, {
          code: 'bulb-homes-2026',
          sku: sku(1),
          titleEn: 'Smart bulb homes trial',
          titleZh: '智能灯泡家庭试用',
          units: 5,
          state: 'drawn',
          days: [-60, -30],
          q: bulb,
        });
        await insertApplications(tx, drawn, 40, 'bulb', -60, false);
        const ids = (
          await tx.execute<{ id: number }>(sql`SELECT id FROM trial_applications WHERE trial_id = ${drawn} ORDER BY id`)
        ).rows.map((r) => Number(r.id));
        const [sel] = (
          await tx.execute<{ id: number }>(sql`INSERT INTO trial_selections (trial_id, name, rules, application_ids, frozen_at)
            VALUES (${drawn}, ${'Everyone who applied'}, ${JSON.stringify({ countries: [], answers: [], ratings: [], appliedFrom: null, appliedTo: null, excludeWinnersDays: null })}::jsonb,
                    ${intArray(ids)}, now() - interval '25 days') RETURNING id`)
        ).rows;
        const seed = newSeed();
        const order = drawOrder(seed, ids);
        await tx.execute(sql`UPDATE trials SET draw_seed = ${seed}, draw_selection_id = ${sel?.id}, draw_order = ${intArray(order)},
          drawn_at = now() - interval '25 days', winners_published = TRUE WHERE id = ${drawn}`);
        for (let i = 0; i < 6; i++) {
          const state = i === 0 ? 'shipped' : i === 1 ? 'replaced' : 'selected';
          await tx.execute(sql`INSERT INTO trial_winners (trial_id, application_id, rank, state, reason, carrier, tracking_no, shipped_at)
            VALUES (${drawn}, ${order[i]}, ${i + 1}, ${state}, ${state === 'replaced' ? 'Declined: moved abroad' : null},
                    ${state === 'shipped' ? 'UPS' : null}, ${state === 'shipped' ? '1Z999AA10123456784' : null},
                    ${state === 'shipped' ? sql`now() - interval '20 days'` : null})`);
        }
        await insertTrial(tx, {
          code: 'neon-rope-2027',
          sku: sku(2),
          titleEn: 'Neon rope light trial',
          titleZh: '霓虹灯带试用',
          units: 10,
          state: 'draft',
          days: [15, 45],
          q: null,
        });
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${TRIALS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
