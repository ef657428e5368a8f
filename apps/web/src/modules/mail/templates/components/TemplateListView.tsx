import { EditOutlined } from '@ant-design/icons';
import { mailTemplates as ep } from '@bo/contract';
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES, type TemplateContent, type TemplateRow } from '@bo/contract/mail/templates';
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
import { useKitList } from '../../../../shared/kit/use-list-query';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { actionsColumn } from '../../../../shared/table/FitTable';
import { fetchTemplateContent, templateKeys, useDeleteTemplate } from '../mail-templates.queries';
import { TemplateDrawer } from './TemplateDrawer';

const muted = (text: string) => <span className="bo-muted">{text}</span>;

/** /mailTemplate and /faqtemplate: one list of one kind (the route's, not a filter), filters in the query string. */
export function TemplateListView({ kind }: { kind: 'reply' | 'faq' }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep.listTemplates, templateKeys.all, { kind });
  const remove = useDeleteTemplate();
  const [editor, setEditor] = useState<Editor<TemplateContent> | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<TemplateContent | null>(null);
  const categoryText = (c: string) =>
    (TEMPLATE_CATEGORIES as readonly string[]).includes(c)
      ? t(`mailTemplates.category.${c as (typeof TEMPLATE_CATEGORIES)[number]}`)
      : c;

  /** An edit starts from the template's body, which the list does not carry. */
  const edit = async (r: TemplateRow) => {
    setOpening(r.templateId);
    try {
      const content = await fetchTemplateContent(r.templateId);
      if (content) setEditor({ mode: 'edit', record: content });
      else notify.error(t('kit.gone'));
    } catch (err) {
      notify.failure(err);
    } finally {
      setOpening(null);
    }
  };

  const del = (r: TemplateRow) =>
    notify.run(() => remove.mutateAsync(r.templateId), t('mailTemplates.deleted', { name: r.name }));

  /** A recorded value in the screen's words. */
  const historyValue = (field: string, v: unknown) => {
    if (field === 'scope' && (v === 'shared' || v === 'personal')) return t(`mailTemplates.scope.${v}`);
    if (field === 'category' && typeof v === 'string') return categoryText(v);
    if (field === 'language' && TEMPLATE_LANGUAGES.includes(v as never)) return t(`mailTemplates.language.${v as 'en'}`);
    if (field === 'marketId' && v === null) return t('mailTemplates.allMarkets');
    if (field === 'marketId' && typeof v === 'number') {
      const m = marketOf(v);
      return m ? `${m.code} · ${marketName(m, lang)}` : undefined;
    }
    return undefined;
  };

  // Name, scope, market and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<TemplateRow>[] = [
    {
      key: 'name',
      sortable: true,
      title: t('mailTemplates.column.name'),
      width: 220,
      priority: 'key',
      fixed: 'left',
      render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'scope',
      title: t('mailTemplates.column.scope'),
      width: 90,
      priority: 'key',
      render: (_, r) => <Tag color={r.scope === 'shared' ? 'blue' : 'default'}>{t(`mailTemplates.scope.${r.scope}`)}</Tag>,
    },
    {
      key: 'category',
      sortable: true,
      title: t('mailTemplates.column.category'),
      width: 130,
      render: (_, r) => categoryText(r.category),
    },
    {
      key: 'language',
      sortable: true,
      title: t('mailTemplates.column.language'),
      width: 100,
      render: (_, r) => t(`mailTemplates.language.${r.language}`),
    },
    {
      key: 'marketId',
      sortable: true,
      title: t('mailTemplates.column.market'),
      width: 150,
      priority: 'key',
      render: (_, r) => {
        const m = r.marketId === null ? undefined : marketOf(r.marketId);
        return m ? `${m.code} · ${marketName(m, lang)}` : muted(t('mailTemplates.allMarkets'));
      },
    },
    kind === 'faq'
      ? {
          key: 'asin',
          title: t('mailTemplates.column.asin'),
          width: 130,
          priority: 'key',
          render: (_, r) => r.asin ?? muted(t('mailTemplates.allProducts')),
        }
      : {
          key: 'subject',
          title: t('mailTemplates.column.subject'),
          ellipsis: true,
          width: 260,
          render: (_, r) => r.subject || muted('—'),
        },
    {
      key: 'updatedAt',
      sortable: true,
      title: t('mailTemplates.column.updatedAt'),
      width: 170,
      priority: 'detail',
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'updatedBy',
      title: t('mailTemplates.column.updatedBy'),
      width: 150,
      priority: 'detail',
      render: (_, r) => r.updatedByName ?? '—',
    },
  ];
  if (can('userCenter:cs:configuration:edit') || can('userCenter:cs:configuration:delete')) {
    columns.push(
      actionsColumn(t, 160, (_, r) => (
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `template-edit-${r.templateId}`,
              permission: 'userCenter:cs:configuration:edit',
              label: t('common.edit'),
              icon: <EditOutlined />,
              loading: opening === r.templateId,
              onClick: () => void edit(r),
            },
            {
              testId: `template-delete-${r.templateId}`,
              permission: 'userCenter:cs:configuration:delete',
              remove: {
                title: t('mailTemplates.confirmDelete', { name: r.name }),
                description: t('mailTemplates.confirmDeleteNote'),
                onConfirm: () => del(r),
                confirmTestId: 'template-delete-confirm',
              },
            },
          ]}
        />
      )),
    );
  }

  return (
    <>
      <ListPage
        testId={`page-templates-${kind}`}
        title={t(`mailTemplates.${kind}.title`)}
        subtitle={t(`mailTemplates.${kind}.subtitle`)}
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('mailTemplates.search'), width: 220, testId: 'templates-search' },
          {
            kind: 'select',
            key: 'category',
            placeholder: t('mailTemplates.column.category'),
            width: 140,
            options: TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`mailTemplates.category.${c}`) })),
            testId: 'templates-category',
          },
          {
            kind: 'select',
            key: 'language',
            placeholder: t('mailTemplates.column.language'),
            width: 130,
            options: TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`mailTemplates.language.${l}`) })),
            testId: 'templates-language',
          },
          {
            kind: 'market',
            key: 'marketId',
            placeholder: t('mailTemplates.column.market'),
            width: 160,
            testId: 'templates-market',
          },
          {
            kind: 'select',
            key: 'scope',
            placeholder: t('mailTemplates.column.scope'),
            width: 110,
            options: [
              { value: 'shared', label: t('mailTemplates.scope.shared') },
              { value: 'personal', label: t('mailTemplates.scope.personal') },
            ],
            testId: 'templates-scope',
          },
          ...(kind === 'faq'
            ? [
                {
                  kind: 'text' as const,
                  key: 'asin' as const,
                  placeholder: 'ASIN',
                  maxLength: 10,
                  width: 160,
                  normalize: (v: string) => v.toUpperCase(),
                  testId: 'templates-asin',
                },
              ]
            : []),
        ]}
        toolbar={
          <AddButton
            permission="userCenter:cs:configuration:create"
            onClick={() => setEditor({ mode: 'create' })}
            testId="template-create"
          >
            {t('mailTemplates.create')}
          </AddButton>
        }
        columns={columns}
        tableId={`mail.templates.${kind}`}
        rowKey="templateId"
        tableTestId="templates-table"
        emptyText={t('mailTemplates.empty')}
      />
      <TemplateDrawer
        kind={kind}
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(tpl) => setEditor({ mode: 'edit', record: tpl })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity="mail_template"
        entityId={historyOf?.templateId ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          name: t('mailTemplates.field.name'),
          scope: t('mailTemplates.field.scope'),
          category: t('mailTemplates.field.category'),
          language: t('mailTemplates.field.language'),
          marketId: t('mailTemplates.field.market'),
          asin: t('mailTemplates.field.asin'),
          subject: t('mailTemplates.field.subject'),
          body: t('mailTemplates.field.body'),
        }}
        formatValue={(field, v) => historyValue(field, v)}
      />
    </>
  );
}
