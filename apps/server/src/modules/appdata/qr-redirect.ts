/**
 * `GET /q/{code}`: the public address a joint QR code holds, outside the API and any session.
 * While the code's window is on: the scan is counted and the answer is a 302 to the target. Before
 * or after it, or for a code that does not exist, a small page in the browser's language says the
 * code does not open (200 for a known code, 404 for an unknown one), never the target.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { scan } from './qr-codes.service';

const PAGES = {
  zh: {
    ended: ['此二维码的活动已结束', '感谢关注。这个联名活动已经结束，二维码不再跳转。'],
    upcoming: ['此二维码的活动尚未开始', '这个联名活动还没有开始，请在活动开始后再扫码。'],
    unknown: ['找不到此二维码', '请检查二维码是否完整，或向活动方确认。'],
  },
  en: {
    ended: ['This code has ended', 'Thanks for scanning. This partner campaign is over, so the code no longer opens anything.'],
    upcoming: ["This code hasn't started yet", 'This partner campaign has not begun. Please scan again once it starts.'],
    unknown: ['Code not found', 'Check that the code is complete, or ask the campaign for a new one.'],
  },
} as const;

/** zh for a browser whose first language is Chinese, else English. */
export const pageLang = (acceptLanguage: string | undefined): 'zh' | 'en' =>
  /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function notOpenPage(kind: 'ended' | 'upcoming' | 'unknown', lang: 'zh' | 'en'): string {
  const [title, body] = PAGES[lang][kind];
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f5f5f5;color:#262626}main{max-width:420px;margin:24px;padding:32px;background:#fff;border-radius:12px;text-align:center}h1{font-size:20px;margin:0 0 12px}p{color:#595959;line-height:1.6;margin:0}</style>
</head><body><main data-testid="qr-not-open" data-kind="${kind}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`;
}

export function qrRedirectRoute(app: FastifyInstance, ctx: AppContext): void {
  app.route({
    method: 'GET',
    url: '/q/:code',
    // Public, like the app's read API: the auth hook puts nothing on it.
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (req, reply) => {
      const { code } = req.params as { code: string };
      const out = await scan(ctx.db, code.slice(0, 20), req.ip);
      reply.header('cache-control', 'no-store');
      if (out.kind === 'redirect') return reply.redirect(out.target, 302);
      const lang = pageLang(req.headers['accept-language']);
      return reply
        .code(out.kind === 'unknown' ? 404 : 200)
        .header('vary', 'accept-language')
        .type('text/html; charset=utf-8')
        .send(notOpenPage(out.kind, lang));
    },
  });
}
