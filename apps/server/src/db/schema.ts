/** Every table, for drizzle's typed client and drizzle-kit. */

export * from '../modules/access/roles/roles.table';
export * from '../modules/access/subsystems/subsystems.table';
export * from '../modules/access/users/users.table';
export * from '../modules/catalog/model-info/model-info.table';
export * from '../modules/catalog/product-lines/product-lines.table';
export * from '../modules/catalog/products/products.table';
export * from '../modules/costs/bom/bom.table';
export * from '../modules/costs/materials/materials.table';
export * from '../modules/imports/imports.table';
export * from '../modules/listings/filter/saved-filters.table';
export * from '../modules/listings/monitor/monitor.table';
export * from '../modules/mail/cs-trees/cs-trees.table';
export * from '../modules/mail/dialogues/dialogues.table';
export * from '../modules/mail/keywords/keywords.table';
export * from '../modules/mail/mailboxes/mailboxes.table';
export * from '../modules/mail/templates/templates.table';
export * from '../modules/ppc/changes/changes.table';
export * from '../modules/ppc/model/ppc.table';
export * from '../modules/ppc/rules/rules.table';
export * from '../modules/sales/facts/facts.table';
export * from '../modules/sales/teams/teams.table';
export * from '../modules/shops/shops/shops.table';
export * from '../platform/audit/audit.table';
export * from '../platform/auth/auth.table';
export * from '../platform/jobs/jobs.table';
export * from '../platform/meta/meta.table';
