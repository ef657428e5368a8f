import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { mailKeywords } from '@bo/contract';
import type { KeywordKind, KeywordRule } from '@bo/contract/mail/keywords';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../../shared/kit/ListPage';
import { useListQuery } from '../../../../shared/kit/use-list-query';
import { keywordKeys, useDeleteKeyword } from '../keywords.queries';
import { KeywordModal } from './KeywordModal';
import { KeywordTestCard } from './KeywordTestCard';
import { BUTTONS, targetLabel } from './keyword-labels';
import { TargetSelect } from './TargetSelect';

const EP = { dialogue: mailKeywords.dialogueKeywords.list, product: mailKeywords.productKeywords.list } as const;

/** /mail/setKeyWord and /mail/productKeyWord: the rules (filters in the query string) and a sample test. */
export function KeywordRulesView({ kind }: { kind: KeywordKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const list = useListQuery(EP[kind].query);
  const remove = useDeleteKeyword(kind);
  const [editing, setEditing] = useState<{ rule: KeywordRule | null } | null>(null);
  const b = BUTTONS[kind];

  const del = async (r: KeywordRule) => {
    try {
      await remove.mutateAsync(r.id);
      notify.success(t('mailKeywords.deleted', { keyword: r.keyword }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

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
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      priority: 'key',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Can permission={b.edit}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ rule: r })}
              data-testid={`keyword-edit-${r.id}`}
            >
              {t('common.edit')}
            </Button>
          </Can>
          <Can permission={b.delete}>
            <DeleteAction
              title={t('mailKeywords.confirmDelete', { keyword: r.keyword })}
              onConfirm={() => del(r)}
              testId={`keyword-delete-${r.id}`}
              confirmTestId="keyword-delete-confirm"
            />
          </Can>
        </Space>
      ),
    });

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
          <Can permission={b.create}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ rule: null })}
              data-testid="keyword-create"
            >
              {t('mailKeywords.create')}
            </Button>
          </Can>
        }
        columns={columns}
        tableId={`mail.keywords.${kind}`}
        rowKey="id"
        tableTestId="keywords-table"
        emptyText={t('mailKeywords.empty')}
        aside={<KeywordTestCard kind={kind} />}
      />
      {editing && <KeywordModal kind={kind} rule={editing.rule} onClose={() => setEditing(null)} />}
    </>
  );
}
