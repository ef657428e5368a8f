import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * A URL as logged: a share link's token (the public read's path, the web's `?share=`) is a
 * credential like a bearer token, so it is replaced (platform/share).
 */
export const loggableUrl = (url: string) =>
  url.replace(/(\/api\/public\/share\/)[^/?#]*/g, '$1[redacted]').replace(/([?&]share=)[^&#]*/g, '$1[redacted]');

/**
 * The server's log options, one place for main.ts and the test that proves secrets stay
 * out: credentials never reach a log line, whatever logs the request or the error.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.oldPassword',
        '*.token',
        '*.captcha',
        '*.smtpPassword',
      ],
      censor: '[redacted]',
    },
    // Fastify's own request serializer, with the URL made loggable.
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        version: [req.headers?.['accept-version']].flat()[0],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
