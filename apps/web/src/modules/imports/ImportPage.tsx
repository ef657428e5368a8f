import { imports as ep } from '@bo/contract';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatInteger } from '../../shared/format';
import { recordStatusColumn } from '../../shared/kit/ImportPreviewPanel';
import { ImportWizard } from '../../shared/kit/ImportWizard';
import { type ImportKindSpec, type ImportPreview, revertCounts } from '../../shared/kit/import-wizard';
import { useImportShops } from '../../shared/kit/use-import-shops';
import { ImpactPanel, LargeRemovalDays } from './components/ImportImpact';
import { CommitResult, SalesImportDetails } from './components/SalesImportDetails';

type Kind = keyof typeof ep.IMPORT_KINDS;
// This screen imports one shop's sales and order reports; the company-wide kinds live on their own
// screens and the ad reports of the same facility on the advertising screens.
const KINDS = ep.SHOP_IMPORT_KINDS.filter((k) => ep.IMPORT_KINDS[k].view === 'sales:importTraffic');
/** The order reports of the mail automation: per order line, no period, previewed as records. */
const ORDER_KINDS: readonly Kind[] = ['fba-shipments', 'order-returns'];

function salesRows(t: TFunction): ImportKindSpec['rows'] {
  return {
    from: 'rows',
    columns: (p: ImportPreview) => [
      { key: 'sku', title: 'SKU', width: 180, priority: 'key', render: (_, r) => r.sku },
      { key: 'asin', title: 'ASIN', width: 130, render: (_, r) => r.asin },
      {
        key: 'day',
        title: t('imports.day'),
        width: 120,
        priority: 'key',
        render: (_, r) => r.day ?? <Tag>{t('imports.periodTotal')}</Tag>,
      },
      { key: 'units', title: t('imports.units'), width: 90, align: 'right', render: (_, r) => formatInteger(r.units) },
      { key: 'orders', title: t('imports.orders'), width: 90, align: 'right', render: (_, r) => formatInteger(r.orders) },
      {
        key: 'revenue',
        title: t('imports.revenue', { currency: p.currency ?? '' }),
        width: 130,
        align: 'right',
        render: (_, r) => formatAmount(r.revenue),
      },
      {
        key: 'sessions',
        title: t('imports.sessions'),
        width: 100,
        align: 'right',
        render: (_, r) => (r.sessions === null ? '—' : formatInteger(r.sessions)),
      },
    ],
  };
}

/** The order lines an order report writes: key, new/changed/unchanged, the values (and what they replace). */
function orderRecords(t: TFunction): ImportKindSpec['rows'] {
  const show = (v: Record<string, string | number | null>) =>
    Object.entries(v)
      .filter(([k, x]) => x !== null && k !== 'orderId' && k !== 'asin')
      .map(([k, x]) => `${k}: ${x}`)
      .join(' · ');
  return {
    from: 'records',
    testId: 'import-records',
    columns: () => [
      { key: 'key', title: t('imports.record.key'), width: 280, priority: 'key', render: (_, r) => r.key.replace('|', ' | ') },
      recordStatusColumn(t as (key: string) => string, {
        new: t('imports.record.new'),
        changed: t('imports.record.changed'),
        unchanged: t('imports.record.unchanged'),
      }),
      {
        key: 'values',
        title: t('imports.record.values'),
        width: 420,
        priority: 'key',
        render: (_, r) => (
          <>
            <div>{show(r.values)}</div>
            {r.before && <Typography.Text type="secondary">{show(r.before)}</Typography.Text>}
          </>
        ),
      },
    ],
  };
}

function kindSpec(kind: Kind, t: TFunction): ImportKindSpec {
  const orders = ORDER_KINDS.includes(kind);
  return {
    kind,
    label: t(`imports.kind.${kind}`),
    accept: '.csv,.txt,.tsv',
    dropHint: t('imports.dropHint'),
    howto: orders ? t('imports.howtoOrders') : t('imports.howto'),
    period: orders
      ? undefined
      : kind === 'business-report'
        ? { required: true, hint: t('imports.periodHintBr') }
        : { required: false, hint: t('imports.periodHintAo') },
    rows: orders ? orderRecords(t) : salesRows(t),
    commitConfirm: (p) => t(orders ? 'imports.commitConfirmOrders' : 'imports.commitConfirm', { rows: p.rowCount }),
    revertText: (r) => t(`imports.revertWhat.${orders ? 'orders' : 'sales'}`, revertCounts(r)),
    details: (p) => (
      <>
        <SalesImportDetails data={p} />
        <ImpactPanel data={p} />
      </>
    ),
    result: orders ? undefined : (p) => <CommitResult data={p} />,
    largeRemoval: (p) => <LargeRemovalDays data={p} />,
  };
}

/** /importTraffic: upload a report, check its preview, commit it; the history of every import. */
export default function ImportPage() {
  const { t } = useTranslation();
  const shops = useImportShops();
  return (
    <div className="bo-page" data-testid="page-import">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('imports.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('imports.subtitle')}</Typography.Text>
      </div>
      <ImportWizard
        layout="page"
        testIdPrefix="import"
        kinds={KINDS.map((k) => kindSpec(k, t))}
        shops={shops}
        // The facts changed: every sales figure on screen is stale.
        invalidates={[['sales']]}
        uploadTitle={t('imports.uploadTitle')}
      />
    </div>
  );
}
