/**
 * The FBA Reimbursements report of one shop on the kit's import wizard (kind
 * `fba-reimbursements`): the preview says which claim each row pays, a commit marks those claims
 * reimbursed. Shown to whoever may edit claims (the kind's upload permission).
 */
import { useTranslation } from 'react-i18next';
import { recordStatusColumn } from '../../../../shared/kit/ImportPreviewPanel';
import { ImportWizardButton } from '../../../../shared/kit/ImportWizard';
import type { ImportKindSpec } from '../../../../shared/kit/import-wizard';
import { useImportShops } from '../../../../shared/kit/use-import-shops';
import { shipmentKeys } from '../shipments.queries';

export function ReimbursementImportButton() {
  const { t } = useTranslation();
  const shops = useImportShops();
  const spec: ImportKindSpec = {
    kind: 'fba-reimbursements',
    label: t('imports.kind.fba-reimbursements'),
    accept: '.txt,.tsv,.csv',
    dropHint: t('inventory.upload.dropHint'),
    howto: t('shipments.claims.importHowto'),
    rows: {
      from: 'records',
      testId: 'reimbursement-import-records',
      columns: () => [
        {
          key: 'key',
          title: t('shipments.claims.importRow'),
          width: 220,
          priority: 'key',
          render: (_, r) => r.key.replace('|', ' | '),
        },
        recordStatusColumn(t as (key: string) => string, {
          new: t('shipments.claims.importPays'),
          changed: t('shipments.claims.importPays'),
          unchanged: t('shipments.claims.importNothing'),
        }),
        {
          key: 'claim',
          title: t('shipments.claims.importClaim'),
          width: 110,
          priority: 'key',
          render: (_, r) => (r.values.claim ? `#${r.values.claim}` : '-'),
        },
        {
          key: 'amount',
          title: t('shipments.claims.amount'),
          width: 150,
          align: 'right',
          render: (_, r) => `${r.values.units} · ${r.values.amount} ${r.values.currency}`,
        },
      ],
    },
    commitConfirm: (p) => t('shipments.claims.importConfirm', { rows: p.rowCount }),
    // The server marks these imports not revertible; the text is for completeness of the spec.
    revertText: () => t('shipments.claims.importNoRevert'),
  };
  return (
    <ImportWizardButton
      kinds={[spec]}
      label={t('shipments.claims.importButton')}
      title={t('imports.kind.fba-reimbursements')}
      testId="claims-import-open"
      testIdPrefix="reimbursement-import"
      shops={shops}
      invalidates={[shipmentKeys.claims]}
      width={1000}
    />
  );
}
