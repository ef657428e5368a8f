/**
 * "Import ad reports" on the advertising screens: the kit's import wizard in a modal with the
 * ad kinds of the import facility — the Sponsored Products search term, targeting and campaign
 * reports, the Sponsored Brands campaign and keyword reports, the Sponsored Display campaign
 * report and the bulk-operations sheet — for one shop, its rows read as the ad console names them.
 */
import { imports as ep } from '@bo/contract';
import { useTranslation } from 'react-i18next';
import { recordStatusColumn } from '../../../shared/kit/ImportPreviewPanel';
import { ImportWizardButton } from '../../../shared/kit/ImportWizard';
import { type ImportKindSpec, type RecordRow, revertCounts } from '../../../shared/kit/import-wizard';
import { shopLabel } from '../../../shared/markets/markets';
import { usePpcShops } from '../board/board.queries';

/** The ad kinds of the import facility (their upload permission is ppc:manager:edit). */
const AD_KINDS = ep.SHOP_IMPORT_KINDS.filter((k) => ep.IMPORT_KINDS[k].view === 'ppc:manager');
const METRICS = ['impressions', 'clicks', 'spend', 'orders', 'sales'] as const;

const text = (r: RecordRow, k: string) => {
  const v = r.values[k];
  return v === null || v === undefined || v === '' ? '' : String(v);
};
/** What a row is about: campaign › ad group › targeting / search term (or the bulk sheet's entity). */
const what = (r: RecordRow) =>
  [text(r, 'campaign'), text(r, 'adGroup'), text(r, 'targeting'), text(r, 'searchTerm'), text(r, 'entity')]
    .filter(Boolean)
    .join(' › ');

export function AdImportButton({ shopId }: { shopId?: number | null }) {
  const { t } = useTranslation();
  const shops = usePpcShops();
  const kinds = AD_KINDS.map(
    (kind): ImportKindSpec => ({
      kind,
      label: t(`imports.kind.${kind}`),
      accept: '.csv,.txt,.tsv,.xlsx',
      dropHint: t('ppc.adImport.dropHint'),
      howto: t('ppc.adImport.howto'),
      rows: {
        from: 'records',
        columns: () => [
          { key: 'day', title: t('imports.day'), width: 110, render: (_, r) => text(r, 'day') || '—' },
          { key: 'what', title: t('ppc.adImport.entity'), width: 320, priority: 'key', render: (_, r) => what(r) },
          ...METRICS.map((m) => ({
            key: m,
            title: t(`ppc.metric.${m}`),
            align: 'right' as const,
            width: 90,
            render: (_: unknown, r: RecordRow) => text(r, m) || '—',
          })),
          recordStatusColumn(t as (key: string) => string),
        ],
      },
      commitConfirm: (p) => t('ppc.adImport.commitConfirm', { rows: p.rowCount }),
      revertText: (r) => t(`imports.revertWhat.${kind === 'ads-bulk' ? 'bulk' : 'ads'}`, revertCounts(r)),
    }),
  );
  return (
    <ImportWizardButton
      kinds={kinds}
      label={t('ppc.adImport.button')}
      title={t('ppc.adImport.title')}
      testId="ppc-import-open"
      testIdPrefix="ppc-import"
      shops={{
        loading: shops.isPending,
        options: (shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) })),
      }}
      shopId={shopId}
      // The figures of the boards and lists come from what was imported.
      invalidates={[['ppc']]}
    />
  );
}
