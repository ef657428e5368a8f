import { EditOutlined } from '@ant-design/icons';
import { mailKeywords } from '@bo/contract';
import {
  dialogueTypeName,
  KEYWORD_FIELDS,
  KEYWORD_MATCH_TYPES,
  type KeywordKind,
  type KeywordRule,
} from '@bo/contract/mail/keywords';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { useTexts } from '../../../../shared/i18n/lang';
import { AddButton } from '../../../../shared/kit/AddButton';
import type { Editor } from '../../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../../shared/kit/ListPage';
import { ActionLinks } from '../../../../shared/kit/RowActions';
import { useListQuery } from '../../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../../shared/table/FitTable';
import { keywordKeys, useDeleteKeyword } from '../keywords.queries';
import { KeywordDrawer } from './KeywordDrawer';
import { KeywordTestCard } from './KeywordTestCard';
import { BUTTONS, targetLabel } from './keyword-labels';
import { TargetSelect } from './TargetSelect';

const EP = { dialogue: mailKeywords.dialogueKeywords.list, product: mailKeywords.productKeywords.list } as const;

/** /mail/setKeyWord and /mail/productKeyWord: the rules (filters in the query string) and a sample test. */
export function KeywordRulesView({ kind }: { kind: KeywordKind }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useListQuery(EP[kind].query);
  const remove = useDeleteKeyword(kind);
  const [editor, setEditor] = useState<Editor<KeywordRule> | null>(null);
  const [historyOf, setHistoryOf] = useState<KeywordRule | null>(null);
  const b = BUTTONS[kind];

  /** A recorded value in the screen's words (a product line has no name in the record: its id). */
  const historyValue = (field: string, v: unknown) => {
    if (field === 'matchType' && KEYWORD_MATCH_TYPES.includes(v as never)) return t(`mailKeywords.matchType.${v as 'word'}`);
    if (field === 'field' && KEYWORD_FIELDS.includes(v as never)) return t(`mailKeywords.field.${v as 'any'}`);
    if (field === 'enabled' && typeof v === 'boolean') return t(v ? 'mailKeywords.on' : 'mailKeywords.off');
    if (field === 'targetId' && kind === 'dialogue' && typeof v === 'number') return dialogueTypeName(v, lang);
    return undefined;
  };

  const del = (r: KeywordRule) => notify.run(() => remove.mutateAsync(r.id), t('mailKeywords.deleted', { keyword: r.keyword }));

  // Keyword, target, state and the actions always show; the rest as the width allows (docs/decisions.md).
  // The list has two thirds of the page beside the sample test: the widths are kept tight.
  const columns: KitColumn<KeywordRule>[] = [
    {
      key: 'keyword',
      sortable: true,
      title: t('mailKeywords.column.keyword'),
      width: 150,
      priority: 'key',
      ellipsis: true,
      render: (_, r) => <Typography.Text strong>{r.keyword}</Typography.Text>,
    },
    {
      key: 'targetId',
      sortable: true,
      title: t(`mailKeywords.${kind}.target`),
      width: 150,
      priority: 'key',
      ellipsis: true,
      render: (_, r) => targetLabel(kind, r, lang),
    },
    {
      key: 'matchType',
      title: t('mailKeywords.column.matchType'),
      width: 110,
      render: (_, r) => t(`mailKeywords.matchType.${r.matchType}`),
    },
    {
      key: 'field',
      title: t('mailKeywords.column.field'),
      width: 130,
      priority: 'detail',
      render: (_, r) => t(`mailKeywords.field.${r.field}`),
    },
    {
      key: 'priority',
      sortable: true,
      title: t('mailKeywords.column.priority'),
      width: 80,
      align: 'right',
      render: (_, r) => r.priority,
    },
    {
      key: 'enabled',
      title: t('mailKeywords.column.enabled'),
      width: 80,
      priority: 'key',
      render: (_, r) => (r.enabled ? <Tag color="green">{t('mailKeywords.on')}</Tag> : <Tag>{t('mailKeywords.off')}</Tag>),
    },
    {
      key: 'updatedAt',
      sortable: true,
      title: t('mailKeywords.column.updatedAt'),
      width: 170,
      priority: 'detail',
      render: (_, r) => formatDateTime(r.updatedAt),
    },
  ];
  if (can(b.edit) || can(b.delete))
    columns.push(
      actionsColumn(t, 150, (_, r) => (
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `keyword-edit-${r.id}`,
              permission: b.edit,
              label: t('common.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditor({ mode: 'edit', record: r }),
            },
            {
              testId: `keyword-delete-${r.id}`,
              permission: b.delete,
              remove: {
                title: t('mailKeywords.confirmDelete', { keyword: r.keyword }),
                onConfirm: () => del(r),
                confirmTestId: 'keyword-delete-confirm',
              },
            },
          ]}
        />
      )),
    );

  return (
    <>
      <ListPage
        testId={`page-keywords-${kind}`}
        title={t(`mailKeywords.${kind}.title`)}
        subtitle={t(`mailKeywords.${kind}.subtitle`)}
        endpoint={EP[kind]}
        state={list}
        keyPrefix={[...keywordKeys.all, kind]}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('mailKeywords.search'), width: 200, testId: 'keywords-search' },
          {
            kind: 'custom',
            key: 'targetId',
            render: (value, onChange) => (
              <TargetSelect
                kind={kind}
                allowClear
                value={value as number | undefined}
                onChange={onChange}
                style={{ width: 200 }}
                testId="keywords-target"
              />
            ),
          },
        ]}
        toolbar={
          <AddButton permission={b.create} onClick={() => setEditor({ mode: 'create' })} testId="keyword-create">
            {t('mailKeywords.create')}
          </AddButton>
        }
        columns={columns}
        tableId={`mail.keywords.${kind}`}
        rowKey="id"
        tableTestId="keywords-table"
        emptyText={t('mailKeywords.empty')}
        aside={<KeywordTestCard kind={kind} />}
      />
      <KeywordDrawer
        kind={kind}
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(rule) => setEditor({ mode: 'edit', record: rule })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity={`mail_keyword_${kind}`}
        entityId={historyOf?.id ?? null}
        name={historyOf?.keyword ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          keyword: t('mailKeywords.column.keyword'),
          targetId: t(`mailKeywords.${kind}.target`),
          matchType: t('mailKeywords.column.matchType'),
          field: t('mailKeywords.column.field'),
          priority: t('mailKeywords.column.priority'),
          enabled: t('mailKeywords.column.enabled'),
        }}
        formatValue={(field, v) => historyValue(field, v)}
      />
    </>
  );
}
