/**
 * Undo a committed import, after a confirmation that says what is put back; used by every
 * import screen (sales and order reports, costs, ad reports). The server decides whether an
 * import can be reverted (`revertible`) and refuses, naming why, when something changed since.
 */
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { type ImportRecord, useImportActions } from '../imports.queries';

/** Which text says what a revert of this kind puts back. */
export function revertWhat(kind: ImportRecord['kind']) {
  switch (kind) {
    case 'business-report':
    case 'all-orders':
      return 'sales';
    case 'fba-shipments':
    case 'order-returns':
      return 'orders';
    case 'sku-costs':
      return 'costs';
    case 'sku-fees':
      return 'fees';
    case 'materials':
      return 'materials';
    case 'bom':
      return 'bom';
    case 'ads-bulk':
      return 'bulk';
    default:
      return 'ads';
  }
}

interface Props {
  record: Pick<ImportRecord, 'id' | 'kind' | 'result'>;
  size?: 'small';
  /** What else the revert changed, to be reloaded (the import lists reload anyway). */
  onReverted?: () => void;
}

export function RevertImportButton({ record, size, onReverted }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { revert } = useImportActions();
  const r = record.result;
  const what = t(`imports.revertWhat.${revertWhat(record.kind)}`, {
    inserted: r?.inserted ?? 0,
    updated: r?.updated ?? 0,
    days: r?.days.length ? r.days.join(', ') : '—',
  });
  // A history row opens the import on click: the button and its confirmation must not.
  return (
    <Popconfirm
      title={t('imports.revertTitle', { id: record.id })}
      description={<div style={{ maxWidth: 360 }}>{what}</div>}
      okText={t('imports.revert')}
      okButtonProps={{ danger: true }}
      onCancel={(e) => e?.stopPropagation()}
      onConfirm={(e) => {
        e?.stopPropagation();
        revert.mutate(record.id, {
          onSuccess: () => {
            notify.success(t('imports.reverted'));
            onReverted?.();
          },
        });
      }}
    >
      <Button
        size={size}
        danger
        loading={revert.isPending}
        onClick={(e) => e.stopPropagation()}
        data-testid={`import-revert-${record.id}`}
      >
        {t('imports.revert')}
      </Button>
    </Popconfirm>
  );
}
