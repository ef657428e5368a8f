/**
 * The one file of an upload request for a file purpose: the purpose's permission and size
 * limit are checked before a byte of the body is read; a request without the file is refused.
 */
import type { FilePurpose } from '@bo/contract/files/files';
import type { FastifyRequest } from 'fastify';
import type { RequestActor } from '../auth/actor';
import { codedFieldError } from '../errors';
import { readMultipart, type UploadedFile } from '../upload/multipart';
import { uploadRules } from './files.service';

export async function receiveUpload(req: FastifyRequest, actor: RequestActor, purpose: FilePurpose): Promise<UploadedFile> {
  const rules = uploadRules(actor, purpose);
  const { files } = await readMultipart(req, {
    fileField: 'file',
    maxFileBytes: rules.maxBytes,
    maxFiles: 1,
    maxFields: 5,
    tooLarge: 'file.tooLarge',
    tooMany: 'file.onePerUpload',
  });
  const upload = files[0];
  if (!upload) throw codedFieldError('file', 'required');
  return upload;
}
