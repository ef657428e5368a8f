import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { recordStatusColumn } from '../../shared/kit/ImportPreviewPanel';
import { ImportWizard } from '../../shared/kit/ImportWizard';
import type { ImportKindSpec } from '../../shared/kit/import-wizard';
import { revertCounts } from '../../shared/kit/import-wizard';
import { useImportShops } from '../../shared/kit/use-import-shops';
import { inventoryKeys } from './inventory.queries';

type Kind = 'fba-inventory' | 'fba-inventory-age' | 'fba-inventory-ledger' | 'fba-removals';
const HOWTO = {
  'fba-inventory': 'howtoMyi',
  'fba-inventory-age': 'howtoAge',
  'fba-inventory-ledger': 'howtoLedger',
  'fba-removals': 'howtoRemovals',
} as const;

/** The quantities a record sets (and, for a changed one, what they replace). */
function kindSpec(kind: Kind, t: TFunction): ImportKindSpec {
  const show = (v: Record<string, string | number | null>) =>
    Object.entries(v)
      .filter(
        ([k, x]) =>
          x !== null &&
          !['day', 'sku', 'listingId', 'asin', 'fnsku', 'disposition', 'location', 'view', 'orderId', 'report'].includes(k),
      )
      .map(([k, x]) => `${k}: ${x}`)
      .join(' · ');
  return {
    kind,
    label: t(`inventory.upload.kind.${kind}`),
    accept: '.txt,.tsv,.csv',
    dropHint: t('inventory.upload.dropHint'),
    howto: t(`inventory.upload.${HOWTO[kind]}`),
    period: kind === 'fba-inventory' ? { required: false, hint: t('inventory.upload.periodHint') } : undefined,
    rows: {
      from: 'records',
      testId: 'stock-import-records',
      columns: () => [
        {
          key: 'key',
          title: t('inventory.upload.record.key'),
          width: 220,
          priority: 'key',
          render: (_, r) => r.key.replaceAll('|', ' | '),
        },
        recordStatusColumn(t as (key: string) => string, {
          new: t('inventory.upload.record.new'),
          changed: t('inventory.upload.record.changed'),
          unchanged: t('inventory.upload.record.unchanged'),
        }),
        {
          key: 'values',
          title: t('inventory.upload.record.values'),
          width: 460,
          priority: 'key',
          render: (_, r) => (
            <>
              <div>{show(r.values)}</div>
              {r.before && <Typography.Text type="secondary">{show(r.before)}</Typography.Text>}
            </>
          ),
        },
      ],
    },
    commitConfirm: (p) => t('inventory.upload.commitConfirm', { rows: p.rowCount }),
    revertText: (r) => t('inventory.upload.revertWhat', revertCounts(r)),
  };
}

/** /inventoryUpload: the stock reports of one shop on the kit's import wizard, and their history. */
export default function InventoryUploadPage() {
  const { t } = useTranslation();
  const shops = useImportShops();
  return (
    <div className="bo-page" data-testid="page-inventory-upload">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('inventory.upload.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('inventory.upload.subtitle')}</Typography.Text>
      </div>
      <ImportWizard
        layout="page"
        testIdPrefix="stock-import"
        kinds={(['fba-inventory', 'fba-inventory-age', 'fba-inventory-ledger', 'fba-removals'] as const).map((k) =>
          kindSpec(k, t),
        )}
        shops={shops}
        invalidates={[inventoryKeys.all]}
        uploadTitle={t('inventory.upload.uploadTitle')}
      />
    </div>
  );
}
