import { ppcDiagnosis } from '@bo/contract';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import { HARVEST_MATCH_TYPES, type HarvestItem, NEGATIVE_MATCH_TYPES, type SearchTermRow } from '@bo/contract/ppc/diagnosis';
import { Alert, Button, Card, Checkbox, Flex, Form, InputNumber, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Can, useCan } from '../../../shared/Can';
import { FilterCard, FilterNumber, Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { KeywordSearch } from '../components/KeywordSearch';
import { LastBatchAlert } from '../components/LastBatchAlert';
import { metricColumn } from '../components/metric-columns';
import { PpcCsvExport } from '../components/PpcCsvExport';
import { PpcShopSelect } from '../components/PpcShopSelect';
import { usePpcShop } from '../use-ppc-shop';
import { PAGE_SIZES, readTermsView, TERMS_URL, type TermSortField, termsQuery } from './diag-view';
import { useHarvest, useHarvestAdGroups, useSearchTerms, useUndoBatch } from './diagnosis.queries';

const rowKey = (r: SearchTermRow) => `${r.adGroupId}|${r.searchTerm}`;

interface KeywordForm {
  adGroupId: number | 'own';
  matchType: (typeof HARVEST_MATCH_TYPES)[number];
  bid: number;
}
interface NegativeForm {
  level: 'campaign' | 'ad_group';
  matchType: (typeof NEGATIVE_MATCH_TYPES)[number];
}

/**
 * /searchTerm: the search terms of one shop over a period with their figures, filtered
 * (has orders, ACoS range, clicks, not yet a keyword), and harvested — one or several at
 * once — as keywords (ad group, match type, bid) or negatives (campaign or ad group level)
 * through the change path (source harvest, one batch, undone from here).
 */
export default function SearchTermPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(TERMS_URL);
  const view = useMemo(() => readTermsView(url, today), [url, today]);
  const ppcShop = usePpcShop(view.shopId, (id) => setUrl({ shopId: id, pageNum: '1' }));
  const { shops, shop } = ppcShop;
  const list = useSearchTerms(view.shopId ? termsQuery({ ...view, shopId: view.shopId }) : null);
  const groups = useHarvestAdGroups(view.shopId);
  const harvest = useHarvest();
  const undo = useUndoBatch();
  const [selected, setSelected] = useState<SearchTermRow[]>([]);
  const [mode, setMode] = useState<'keyword' | 'negative' | null>(null);
  const [targets, setTargets] = useState<SearchTermRow[]>([]);
  const [lastBatch, setLastBatch] = useState<number | null>(null);
  const [keywordForm] = Form.useForm<KeywordForm>();
  const [negativeForm] = Form.useForm<NegativeForm>();
  const [keywordInit, setKeywordInit] = useState<KeywordForm | null>(null);
  const currency = list.data?.currency ?? shop?.currency ?? 'USD';
  const limits = adLimitsOf(currency);
  const symbol = currencySymbol(currency);
  const canCreate = can('ppc:manager:create');
  useStepBackToLastPage(list.isSuccess, list.data?.total ?? 0, view, setUrl);
  const groupIds = new Set((groups.data ?? []).map((g) => g.adGroupId));

  const open = (m: 'keyword' | 'negative', rows: SearchTermRow[]) => {
    setTargets(rows);
    setMode(m);
    if (m === 'keyword') {
      const own = rows.every((r) => groupIds.has(r.adGroupId));
      // The keyword starts at the term's CPC (the market's smallest bid at least), in its own ad group when that can take one.
      setKeywordInit({
        adGroupId: own ? 'own' : (groups.data?.[0]?.adGroupId ?? 'own'),
        matchType: 'exact',
        bid: Math.max(limits.minBid, Math.round(((rows[0]?.cpc ?? 0.5) || 0.5) * 100) / 100),
      });
    }
  };

  const submit = async () => {
    let items: HarvestItem[];
    if (mode === 'keyword') {
      const v = await keywordForm.validateFields();
      items = targets.map((r) => ({
        as: 'keyword',
        searchTerm: r.searchTerm,
        adGroupId: v.adGroupId === 'own' ? r.adGroupId : v.adGroupId,
        matchType: v.matchType,
        bid: v.bid,
      }));
    } else {
      const v = await negativeForm.validateFields();
      // One negative per campaign (or ad group) and term.
      const seen = new Set<string>();
      items = [];
      for (const r of targets) {
        const k = v.level === 'campaign' ? `${r.campaignId}|${r.searchTerm}` : `${r.adGroupId}|${r.searchTerm}`;
        if (seen.has(k)) continue;
        seen.add(k);
        items.push(
          v.level === 'campaign'
            ? { as: 'negative', searchTerm: r.searchTerm, level: 'campaign', campaignId: r.campaignId, matchType: v.matchType }
            : { as: 'negative', searchTerm: r.searchTerm, level: 'ad_group', adGroupId: r.adGroupId, matchType: v.matchType },
        );
      }
    }
    try {
      const r = await harvest.mutateAsync({ items });
      setLastBatch(r.batchId);
      setMode(null);
      setSelected([]);
      notify.success(t('ppc.terms.harvested', { count: r.applied.length }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const undoLast = async () => {
    if (lastBatch === null) return;
    try {
      await undo.mutateAsync(lastBatch);
      setLastBatch(null);
      notify.success(t('ppc.diag.undone'));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const sortOrder = (key: TermSortField) => (view.sortField === key ? view.sortOrder : null);
  // Spend, sales, orders and ACoS always show (docs/decisions.md); the rest fold away when narrow.
  const metric = (
    key: Exclude<TermSortField, 'searchTerm'>,
    width: number,
    priority: ColumnPriority,
  ): FitColumnType<SearchTermRow> =>
    metricColumn<SearchTermRow>(t, key, (r) => r[key], symbol, { width, priority, sorter: true, sortOrder: sortOrder(key) });
  const columns: FitColumnType<SearchTermRow>[] = [
    {
      key: 'searchTerm',
      title: t('ppc.diag.searchTerm'),
      fixed: 'left',
      width: 220,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('searchTerm'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.searchTerm}</span>
          {r.keywordMatchTypes.map((m) => (
            <Tag key={m} color="blue">
              {t('ppc.terms.isKeyword', { match: m })}
            </Tag>
          ))}
          {r.negativeMatchTypes.map((m) => (
            <Tag key={m} color="red">
              {m}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'where',
      title: t('ppc.diag.where'),
      width: 240,
      priority: 'detail',
      ellipsis: true,
      render: (_, r) => `${r.campaignName} › ${r.adGroupName}`,
    },
    { key: 'targeting', title: t('ppc.terms.targeting'), width: 160, priority: 'detail', render: (_, r) => r.targeting },
    metric('impressions', 110, 'normal'),
    metric('clicks', 80, 'normal'),
    metric('spend', 110, 'key'),
    metric('orders', 80, 'key'),
    metric('sales', 110, 'key'),
    metric('acos', 80, 'key'),
    metric('cpc', 90, 'detail'),
    metric('cvr', 80, 'normal'),
    {
      key: 'actions',
      title: '',
      label: t('common.actions'),
      fixed: 'right',
      width: lang === 'zh-CN' ? 180 : 230,
      priority: 'key',
      render: (_, r) => (
        <Can permission="ppc:manager:create">
          <ActionLinks
            actions={[
              {
                testId: `ppc-term-keyword-${rowKey(r)}`,
                label: t('ppc.terms.asKeyword'),
                onClick: () => open('keyword', [r]),
              },
              {
                testId: `ppc-term-negative-${rowKey(r)}`,
                label: t('ppc.terms.asNegative'),
                danger: true,
                onClick: () => open('negative', [r]),
              },
            ]}
          />
        </Can>
      ),
    },
  ];

  return (
    <Page
      testId="page-search-terms"
      texts="ppc.terms"
      extra={
        <PpcCsvExport
          permission="ppc:manager:export"
          label={t('ppc.terms.export')}
          testId="ppc-terms-export"
          empty={!list.data || list.data.total === 0 || view.shopId === null}
          fetchFile={(options) => {
            const { pageNum: _p, pageSize: _s, ...query } = termsQuery({ ...view, shopId: view.shopId ?? 0 });
            return download(ppcDiagnosis.searchTermsCsv, { query }, options);
          }}
        />
      }
    >
      <FilterCard>
        <PpcShopSelect of={ppcShop} onChosen={() => setSelected([])} testId="ppc-terms-shop" />
        <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl({ ...p, pageNum: '1' })} />
        <KeywordSearch
          value={view.keyword}
          onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
          placeholder={t('ppc.terms.search')}
          testId="ppc-terms-search"
          width={200}
        />
        <Select
          style={{ width: 140 }}
          value={view.hasOrders === null ? '' : String(view.hasOrders)}
          onChange={(v: string) => setUrl({ hasOrders: v, pageNum: '1' })}
          options={[
            { value: '', label: t('ppc.terms.anyOrders') },
            { value: 'true', label: t('ppc.terms.withOrders') },
            { value: 'false', label: t('ppc.terms.noOrders') },
          ]}
          data-testid="ppc-terms-orders"
        />
        <FilterNumber
          label={t('ppc.terms.minClicks')}
          min={0}
          precision={0}
          value={view.minClicks}
          onChange={(v) => setUrl({ minClicks: v === null ? '' : String(v), pageNum: '1' })}
          style={{ width: 80 }}
          data-testid="ppc-terms-min-clicks"
        />
        <Space size={4}>
          <Typography.Text type="secondary">{t('ppc.terms.acosRange')}</Typography.Text>
          <InputNumber
            min={0}
            value={view.acosMin}
            onChange={(v) => setUrl({ acosMin: v === null ? '' : String(v), pageNum: '1' })}
            style={{ width: 80 }}
            data-testid="ppc-terms-acos-min"
          />
          <span>–</span>
          <InputNumber
            min={0}
            value={view.acosMax}
            onChange={(v) => setUrl({ acosMax: v === null ? '' : String(v), pageNum: '1' })}
            style={{ width: 80 }}
            data-testid="ppc-terms-acos-max"
          />
        </Space>
        <Checkbox
          checked={view.notKeyword}
          onChange={(e) => setUrl({ notKeyword: e.target.checked ? 'true' : '', pageNum: '1' })}
          data-testid="ppc-terms-not-keyword"
        >
          {t('ppc.terms.notKeyword')}
        </Checkbox>
      </FilterCard>

      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {shops.data && shops.data.length === 0 && <Alert type="info" showIcon message={t('ppc.board.noShops')} />}
        {lastBatch !== null && (
          <LastBatchAlert
            message={t('ppc.terms.lastBatch', { id: lastBatch })}
            undoing={undo.isPending}
            onUndo={() => void undoLast()}
            onClose={() => setLastBatch(null)}
            testId="ppc-terms-undo-last"
          />
        )}
        <Card size="small">
          {canCreate && (
            <Flex gap={8} style={{ marginBottom: 8 }}>
              <Button
                type="primary"
                disabled={!selected.length}
                onClick={() => open('keyword', selected)}
                data-testid="ppc-terms-bulk-keyword"
              >
                {t('ppc.terms.bulkKeyword', { count: selected.length })}
              </Button>
              <Button
                danger
                disabled={!selected.length}
                onClick={() => open('negative', selected)}
                data-testid="ppc-terms-bulk-negative"
              >
                {t('ppc.terms.bulkNegative', { count: selected.length })}
              </Button>
            </Flex>
          )}
          <QueryStates pending={list.isPending && view.shopId !== null} error={list.error} onRetry={() => void list.refetch()}>
            <FitTable<SearchTermRow>
              tableId="ppc.searchTerms"
              rowKey={rowKey}
              size="small"
              columns={columns}
              dataSource={list.data?.list ?? []}
              loading={list.isFetching}
              rowSelection={
                canCreate
                  ? {
                      selectedRowKeys: selected.map(rowKey),
                      onChange: (_, rows) => setSelected(rows),
                      preserveSelectedRowKeys: true,
                    }
                  : undefined
              }
              locale={{ emptyText: t('ppc.terms.empty') }}
              pagination={listPagination(view, list.data?.total ?? 0, t, { sizes: PAGE_SIZES })}
              onChange={tableChangeHandler<SearchTermRow, TermSortField>(
                ['searchTerm', 'impressions', 'clicks', 'spend', 'orders', 'sales', 'acos', 'cpc', 'cvr'],
                'spend',
                view.pageSize,
                (patch) => setUrl(toUrlPatch({ ...patch })),
              )}
              data-testid="ppc-terms-table"
            />
          </QueryStates>
        </Card>
      </Space>

      <Modal
        open={mode === 'keyword'}
        title={t('ppc.terms.keywordTitle', { count: targets.length })}
        onCancel={() => setMode(null)}
        onOk={() => void submit()}
        confirmLoading={harvest.isPending}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'ppc-terms-keyword-ok' }}
      >
        <Typography.Paragraph type="secondary">{targets.map((r) => r.searchTerm).join(', ')}</Typography.Paragraph>
        <Form form={keywordForm} layout="vertical" preserve={false} initialValues={keywordInit ?? undefined}>
          <Form.Item name="adGroupId" label={t('ppc.terms.adGroup')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="ppc-terms-ad-group"
              options={[
                ...(targets.every((r) => groupIds.has(r.adGroupId)) ? [{ value: 'own', label: t('ppc.terms.ownAdGroup') }] : []),
                ...(groups.data ?? []).map((g) => ({ value: g.adGroupId, label: `${g.campaignName} › ${g.adGroupName}` })),
              ]}
            />
          </Form.Item>
          <Form.Item name="matchType" label={t('ppc.terms.matchType')} rules={[{ required: true }]}>
            <Radio.Group options={HARVEST_MATCH_TYPES.map((m) => ({ value: m, label: t(`ppc.terms.match.${m}`) }))} />
          </Form.Item>
          <Form.Item
            name="bid"
            label={t('ppc.terms.bid', { currency })}
            rules={[{ required: true }, { type: 'number', min: limits.minBid, max: limits.maxBid }]}
          >
            <InputNumber
              min={limits.minBid}
              max={limits.maxBid}
              step={0.05}
              precision={2}
              style={{ width: 160 }}
              data-testid="ppc-terms-bid"
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={mode === 'negative'}
        title={t('ppc.terms.negativeTitle', { count: targets.length })}
        onCancel={() => setMode(null)}
        onOk={() => void submit()}
        confirmLoading={harvest.isPending}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'ppc-terms-negative-ok' }}
      >
        <Typography.Paragraph type="secondary">{targets.map((r) => r.searchTerm).join(', ')}</Typography.Paragraph>
        <Form
          form={negativeForm}
          layout="vertical"
          preserve={false}
          initialValues={{ level: 'ad_group', matchType: 'negative_exact' }}
        >
          <Form.Item name="level" label={t('ppc.terms.level')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'ad_group', label: t('ppc.terms.levelAdGroup') },
                { value: 'campaign', label: t('ppc.terms.levelCampaign') },
              ]}
            />
          </Form.Item>
          <Form.Item name="matchType" label={t('ppc.terms.matchType')} rules={[{ required: true }]}>
            <Radio.Group options={NEGATIVE_MATCH_TYPES.map((m) => ({ value: m, label: t(`ppc.terms.match.${m}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Page>
  );
}
