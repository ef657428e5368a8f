/**
 * The device catalogue's own calls (docs/appcontent.md "Device catalogue"): a device page's image
 * upload and the set-up flows it may name (under the productItem screen), and the app's detail of
 * one model (public, admitted like the content read API: a known app key its own limit, an
 * unknown one 401, none per address; counted in this area, per process). The kinds' list, writes,
 * moves and preview are the publishing model's, bound by the appcontent area.
 */
import { readDevice } from '@bo/contract/appdevices/app-devices';
import { DEVICE_IMAGE_RULE, deviceProductFlows, deviceProductImage } from '@bo/contract/appdevices/devices';
import { skuConfigSkus } from '@bo/contract/appdevices/sku-config';
import { AI_ACTIVITY_IMAGE_RULE, aiActivityImage } from '@bo/contract/appdevices/ai-activity';
import { skuHardwareSkus } from '@bo/contract/appdevices/sku-hardware';
import {
  SKU_LIST_IMAGE_RULE,
  skuPresentationDevices,
  skuPresentationImage,
  skuPresentationSkus,
} from '@bo/contract/appdevices/sku-presentation';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { fileStoreOf } from '../../platform/files/file-store';
import { receiveUpload } from '../../platform/files/receive-upload';
import { bind, Serialized, WithStatus } from '../../platform/http/binder';
import { AppKeys, appCalls, RateLimiter } from '../appcontent/app-read';
import { contentRecords, pairingFlows } from '../appcontent/appcontent.reads';
import { matchesEtag } from '../appcontent/appcontent.routes';
import { uploadRuledImage } from '../appcontent/banners.service';
import { skuChoices } from '../appcontent/content.kinds';
import { LiveContent } from '../appcontent/resolver';
import { deviceDetail } from './device-read';

export function appDevicesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreOf(ctx.db);
  bind(app, deviceProductImage, async ({ actor, req }) => {
    const upload = await receiveUpload(req, actor, 'image');
    return uploadRuledImage(ctx.db, store, actor, DEVICE_IMAGE_RULE, 'app-device', upload);
  });
  bind(app, deviceProductFlows, async () => {
    const res = await ctx.db.execute<{ id: number; slot: 'ble' | 'wifi'; name: string; models: string[] }>(sql`
      SELECT f.id, f.slot, f.name, f.models FROM ${pairingFlows} f
       WHERE f.state <> 'archived' ORDER BY f.updated_at DESC, f.id DESC LIMIT 200`);
    return res.rows.map((r) => ({ id: Number(r.id), slot: r.slot, name: r.name, models: r.models }));
  });

  bind(app, skuConfigSkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  bind(app, skuHardwareSkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  bind(app, skuPresentationSkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  bind(app, skuPresentationImage, async ({ actor, req }) => {
    const upload = await receiveUpload(req, actor, 'image');
    return uploadRuledImage(ctx.db, store, actor, SKU_LIST_IMAGE_RULE, 'app-sku-presentation', upload);
  });
  bind(app, aiActivityImage, async ({ actor, req }) => {
    const upload = await receiveUpload(req, actor, 'image');
    return uploadRuledImage(ctx.db, store, actor, AI_ACTIVITY_IMAGE_RULE, 'app-ai-activity', upload);
  });
  bind(app, skuPresentationDevices, async () => {
    const res = await ctx.db.execute<{
      id: number;
      name: string;
      payload: { model: string; nameZh: string; nameEn: string };
      state: string;
    }>(sql`
      SELECT c.id, c.name, c.payload, c.state FROM ${contentRecords} c
       WHERE c.kind = 'deviceProduct' AND c.state <> 'archived' ORDER BY c.updated_at DESC, c.id DESC LIMIT 500`);
    return res.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      model: r.payload.model,
      nameZh: r.payload.nameZh,
      nameEn: r.payload.nameEn,
      state: r.state,
    }));
  });

  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  // This area's own cache of the live records: a content write in another area's process shows
  // within APP_CONTENT_CACHE_MS, as across processes.
  const live = new LiveContent(ctx.db, ctx.config.APP_CONTENT_CACHE_MS);
  appCalls(app, keys, limiter, (api, cache) => {
    bind(api, readDevice, async ({ params, query, req }) => {
      const d = await deviceDetail((k, s, a) => live.resolve(k, s, a), params.model, query);
      cache(req, { etag: d.etag, 'cache-control': `public, max-age=${d.maxAge}`, vary: 'Accept-Encoding' });
      if (matchesEtag(req.headers['if-none-match'], d.etag)) return new WithStatus(304, null);
      return new Serialized(`{"code":0,"msg":"success","data":${d.json}}`);
    });
  });
}
