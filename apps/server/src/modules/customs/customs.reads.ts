/**
 * The reads customs publishes for other areas (the delivery list's .xlsx of inventory): an area
 * that needs a model's customs declaration selects from these instead of naming `customs_basics`.
 */
import { ANY_COUNTRY } from '@bo/contract/customs/basics';
import { type SQL, sql } from 'drizzle-orm';
import { catalogModels } from '../catalog/catalog.reads';

/**
 * One row per model declared for `country` (a marketplace's code): the country's own record,
 * else the '*' one. Columns: model, hs_code, import_hs_code, unit_value, currency, declare_unit.
 * A parenthesised subquery to LEFT JOIN on the model.
 */
export const customsDeclarationsFor = (country: string): SQL =>
  sql`(SELECT DISTINCT ON (m.model) m.model, b.hs_code, b.import_hs_code, b.unit_value, b.currency, b.declare_unit
         FROM customs_basics b JOIN ${catalogModels} m ON m.id = b.product_id
        WHERE b.country IN (${country}, ${ANY_COUNTRY})
        ORDER BY m.model, b.country = ${ANY_COUNTRY})`;
