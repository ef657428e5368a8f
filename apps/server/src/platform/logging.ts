import type { FastifyServerOptions } from 'fastify';

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
    ...(stream ? { stream } : {}),
  };
}
