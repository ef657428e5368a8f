import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The batch of changes just applied, with its undo (diagnosis fixes, search-term harvests). */
export function LastBatchAlert({
  message,
  undoing,
  onUndo,
  onClose,
  testId,
}: {
  message: string;
  undoing: boolean;
  onUndo: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      message={message}
      action={
        <Button size="small" loading={undoing} onClick={onUndo} data-testid={testId}>
          {t('ppc.diag.undo')}
        </Button>
      }
      closable
      onClose={onClose}
    />
  );
}
