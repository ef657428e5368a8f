/**
 * The delete button of a list row: a danger link that asks first (title, an optional note
 * on what the deletion takes with it) and deletes only on confirmation.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function DeleteAction(props: {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => void;
  /** data-testid of the row's button and of the confirmation's OK button. */
  testId?: string;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...(props.confirmTestId ? { 'data-testid': props.confirmTestId } : {}) }}
      onConfirm={props.onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={props.testId}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
