/**
 * The update call's answer (public `app/v1/desktop/update`) and the back office's preview of it:
 * the product's non-draft releases on the device's platform, weighed by the contract's resolver.
 * An unknown or disabled product answers no update, as a product without releases does.
 */

import { parseAppVersion } from '@bo/contract/appcontent/semver';
import type { UpdateAnswer } from '@bo/contract/desktopapps/desktop-apps';
import { type ConsideredRelease, type DesktopChannel, resolveUpdate } from '@bo/contract/desktopapps/rollout';
import type { DbOrTx } from '../../db/client';
import { codedFieldError } from '../../platform/errors';
import * as repo from './desktopapps.repository';

export interface DeviceQuery {
  product: string;
  platform: 'windows' | 'macos';
  channel: DesktopChannel;
  version: string;
  device: string;
}

export async function checkUpdate(db: DbOrTx, q: DeviceQuery): Promise<UpdateAnswer & { considered: ConsideredRelease[] }> {
  const version = parseAppVersion(q.version);
  if (!version) throw codedFieldError('version', 'desktop.appVersion');
  const product = await repo.productByCode(db, q.product);
  if (!product?.enabled) return { update: null, considered: [] };
  const rows = (await repo.laneReleases(db, Number(product.id), q.platform)).map((r) => ({
    ...r,
    version: r.release_version,
    percentage: Number(r.percentage),
    minimumVersion: r.minimum_version,
  }));
  const d = resolveUpdate(rows, { product: product.code, channel: q.channel, version, device: q.device });
  const r = d.release;
  return {
    update: r && {
      version: r.version,
      channel: r.channel,
      platform: q.platform,
      url: r.download_url,
      sha256: r.sha256,
      notes: { zh: r.notes_zh, en: r.notes_en },
      minimumVersion: r.minimumVersion,
      mandatory: d.mandatory,
      rollback: d.rollback,
    },
    considered: d.considered,
  };
}
