/**
 * Shops and their authorisations (spec §3 "Shop", §7 "Shops"). A seller (Amazon seller
 * id) is authorised once per marketplace; each (seller, marketplace) pair is one shop.
 * Shops with mwsAuthState 2 are removed: kept for history, never listed.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['shops'];

/** 0 not authorised, 1 authorised, 2 hidden (removed). */
export const SHOP_AUTH_STATE = { NOT_AUTHORISED: 0, AUTHORISED: 1, HIDDEN: 2 } as const;

/** Amazon merchant token: 'A' then 9 to 19 upper-case letters or digits. */
export const SELLER_ID_PATTERN = /^A[A-Z0-9]{9,19}$/;
export const sellerIdSchema = z.string().trim().toUpperCase().regex(SELLER_ID_PATTERN, fieldCode('shops.sellerId'));

export const marketIdSchema = z
  .number()
  .int()
  .refine((id) => MARKETS.some((m) => m.id === id), fieldCode('unknownMarket'));

/**
 * The name a seller is known by. Each of its shops is named `${name} ${market code}`
 * (e.g. "Lumio US"), so that shop pickers stay unambiguous.
 */
const sellerName = z.string().trim().min(1, fieldCode('required')).max(60);
const shopId = idParam;
/** A switch of spec §4: 0 off, 1 on. */
const onOff = z.union([z.literal(0), z.literal(1)]);

export const userShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sellerId: z.string().nullable(),
  marketId: z.number().int(),
  mwsUrl: z.string().nullable(),
  mwsAuthState: z.number().int(),
  ppcState: z.number().int(),
  /** The shop has an mwsUrl: a marketplace-seller shop (spec §3). */
  marketplaceSeller: z.boolean(),
});
export type UserShop = z.infer<typeof userShopSchema>;

export const listUserShops = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/shops/user',
  access: 'login',
  summary: 'The shops the caller may see (removed shops are left out)',
  tags,
  data: z.array(userShopSchema),
});

export const shopAuthShopSchema = z.object({
  shopId: z.number().int(),
  name: z.string(),
  marketId: z.number().int(),
  mwsUrl: z.string().nullable(),
  mwsAuthState: z.number().int(),
  ppcState: z.number().int(),
  spAuthState: z.number().int(),
  version: z.number().int(),
});

export const shopAuthSchema = z.object({
  sellerId: z.string(),
  /** The seller's name: its shops' names without the market code. */
  name: z.string(),
  shops: z.array(shopAuthShopSchema),
  /** 1 when every shop of the seller is authorised, else 0. */
  state: z.number().int(),
  /** Send it back to rename; it moves whenever any shop of the seller changes. */
  version: z.number().int(),
});
export type ShopAuth = z.infer<typeof shopAuthSchema>;

export const listShopAuths = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/shops/auth2',
  access: 'user:shop:auth',
  summary: "Shop authorisations of the caller's account, grouped by seller id",
  tags,
  data: z.array(shopAuthSchema),
});

export const createShopAuthBody = z
  .object({
    sellerId: sellerIdSchema,
    name: sellerName,
    marketIds: z
      .array(marketIdSchema)
      .min(1, fieldCode('shops.chooseMarket'))
      .max(MARKETS.length)
      .refine((ids) => new Set(ids).size === ids.length, fieldCode('listedTwice')),
    mwsUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
  })
  .strict();

export const createShopAuth = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/shops/auth2',
  access: 'user:shop:auth:create',
  summary:
    "Register a seller on marketplaces in the caller's account (state 0 until confirmed); 409 when another account holds that seller",
  tags,
  write: true,
  body: createShopAuthBody,
  data: shopAuthSchema,
});

const sellerParams = z.object({ sellerId: sellerIdSchema });

export const updateShopAuth = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/shops/auth2/{sellerId}',
  access: 'user:shop:auth:edit',
  summary: "Rename a seller's shops; 409 when the version is stale",
  tags,
  write: true,
  params: sellerParams,
  body: z.object({ name: sellerName, version: idValue }).strict(),
  data: shopAuthSchema,
});

export const deleteShopAuth = defineEndpoint({
  method: 'DELETE',
  path: 'sales/rest/v1/shops/auth2/{sellerId}',
  access: 'user:shop:auth:delete',
  summary: "Remove a seller's shops from the caller's account (hidden, kept for history)",
  tags,
  write: true,
  params: sellerParams,
  data: z.null(),
});

const shopParams = z.object({ shopId });
export const shopStateBody = z.object({ state: onOff }).strict();
export const shopStateSchema = z.object({ shopId: z.number().int(), state: z.number().int() });

export const setShopAuthState = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/shops/auth2/authState/{shopId}',
  access: 'user:shop:auth:edit',
  summary: "Switch a shop's marketplace authorisation state (0 not authorised, 1 authorised)",
  tags,
  write: true,
  params: shopParams,
  body: shopStateBody,
  data: shopStateSchema,
});

export const setShopPpcState = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/shops/auth2/ppcState/{shopId}',
  access: 'user:shop:auth:edit',
  summary: "Switch a shop's advertising-profile state (0 off, 1 on)",
  tags,
  write: true,
  params: shopParams,
  body: shopStateBody,
  data: shopStateSchema,
});

export const adProfileSchema = z.object({
  shopId: z.number().int(),
  name: z.string(),
  marketId: z.number().int(),
  ppcState: z.number().int(),
});

export const adProfiles = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/ppc/profile/register',
  access: 'user:shop:auth',
  summary: 'Advertising-profile registration state of each shop the caller may see',
  tags,
  data: z.array(adProfileSchema),
});

export const spAuthStates = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/shops/sp/auth/state',
  access: 'user:shop:auth',
  summary: 'Whether a Selling-Partner API authorisation is recorded, per shop the caller may see (0 no, 1 yes)',
  tags,
  data: z.array(shopStateSchema),
});

export const recordSpAuth = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/shops/sp/auth',
  access: 'user:shop:auth:edit',
  summary: 'Record the Selling-Partner API authorisation of a shop',
  tags,
  write: true,
  body: z.object({ shopId: idValue }).strict(),
  data: shopStateSchema,
});
