import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonPattern, Can } from '../Can';
import { DeleteAction } from '../components/DeleteAction';

interface Props {
  /** The test ids' prefix: `${prefix}-edit-${id}`, `-history-`, `-delete-`. */
  prefix: string;
  id: number;
  edit?: { permission: ButtonPattern; onClick: () => void };
  onHistory: () => void;
  remove?: { permission: ButtonPattern; title: ReactNode; onConfirm: () => void };
  /** Between edit and history (a card's "copy as new card"). */
  extra?: ReactNode;
}

/** A kit list row's actions: edit and delete for holders of their buttons (hidden for the others: the server refuses them anyway), history for everyone who sees the row. */
export function RowActions({ prefix, id, edit, onHistory, remove, extra }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {edit && (
        <Can permission={edit.permission}>
          <Button size="small" type="link" onClick={edit.onClick} data-testid={`${prefix}-edit-${id}`}>
            {t('common.edit')}
          </Button>
        </Can>
      )}
      {extra}
      <Button size="small" type="link" onClick={onHistory} data-testid={`${prefix}-history-${id}`}>
        {t('kit.history.open')}
      </Button>
      {remove && (
        <Can permission={remove.permission}>
          <DeleteAction
            title={remove.title}
            onConfirm={remove.onConfirm}
            testId={`${prefix}-delete-${id}`}
            confirmTestId={`${prefix}-delete-confirm`}
          />
        </Can>
      )}
    </Space>
  );
}
