/** An image upload held to a rule (the covers', the activity themes' and the icons'): refused, nothing is stored. */
import type { SlotRule } from '@bo/contract/appcontent/banners';
import type { EndpointDef } from '@bo/contract/endpoint';
import type { storedFileSchema } from '@bo/contract/files/files';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { receiveUpload } from '../../../platform/files/receive-upload';
import { bind } from '../../../platform/http/binder';
import { uploadRuledImage } from '../banners.service';

export function bindRuledUpload(
  app: FastifyInstance,
  db: Db,
  store: FileStore,
  endpoint: EndpointDef & { data: typeof storedFileSchema },
  rule: SlotRule,
  tag: string,
): void {
  bind(app, endpoint, async ({ actor, req }) => {
    const upload = await receiveUpload(req, actor, 'image');
    return uploadRuledImage(db, store, actor, rule, tag, upload);
  });
}
