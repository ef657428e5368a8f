/** A hand-built form drawer's Cancel and Save, in its header: Save submits the form and spins while it saves. */
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  /** data-testid of Save. */
  testId: string;
}

export function SaveCancel({ onCancel, onSave, saving, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={onSave} data-testid={testId}>
        {t('common.save')}
      </Button>
    </Space>
  );
}
