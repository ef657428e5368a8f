/**
 * Links and images the catalogue-facing kinds share (new products, accessories, featured cards,
 * life apps): an https address, an address the app opens (https or an app scheme), buy links per
 * country, and the image item every kind with one picture answers.
 */
import { z } from 'zod';
import { fieldCode } from '../validation';
import { countryCode } from './publishing';

/** An https address (a store, a shop's page): nothing else is opened outside the app. */
export const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(s), fieldCode('appContent.httpsOnly'));

/** An https address, or '' (none). */
export const optionalHttpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(s), fieldCode('appContent.httpsOnly'))
  .default('');

/** An address the app opens: a web page (https) or another app's scheme (alexa://…), never javascript:, data: or file:. */
export const appOrHttpsLink = z
  .string()
  .trim()
  .max(500)
  .refine((s) => /^(https:\/\/[^\s]+|[a-z][a-z0-9+.-]{1,30}:\/\/[^\s]+)$/i.test(s), fieldCode('appContent.link'))
  .refine((s) => !/^(javascript|data|vbscript|file|http):/i.test(s), fieldCode('appContent.link'));

export const MAX_BUY_LINKS = 30;

/** A buy link of one country (ISO 3166-1 alpha-2, upper case). */
export const buyLinkSchema = z.object({ country: countryCode, url: httpsUrl }).strict();
export type BuyLink = z.infer<typeof buyLinkSchema>;
export const buyLinksSchema = z.array(buyLinkSchema).max(MAX_BUY_LINKS).default([]);

/** Each country once: the second listing is refused (`listedTwice` on `{field}.N.country`). */
export const buyLinksIssues =
  (field: string) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    ((v[field] as BuyLink[] | undefined) ?? []).forEach((l, i) => {
      if (seen.has(l.country)) ctx.addIssue({ code: 'custom', path: [field, i, 'country'], message: fieldCode('listedTwice') });
      seen.add(l.country);
    });
  };

/** The stored image of a record: the file and its size as stored. */
export const imageFields = { imageFileId: z.number().int(), width: z.number().int(), height: z.number().int() };

/** The image the app gets: its public URL, its thumbnail's and its size. */
export const appImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
