/** Discard an import that was never written (preview or held), after a confirmation; used by every import screen. */
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { useImportActions } from '../imports.queries';

export function DiscardImportButton({ id, size }: { id: number; size?: 'small' }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { discard } = useImportActions();
  // A history row opens the import on click: the button and its confirmation must not.
  return (
    <Popconfirm
      title={t('imports.discardConfirm', { id })}
      okButtonProps={{ danger: true }}
      onCancel={(e) => e?.stopPropagation()}
      onConfirm={(e) => {
        e?.stopPropagation();
        discard.mutate(id, { onSuccess: () => notify.success(t('imports.discarded')) });
      }}
    >
      <Button
        size={size}
        danger
        loading={discard.isPending}
        onClick={(e) => e.stopPropagation()}
        data-testid={`import-discard-${id}`}
      >
        {t('imports.discard')}
      </Button>
    </Popconfirm>
  );
}
