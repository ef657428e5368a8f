/**
 * One model's detail for the app (`GET app/v1/devices/{model}`): its page, its set-up flows and
 * its white-balance table, each the first item the one resolver answers for this app with
 * `model` set (so the detail is what `app/v1/content/{kind}?model=` answers, never a second rule).
 * The page is the first live page of the model; its named set-up flow wins its slot when it is
 * live for this app, else the slot's first flow (a model's own flows before fallbacks by priority).
 */
import { createHash } from 'node:crypto';
import type { AppContentKind } from '@bo/contract/appcontent/app-api';
import type { AppContextInput } from '@bo/contract/appcontent/publishing';
import { notFound } from '../../platform/errors';
import type { Resolved, ResolvedItem } from '../appcontent/resolver';

type ResolveFn = (kind: AppContentKind, slot: string | undefined, app: AppContextInput) => Promise<Resolved>;

export interface DeviceDetail {
  json: string;
  etag: string;
  maxAge: number;
}

export async function deviceDetail(
  resolve: ResolveFn,
  model: string,
  app: Omit<AppContextInput, 'model'>,
): Promise<DeviceDetail> {
  const ctx = { ...app, model };
  const [pages, ble, wifi, wb] = await Promise.all([
    resolve('deviceProduct', 'main', ctx),
    resolve('pairingFlow', 'ble', ctx),
    resolve('pairingFlow', 'wifi', ctx),
    resolve('whiteBalance', 'main', ctx),
  ]);
  const product = pages.items.find((i) => String(i.model).toUpperCase() === model);
  if (!product) throw notFound(`no device page is live for ${model}`);
  const flow = (r: Resolved): ResolvedItem | null => r.items.find((i) => i.id === product.setupFlowId) ?? r.items[0] ?? null;
  const json = JSON.stringify({ product, flows: { ble: flow(ble), wifi: flow(wifi) }, whiteBalance: wb.items[0] ?? null });
  return {
    json,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    maxAge: Math.min(pages.maxAge, ble.maxAge, wifi.maxAge, wb.maxAge),
  };
}
