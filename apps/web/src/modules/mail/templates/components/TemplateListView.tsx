import { PlusOutlined } from '@ant-design/icons';
import { MARKETS } from '@bo/contract';
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from '@bo/contract/mail/templates';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useLang } from '../../../../shared/i18n/lang';
import { toUrlPatch, useStepBackToLastPage } from '../../../../shared/list-paging';
import { useUrlFilters } from '../../../../shared/url-filters';
import { marketName } from '../../../shops/shops-auth/markets';
import { type TemplateListQuery, templateListUrlSchema, useTemplateList } from '../mail-templates.queries';
import { TemplateDrawer, type TemplateEditor } from './TemplateDrawer';
import { TemplatesTable } from './TemplatesTable';

const URL_DEFAULTS = {
  keyword: '',
  category: '',
  language: '',
  marketId: '',
  scope: '',
  asin: '',
  sortField: 'updatedAt',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /mailTemplate and /faqtemplate: one list of one kind, filters in the query string. */
export function TemplateListView({ kind }: { kind: 'reply' | 'faq' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = templateListUrlSchema.parse({
    ...filters,
    kind,
    keyword: orUndefined(filters.keyword),
    category: orUndefined(filters.category),
    language: orUndefined(filters.language),
    marketId: orUndefined(filters.marketId),
    scope: orUndefined(filters.scope),
    asin: orUndefined(filters.asin),
  });
  const list = useTemplateList(query);
  const [editor, setEditor] = useState<TemplateEditor | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<TemplateListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const filtered = Boolean(
    query.keyword || query.category || query.language || query.marketId !== undefined || query.scope || query.asin,
  );

  return (
    <div className="bo-page" data-testid={`page-templates-${kind}`}>
      <div className="bo-page-head">
        <Typography.Title level={3}>{t(`mailTemplates.${kind}.title`)}</Typography.Title>
        <Typography.Text type="secondary">{t(`mailTemplates.${kind}.subtitle`)}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <Space wrap size={12}>
            <Input.Search
              allowClear
              placeholder={t('mailTemplates.search')}
              value={keyword}
              maxLength={100}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => change({ keyword: value.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="templates-search"
            />
            <Select<string>
              allowClear
              placeholder={t('mailTemplates.column.category')}
              value={query.category}
              onChange={(category) => change({ category, pageNum: 1 })}
              options={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`mailTemplates.category.${c}`) }))}
              style={{ width: 140 }}
              data-testid="templates-category"
            />
            <Select<string>
              allowClear
              placeholder={t('mailTemplates.column.language')}
              value={query.language}
              onChange={(language) => change({ language: language as TemplateListQuery['language'], pageNum: 1 })}
              options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`mailTemplates.language.${l}`) }))}
              style={{ width: 130 }}
              data-testid="templates-language"
            />
            <Select<number>
              allowClear
              placeholder={t('mailTemplates.column.market')}
              value={query.marketId}
              onChange={(marketId) => change({ marketId, pageNum: 1 })}
              options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${marketName(m, lang)}` }))}
              style={{ width: 160 }}
              data-testid="templates-market"
            />
            <Select<string>
              allowClear
              placeholder={t('mailTemplates.column.scope')}
              value={query.scope}
              onChange={(scope) => change({ scope: scope as TemplateListQuery['scope'], pageNum: 1 })}
              options={[
                { value: 'shared', label: t('mailTemplates.scope.shared') },
                { value: 'personal', label: t('mailTemplates.scope.personal') },
              ]}
              style={{ width: 110 }}
              data-testid="templates-scope"
            />
            {kind === 'faq' && (
              <Input.Search
                allowClear
                placeholder="ASIN"
                defaultValue={query.asin}
                maxLength={10}
                onSearch={(value) => change({ asin: value.trim().toUpperCase() || undefined, pageNum: 1 })}
                style={{ width: 160 }}
                data-testid="templates-asin"
              />
            )}
          </Space>
          <Can permission="userCenter:cs:configuration:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="template-create"
            >
              {t('mailTemplates.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <TemplatesTable
            rows={list.data?.list ?? []}
            total={total}
            loading={list.isFetching}
            query={query}
            filtered={filtered}
            onQueryChange={change}
            onEdit={(row) => setEditor({ mode: 'edit', row })}
          />
        </QueryStates>
      </Card>
      <TemplateDrawer kind={kind} editor={editor} onClose={() => setEditor(null)} />
    </div>
  );
}
