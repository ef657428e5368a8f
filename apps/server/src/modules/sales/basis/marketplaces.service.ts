/**
 * The marketplaces of spec §3 (ids 0–12) as the contract's constants fix them: reference
 * data, not edited here. Each carries the caller's shops in it (the shops service decides
 * which: the company's shops for internal users).
 */
import { MARKETS } from '@bo/contract';
import type { Marketplace } from '@bo/contract/sales/sales-basis';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { listForUser } from '../../shops/shops/shops.service';

export async function list(ctx: AppContext, actor: RequestActor): Promise<Marketplace[]> {
  const shops = await listForUser(ctx, actor);
  return MARKETS.map((m) => ({
    id: m.id,
    code: m.code,
    nameZh: m.zh,
    nameEn: m.en,
    currency: m.currency,
    timeZone: m.timeZone,
    shops: shops
      .filter((s) => s.marketId === m.id)
      .map((s) => ({ id: s.id, name: s.name, sellerId: s.sellerId, authState: s.mwsAuthState })),
  }));
}
