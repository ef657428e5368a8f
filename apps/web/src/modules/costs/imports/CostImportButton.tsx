/**
 * The import of a company-wide kind (unit costs, fees, materials, BOMs) on its own screen: the
 * kit's import wizard in a modal, with the kind's template, its rows read as label–value pairs
 * (what the file sets and what is stored now), and what a revert of it puts back.
 */
import type { EndpointDef } from '@bo/contract';
import type { QueryKey } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordStatusColumn } from '../../../shared/kit/ImportPreviewPanel';
import { ImportWizardButton } from '../../../shared/kit/ImportWizard';
import { type ImportKindSpec, type RecordRow, revertCounts } from '../../../shared/kit/import-wizard';
import { recordPairs } from './record-values';

type Kind = 'sku-costs' | 'sku-fees' | 'materials' | 'bom';

/** What a revert of each kind puts back. */
const REVERT_TEXT = { 'sku-costs': 'costs', 'sku-fees': 'fees', materials: 'materials', bom: 'bom' } as const;

interface Props {
  kind: Kind;
  template: EndpointDef;
  /** What a commit changes, to be reloaded. */
  invalidates: readonly QueryKey[];
}

export function CostImportButton({ kind, template, invalidates }: Props) {
  const { t } = useTranslation();
  const pairs = (values: RecordRow['values'] | null) =>
    recordPairs(values).map(([label, value]) => (
      <div key={label}>
        <Typography.Text type="secondary">{t(label as 'costs.from')}: </Typography.Text>
        {value}
      </div>
    ));
  const spec: ImportKindSpec = {
    kind,
    label: t(`imports.kind.${kind}`),
    accept: '.xlsx',
    dropHint: t('costs.import.dropHint'),
    howto: t('costs.import.templateHint'),
    template,
    rows: {
      from: 'records',
      columns: () => [
        { key: 'key', title: t('costs.import.record'), width: 200, priority: 'key', render: (_, r) => r.key },
        recordStatusColumn(t as (key: string) => string),
        { key: 'values', title: t('costs.import.values'), width: 260, priority: 'key', render: (_, r) => pairs(r.values) },
        { key: 'before', title: t('costs.import.before'), width: 260, render: (_, r) => (r.before ? pairs(r.before) : '—') },
      ],
    },
    commitConfirm: (p) => t('costs.import.commitConfirm', { rows: p.rowCount }),
    revertText: (r) => t(`imports.revertWhat.${REVERT_TEXT[kind]}`, revertCounts(r)),
  };
  return (
    <ImportWizardButton
      kinds={[spec]}
      label={t('costs.import.button')}
      title={t('costs.import.title', { kind: spec.label })}
      testId={`import-open-${kind}`}
      testIdPrefix="cost-import"
      invalidates={invalidates}
      width={1000}
    />
  );
}
