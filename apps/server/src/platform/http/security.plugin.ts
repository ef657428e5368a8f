import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its CSS-in-JS into <style> elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const BASE = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };
const PAGE = { ...BASE, 'content-security-policy': CSP };
const API = { ...PAGE, 'cache-control': 'no-store' };
// The API's own docs page loads swagger-ui's inline scripts: no CSP there.
const DOCS = { ...BASE, 'cache-control': 'no-store' };

/** Security headers on every reply; API replies carry personal data and are never cached. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // One call with a ready object per kind of path, and no promise: this runs on every reply.
  app.addHook('onSend', (req, reply, payload, done) => {
    const url = req.url;
    reply.headers(url.startsWith('/api/') ? (url.startsWith('/api/docs') ? DOCS : API) : PAGE);
    done(null, payload);
  });
}
