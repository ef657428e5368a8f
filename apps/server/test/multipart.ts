import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A multipart/form-data body for app.inject: fields, then at most one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads one file to the import facility (POST /api/imports) as the holder of `token`. */
export function uploadImport(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart(fields, file);
  return app.inject({ method: 'POST', url: '/api/imports', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}
