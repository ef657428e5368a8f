import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';

interface Props {
  /** The test ids' prefix: `${prefix}-edit-${id}`, `${prefix}-delete-${id}`, `${prefix}-delete-confirm`. */
  prefix: string;
  id: number | string;
  onEdit: () => void;
  /** The row's delete, asked first; none: the row cannot be deleted here. */
  remove?: { title: ReactNode; description?: ReactNode; onConfirm: () => void };
  /** After Edit: the screen's own action (the menu's reset). */
  children?: ReactNode;
}

/**
 * A back-office row's actions: Edit, then its delete or the screen's own action. Not the kit's
 * RowActions: that one always shows History, which these screens (documents, FBA codes, menu
 * entries) do not offer, and puts each button behind a button permission they do not check.
 */
export function EditRowActions({ prefix, id, onEdit, remove, children }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button size="small" type="link" onClick={onEdit} data-testid={`${prefix}-edit-${id}`}>
        {t('common.edit')}
      </Button>
      {remove && (
        <DeleteAction
          title={remove.title}
          description={remove.description}
          onConfirm={remove.onConfirm}
          testId={`${prefix}-delete-${id}`}
          confirmTestId={`${prefix}-delete-confirm`}
        />
      )}
      {children}
    </Space>
  );
}
