/**
 * The reads the catalog publishes for other areas. An area that needs listings or SKUs
 * selects from these relations instead of naming `listings` / `skus` (the lint rule
 * local/no-foreign-tables refuses that), so the catalog can change its tables and keep
 * these columns. Each is a parenthesised subquery to alias in FROM or JOIN:
 *
 *   sql`SELECT l.id, l.sku FROM ${listingSkus} l WHERE l.shop_id = ${shopId}`
 *
 * PostgreSQL pulls such a subquery up into the outer query, so the plan is the one of the
 * joins written out: the indexes of listings (shop, ASIN) and skus serve as before.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * One row per listing (a SKU sold under an ASIN in one shop): id (the listing's),
 * shop_id, market_id, sku_id, asin, title, price, currency, status.
 */
export const catalogListings: SQL = sql`(SELECT id, shop_id, market_id, sku_id, asin, title, price, currency, status FROM listings)`;

/** The listings with their SKU: every column of `catalogListings`, and sku, variant, product_id. */
export const listingSkus: SQL = sql`(SELECT li.id, li.shop_id, li.market_id, li.sku_id, li.asin, li.title, li.price, li.currency,
            li.status, sk.sku, sk.variant, sk.product_id
       FROM listings li JOIN skus sk ON sk.id = li.sku_id)`;

/** The product models (H6199) with their names, for the app's content to target: model, name, name_en, lifecycle. */
export const catalogModels: SQL = sql`(SELECT id, model, name, name_en, lifecycle FROM products)`;
/** The SKUs with their product, for the app's buying guides to link: id, sku, variant, product_id, model, name, name_en. */
export const catalogSkus: SQL = sql`(SELECT sk.id, sk.sku, sk.variant, sk.product_id, p.model, p.name, p.name_en
       FROM skus sk JOIN products p ON p.id = sk.product_id)`;
/**
 * The listings with their SKU and product: every column of `listingSkus`, and model,
 * product_name, product_name_en, product_line_id and line_parent_id (a filter on a parent line
 * takes `product_line_id = x OR line_parent_id = x`). For the stock boards (inventory).
 */
export const listingProducts: SQL = sql`(SELECT li.id, li.shop_id, li.market_id, li.sku_id, li.asin, li.title, li.price, li.currency,
            li.status, sk.sku, sk.variant, sk.product_id, p.model, p.name AS product_name, p.name_en AS product_name_en,
            p.product_line_id, pl.parent_id AS line_parent_id
       FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN products p ON p.id = sk.product_id
       LEFT JOIN product_lines pl ON pl.id = p.product_line_id)`;
/**
 * Product models with the package of their model info (/modelInfo), for the shipping cost
 * calculator (logistics): product_id, model, name, name_en, package_length_mm,
 * package_width_mm, package_height_mm, gross_weight_g. Models without model info are absent.
 */
export const modelPackages: SQL = sql`(SELECT p.id AS product_id, p.model, p.name, p.name_en, mi.package_length_mm,
            mi.package_width_mm, mi.package_height_mm, mi.gross_weight_g
       FROM products p JOIN product_model_info mi ON mi.product_id = p.id)`;

/** A product model's package volume from its model info: product_id, package_mm3 (for the aged-inventory fee of /dullBoard). */
export const modelPackageVolumes: SQL = sql`(SELECT product_id, package_length_mm * package_width_mm * package_height_mm AS package_mm3
       FROM product_model_info)`;
