/**
 * What the three automation lists (/autoReply, /marketMail/list, /smartMail/task) share: a
 * write that says how it went, the plan's name and "updated" columns, tags cut to their cell,
 * and the row's link buttons with copy and delete.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import type { KitColumn } from '../../../../shared/kit/ListPage';
import { ActionLinks, type RowAction } from '../../../../shared/kit/RowActions';

/** Runs a write and tells the user how it went: `ok` on success, the server's reason in their language on failure. */
export function useNotifiedRun() {
  const notify = useNotify();
  return async (fn: () => Promise<unknown>, ok: string) => {
    await notify.run(() => fn(), ok);
  };
}

/** A tag in a fixed-width cell: cut with an ellipsis (full text on hover) rather than spilling into the next cell. */
const CELL_TAG = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
export const cellTags = (values: readonly string[], color?: string) =>
  values.map((v) => (
    <Tag key={v} color={color} title={v} style={CELL_TAG}>
      {v}
    </Tag>
  ));

export const nameColumn = <Row,>(title: string, name: (r: Row) => ReactNode, width = 190): KitColumn<Row> => ({
  key: 'name',
  title,
  priority: 'key',
  width,
  ellipsis: true,
  render: (_, r) => <Typography.Text strong>{name(r)}</Typography.Text>,
});

export const updatedColumn = <Row extends { updatedAt: string }>(title: string, sortable = false): KitColumn<Row> => ({
  key: 'updatedAt',
  sortable,
  title,
  priority: 'key',
  width: sortable ? 160 : 150,
  render: (_, r) => formatDateTime(r.updatedAt),
});

export interface RowLink {
  key: string;
  icon: ReactNode;
  label: ReactNode;
  onClick: () => void;
  testId?: string;
}

interface RowActionsProps {
  links: readonly (RowLink | false)[];
  /** Copy (when the caller may create): runs the copy and names the copy in the notice. */
  copy?: { run: () => Promise<unknown>; name: string; copiedText: (name: string) => string; testId?: string } | false;
  /** Delete (when the caller may delete), after the question. */
  remove?:
    | { run: () => Promise<unknown>; question: string; deletedText: string; testId?: string; confirmTestId?: string }
    | false;
}

/** The actions column of an automation list: the screen's links, then copy, then delete. */
export function RowActions({ links, copy, remove }: RowActionsProps) {
  const { t } = useTranslation();
  const run = useNotifiedRun();
  const actions: RowAction[] = links.filter((l): l is RowLink => l !== false);
  if (copy)
    actions.push({
      key: 'copy',
      testId: copy.testId,
      label: t('mailAuto.copy'),
      icon: <CopyOutlined />,
      onClick: () => void run(copy.run, copy.copiedText(`${copy.name} (copy)`)),
    });
  if (remove)
    actions.push({
      key: 'remove',
      testId: remove.testId,
      remove: {
        title: remove.question,
        onConfirm: () => void run(remove.run, remove.deletedText),
        confirmTestId: remove.confirmTestId,
      },
    });
  return <ActionLinks wrap actions={actions} />;
}
