/**
 * The trial's public page, rendered on the server (`GET /trial/{code}`): the trial, its form and
 * questionnaire in the browser's language (`?lang=` overrides Accept-Language), and the masked
 * winners once published. A plain HTML form posts to `POST /trial/{code}` (urlencoded), which
 * runs the same `apply` as the app's JSON call and answers the page again with the outcome. No
 * script at all, so the CSP forbids every script and inline style; every text is HTML-escaped.
 */
import { type FieldCode, fieldText } from '@bo/contract';
import { type FormField, MAX_APPLICATION_BYTES, type Question } from '@bo/contract/trials/forms';
import type { z } from 'zod';
import type { publicTrialSchema } from '@bo/contract/trials/trials';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { AppKeys, admit, RateLimiter } from '../appcontent/app-read';
import { apply, publicTrial } from './applications.service';

type PublicTrial = z.infer<typeof publicTrialSchema>;
type Lang = 'zh' | 'en';

export const PAGE_CSP = "default-src 'none'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c] as string);

const T = {
  zh: {
    apply: '提交报名',
    window: '报名时间',
    units: '名额',
    notAccepting: '当前不接受报名。',
    winners: '中奖名单',
    done: '报名成功，感谢参与！',
    failed: '请检查标出的内容。',
    notFound: '没有这个试用活动。',
    required: '（必填）',
    rating: '评分',
  },
  en: {
    apply: 'Apply',
    window: 'Applications',
    units: 'Units',
    notAccepting: 'This trial is not taking applications now.',
    winners: 'Winners',
    done: 'Thank you: your application is in.',
    failed: 'Please check the fields marked below.',
    notFound: 'There is no such trial.',
    required: ' (required)',
    rating: 'Rating',
  },
} as const;

const labelOf = (lang: Lang, x: { labelZh: string; labelEn: string; key: string }) =>
  (lang === 'zh' ? x.labelZh || x.labelEn : x.labelEn || x.labelZh) || x.key;

const DEFAULT_LABELS: Record<string, { zh: string; en: string }> = {
  name: { zh: '姓名', en: 'Name' },
  email: { zh: '邮箱', en: 'E-mail' },
  country: { zh: '国家（如 US）', en: 'Country (e.g. US)' },
  phone: { zh: '电话', en: 'Phone' },
  addressLine1: { zh: '地址', en: 'Address' },
  addressLine2: { zh: '地址第二行', en: 'Address line 2' },
  city: { zh: '城市', en: 'City' },
  region: { zh: '州/省', en: 'State / region' },
  postalCode: { zh: '邮编', en: 'Postal code' },
};

const fieldLabel = (lang: Lang, f: FormField) =>
  f.labelZh || f.labelEn ? labelOf(lang, f) : (DEFAULT_LABELS[f.type]?.[lang] ?? f.key);

type Errors = Map<string, string>;
type Values = { fields: Record<string, string>; answers: Record<string, string | string[]> };

function fieldHtml(lang: Lang, f: FormField, v: Values, errors: Errors): string {
  const name = `f.${f.key}`;
  const value = v.fields[f.key] ?? '';
  const req = f.required ? T[lang].required : '';
  const err = errors.get(`fields.${f.key}`);
  let input: string;
  if (f.type === 'choice') {
    input = `<select name="${escapeHtml(name)}"><option value=""></option>${f.options
      .map(
        (o) =>
          `<option value="${escapeHtml(o.value)}"${o.value === value ? ' selected' : ''}>${escapeHtml(labelOf(lang, { ...o, key: o.value }))}</option>`,
      )
      .join('')}</select>`;
  } else {
    const type = f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text';
    input = `<input type="${type}" name="${escapeHtml(name)}" value="${escapeHtml(value)}" maxlength="${f.maxLength}">`;
  }
  return `<p><label>${escapeHtml(fieldLabel(lang, f))}${req}<br>${input}</label>${err ? `<br><strong>${escapeHtml(err)}</strong>` : ''}</p>`;
}

function questionHtml(lang: Lang, q: Question, v: Values, errors: Errors): string {
  const name = `a.${q.key}`;
  const given = v.answers[q.key];
  const list = Array.isArray(given) ? given : given ? [given] : [];
  const err = errors.get(`answers.${q.key}`);
  let input: string;
  if (q.type === 'single' || q.type === 'multiple') {
    const type = q.type === 'single' ? 'radio' : 'checkbox';
    input = q.options
      .map(
        (o) =>
          `<label><input type="${type}" name="${escapeHtml(name)}" value="${escapeHtml(o.value)}"${list.includes(o.value) ? ' checked' : ''}> ${escapeHtml(labelOf(lang, { ...o, key: o.value }))}</label>`,
      )
      .join('<br>');
  } else if (q.type === 'rating') {
    input = [1, 2, 3, 4, 5]
      .map(
        (n) =>
          `<label><input type="radio" name="${escapeHtml(name)}" value="${n}"${list.includes(String(n)) ? ' checked' : ''}> ${n}</label>`,
      )
      .join(' ');
  } else {
    input = `<textarea name="${escapeHtml(name)}" maxlength="${q.maxLength}" rows="3">${escapeHtml(list[0] ?? '')}</textarea>`;
  }
  const req = q.required ? T[lang].required : '';
  return `<fieldset><legend>${escapeHtml(labelOf(lang, q))}${req}</legend>${input}${err ? `<br><strong>${escapeHtml(err)}</strong>` : ''}</fieldset>`;
}

export function renderPage(
  lang: Lang,
  t: PublicTrial | null,
  state: { values?: Values; errors?: Errors; notice?: string } = {},
): string {
  const words = T[lang];
  const head = `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t?.title ?? words.notFound)}</title></head><body>`;
  if (!t) return `${head}<main><h1>${escapeHtml(words.notFound)}</h1></main></body></html>`;
  const values = state.values ?? { fields: {}, answers: {} };
  const errors = state.errors ?? new Map();
  const fmt = (s: string) => s.replace('T', ' ').replace(/:\d\d\.\d+Z$|:\d\dZ$/, ' UTC');
  const parts = [
    `<main><h1>${escapeHtml(t.title)}</h1>`,
    `<p>${escapeHtml(t.description)}</p>`,
    `<p>${escapeHtml(words.units)}: ${t.units} · ${escapeHtml(words.window)}: ${escapeHtml(fmt(t.applyStart))} – ${escapeHtml(fmt(t.applyEnd))}</p>`,
  ];
  if (state.notice) parts.push(`<p role="status"><strong>${escapeHtml(state.notice)}</strong></p>`);
  if (t.accepting) {
    parts.push(`<form method="post" action="/trial/${encodeURIComponent(t.code)}?lang=${lang}">`);
    for (const f of t.fields) parts.push(fieldHtml(lang, f, values, errors));
    for (const q of t.questions) parts.push(questionHtml(lang, q, values, errors));
    parts.push(`<p><button type="submit">${escapeHtml(words.apply)}</button></p></form>`);
  } else {
    parts.push(`<p>${escapeHtml(words.notAccepting)}</p>`);
  }
  if (t.winners) {
    parts.push(`<h2>${escapeHtml(words.winners)}</h2><ul>`);
    for (const w of t.winners) parts.push(`<li>${escapeHtml(w.name)} · ${escapeHtml(w.email)} · ${escapeHtml(w.country)}</li>`);
    parts.push('</ul>');
  }
  return `${head}${parts.join('')}</main></body></html>`;
}

const langOf = (req: FastifyRequest): Lang => {
  const q = (req.query as { lang?: string } | undefined)?.lang ?? req.headers['accept-language'] ?? '';
  return String(q).toLowerCase().startsWith('zh') ? 'zh' : 'en';
};

/** The urlencoded form as the JSON call's body: `f.<key>` the fields, `a.<key>` the answers (repeated for several). */
export function bodyOfForm(raw: string): Values {
  const fields: Record<string, string> = {};
  const answers: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    if (k.startsWith('f.')) fields[k.slice(2)] = v;
    else if (k.startsWith('a.')) {
      const key = k.slice(2);
      const had = answers[key];
      answers[key] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
    }
  }
  return { fields, answers };
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .send(html);
}

/** Registers the page and its form post, admitted and counted like the public API (per address). */
export function registerTrialPage(app: FastifyInstance, ctx: AppContext, keys: AppKeys, limiter: RateLimiter): void {
  app.register(async (page) => {
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_APPLICATION_BYTES },
      (_req, body, done) => done(null, body),
    );
    page.addHook('onRequest', async (req) => admit(keys, limiter, undefined, req.ip));
    // After the app's security headers: this page's own, stricter policy.
    page.addHook('onSend', async (_req, reply, payload) => {
      reply.header('content-security-policy', PAGE_CSP);
      return payload;
    });
    page.get('/trial/:code', { config: { access: 'public' } }, async (req, reply) => {
      const lang = langOf(req);
      const { code } = req.params as { code: string };
      try {
        return send(reply, 200, renderPage(lang, await publicTrial(ctx, code.slice(0, 40), lang)));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return send(reply, 404, renderPage(lang, null));
        throw err;
      }
    });
    page.post('/trial/:code', { config: { access: 'public' } }, async (req, reply) => {
      const lang = langOf(req);
      const { code } = req.params as { code: string };
      let t: PublicTrial;
      try {
        t = await publicTrial(ctx, code.slice(0, 40), lang);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return send(reply, 404, renderPage(lang, null));
        throw err;
      }
      const values = bodyOfForm(typeof req.body === 'string' ? req.body : '');
      try {
        await apply(ctx, t.code, values);
        return send(reply, 200, renderPage(lang, { ...t, accepting: false }, { notice: T[lang].done }));
      } catch (err) {
        if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 409)) throw err;
        const fields =
          (err.data as { fields?: { path: string; code: string; params: Record<string, string | number> }[] } | null)?.fields ??
          [];
        const errors: Errors = new Map(fields.map((f) => [f.path, fieldMessage(lang, f.code, f.params)]));
        const notice = err.status === 409 && fields.length === 0 ? T[lang].notAccepting : T[lang].failed;
        return send(reply, err.status, renderPage(lang, t, { values, errors, notice }));
      }
    });
  });
}

const fieldMessage = (lang: Lang, code: string, params: Record<string, string | number>) =>
  fieldText(code as FieldCode, lang === 'zh' ? 'zh-CN' : 'en-US', params);
