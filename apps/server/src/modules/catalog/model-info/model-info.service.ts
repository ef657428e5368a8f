/**
 * Technical data of product models. Rules (see ../README.md):
 * - At most one record per product: creating a second answers 409; it goes with the product.
 * - Bounds are the contract's (sizes 0–5,000 mm, weights 0–100 kg, gross ≥ net, the
 *   package holds the product, HS code 6–10 digits, ISO country code); certification
 *   marks and the country are stored upper-case, marks once each.
 * - Edits carry the version they were made on (409 when stale).
 * - Company data: read with product:model, written with its buttons.
 */
import type { EndpointBody, catalogModelInfo as ep } from '@bo/contract';
import { fieldErrorOf } from '@bo/contract';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../../platform/errors';
import * as repo from './model-info.repository';

type CreateBody = EndpointBody<typeof ep.createModelInfo>;
type UpdateBody = EndpointBody<typeof ep.updateModelInfo>;

export async function list(ctx: AppContext, q: repo.ModelInfoFilter & { pageNum: number; pageSize: number }) {
  const { rows, total } = await repo.pageOfModelInfo(ctx.db, q, q);
  return { list: rows.map(repo.toModelInfo), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The values as stored: marks and country upper-case, marks without repeats. */
export function normalise(b: repo.InfoValues): repo.InfoValues {
  return {
    ...b,
    certifications: [...new Set(b.certifications.map((c) => c.toUpperCase()))],
    countryOfOrigin: b.countryOfOrigin.toUpperCase(),
    ratedVoltage: b.ratedVoltage?.trim() ? b.ratedVoltage.trim() : null,
  };
}

async function fresh(ctx: AppContext, productId: number) {
  const row = await repo.findOne(ctx.db, productId);
  if (!row) throw notFound(`no product ${productId}`);
  return row;
}

export async function create(ctx: AppContext, actor: RequestActor, b: CreateBody) {
  const { productId, ...fields } = b;
  const values = normalise(fields);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.productExists(tx, productId))) throw codedFieldError('productId', 'catalog.noSuchProduct');
    if (!(await repo.insertInfo(tx, productId, values)))
      throw conflict('this product has model info already; edit it instead', {
        fields: [fieldErrorOf('productId', 'catalog.hasModelInfo')],
      });
    await audit(tx, actor, { action: 'modelInfo.create', entity: 'product_model_info', entityId: productId, after: values });
  });
  return fresh(ctx, productId);
}

export async function update(ctx: AppContext, actor: RequestActor, b: UpdateBody) {
  const { productId, version, ...fields } = b;
  const values = normalise(fields);
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockInfo(tx, productId);
    if (!before) throw notFound(`product ${productId} has no model info`);
    if (Number(before.version) !== version) throw staleVersion();
    await repo.updateInfo(tx, productId, values);
    await audit(tx, actor, {
      action: 'modelInfo.update',
      entity: 'product_model_info',
      entityId: productId,
      before,
      after: values,
    });
  });
  return fresh(ctx, productId);
}

export async function remove(ctx: AppContext, actor: RequestActor, productId: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockInfo(tx, productId);
    if (!before) throw notFound(`product ${productId} has no model info`);
    await repo.deleteInfo(tx, productId);
    await audit(tx, actor, { action: 'modelInfo.delete', entity: 'product_model_info', entityId: productId, before });
  });
  return null;
}
