import { LockOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonPattern, Can, useCan } from '../Can';
import { DeleteAction } from '../components/DeleteAction';

interface ActionBase {
  /** The button's data-testid; also its key among the row's actions, unless `key` is given. */
  testId?: string;
  key?: string;
  /** Shown only to holders of this button permission: the server refuses the others anyway. */
  permission?: ButtonPattern;
  /** Left out for this row (an action its state does not offer). */
  hidden?: boolean;
}

/** A link button of a list row, run on a click or, with `confirm`, only once the question is answered. */
export interface LinkRowAction extends ActionBase {
  label: ReactNode;
  icon?: ReactNode;
  /** A promise it returns keeps the confirmation's OK button spinning until it settles. */
  onClick: () => unknown;
  danger?: boolean;
  /** Spinning while the work it started runs. */
  loading?: boolean;
  disabled?: boolean;
  /** Why the action is disabled, as the button's tooltip. */
  reason?: ReactNode;
  confirm?: {
    title: ReactNode;
    description?: ReactNode;
    /** The OK and Cancel buttons' words; antd's own when left out. */
    okText?: ReactNode;
    cancelText?: ReactNode;
    /** data-testid of the confirmation's OK button. */
    testId?: string;
  };
}

/** The row's Delete: a danger link that asks first (`DeleteAction`). */
export interface DeleteRowAction extends ActionBase {
  remove: { title: ReactNode; description?: ReactNode; onConfirm: () => void; confirmTestId?: string };
}

export type RowAction = LinkRowAction | DeleteRowAction;

interface ActionLinksProps {
  actions: readonly RowAction[];
  /** The gap between the buttons (none by default: link buttons carry their own padding). */
  size?: number;
  wrap?: boolean;
}

function ActionLink({ action }: { action: LinkRowAction }) {
  const button = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      disabled={action.disabled}
      loading={action.loading}
      icon={action.icon}
      onClick={action.confirm ? undefined : () => void action.onClick()}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
  if (action.disabled && action.reason) return <Tooltip title={action.reason}>{button}</Tooltip>;
  const { confirm } = action;
  if (!confirm || action.disabled) return button;
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      cancelText={confirm.cancelText}
      okButtonProps={{ danger: action.danger, ...(confirm.testId ? { 'data-testid': confirm.testId } : {}) }}
      onConfirm={action.onClick}
    >
      {button}
    </Popconfirm>
  );
}

/**
 * A list row's actions declared as data: each one's label, icon, permission and test id, in
 * order; an action the user may not take is left out, not greyed (unless the screen gives the
 * reason it is disabled), and a destructive one asks first.
 */
export function ActionLinks({ actions, size = 0, wrap }: ActionLinksProps) {
  const can = useCan();
  const shown = actions.filter((a) => !a.hidden && (!a.permission || can(a.permission)));
  return (
    <Space size={size} wrap={wrap}>
      {shown.map((a, i) =>
        'remove' in a ? (
          <DeleteAction
            key={a.key ?? a.testId ?? i}
            title={a.remove.title}
            description={a.remove.description}
            onConfirm={a.remove.onConfirm}
            testId={a.testId}
            confirmTestId={a.remove.confirmTestId}
          />
        ) : (
          <ActionLink key={a.key ?? a.testId ?? i} action={a} />
        ),
      )}
    </Space>
  );
}

/** In place of the actions of a row nobody may change here (a built-in role, oneself): a lock, a word, and why on hover. */
export function RowLocked({ label, reason, testId }: { label: ReactNode; reason: ReactNode; testId?: string }) {
  return (
    <Tooltip title={reason}>
      <Typography.Text type="secondary" data-testid={testId}>
        <LockOutlined /> {label}
      </Typography.Text>
    </Tooltip>
  );
}

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
