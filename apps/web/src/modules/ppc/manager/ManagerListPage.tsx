import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { ppcChanges } from '@bo/contract';
import { CAMPAIGN_TYPES, type CampaignType } from '@bo/contract/ppc/board';
import { MONEY_FIELDS, PLACEMENTS_OF_TYPE, stepPercent } from '@bo/contract/ppc/changes';
import type { ManagerList } from '@bo/contract/ppc/manager';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  InputNumber,
  Progress,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { FilterCard } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { download } from '../../../shared/http/http-client';
import { currentLang } from '../../../shared/i18n/lang';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import type { ColumnPriority } from '../../../shared/table/column-fit';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatMargin, formatMoney, NONE } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { useNotify } from '../../../shared/components/use-notify';
import { KeywordSearch } from '../components/KeywordSearch';
import { METRIC_KEYS, type MetricKey, metricCell, metricColumns } from '../components/metric-columns';
import { PpcShopSelect } from '../components/PpcShopSelect';
import { AdImportButton } from '../imports/AdImportButton';
import { readPpcGuard, savePpcPreferences } from '../ppc-preferences';
import { usePpcShop } from '../use-ppc-shop';
import { BulkEditModal } from './BulkEditModal';
import { stepText, useChangeFeedback } from './change-feedback';
import { GuardSettings } from './GuardSettings';
import { HistoryDrawer, type HistoryTarget } from './HistoryDrawer';
import { useApplyChanges, useManagerList } from './manager.queries';
import {
  defaultSort,
  type EditableRow,
  kindOf,
  LIST_ENTITY,
  label,
  MANAGER_URL,
  type ManagerPath,
  managerQuery,
  overGuard,
  PAGE_SIZES,
  parseManagerPath,
  readManagerView,
  valueProblem,
} from './manager-view';

type Row = Record<string, unknown> & { id: number; version: number; state: string; currency: string };
const LISTS: readonly ManagerList[] = ['campaigns', 'placements', 'adGroups', 'ads', 'keywords', 'targets'];
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A bid / budget / percent cell edited in place: Enter or leaving the field sends the change.
 * `check` names what is wrong with a value (shown on the cell, nothing is sent); `onSave`
 * resolves false when the user declined it (the cell goes back to the saved value).
 */
function InlineNumber({
  value,
  placeholder,
  suffix,
  disabled,
  testId,
  onSave,
  check,
  min,
  max,
}: {
  value: number | null;
  placeholder?: string;
  min?: number;
  max?: number;
  suffix: string;
  disabled: boolean;
  testId: string;
  check?: (v: number) => string | null;
  onSave: (v: number) => Promise<boolean | undefined>;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // One send per edit: Enter sends, and leaving the field while it is sent does not send again.
  const busy = useRef(false);
  useEffect(() => {
    setDraft(value);
    setProblem(null);
  }, [value]);
  const save = async () => {
    if (busy.current) return;
    if (draft === null || draft === value) {
      setDraft(value);
      setProblem(null);
      return;
    }
    const wrong = check?.(draft) ?? null;
    setProblem(wrong);
    if (wrong) return;
    busy.current = true;
    setSaving(true);
    try {
      if ((await onSave(draft)) === false) setDraft(value);
    } catch {
      setDraft(value);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  return (
    <div>
      <InputNumber
        size="small"
        style={{ width: 120 }}
        value={draft}
        placeholder={placeholder}
        disabled={disabled || saving}
        status={problem ? 'error' : undefined}
        addonAfter={suffix}
        min={min}
        max={max}
        onChange={(v) => {
          setDraft(typeof v === 'number' ? v : null);
          setProblem(null);
        }}
        // Enter leaves the field, and leaving sends: the confirmation a save may ask opens after the key is done.
        onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
        onBlur={() => void save()}
        data-testid={testId}
        aria-invalid={problem ? true : undefined}
      />
      {problem && (
        <Typography.Text
          type="danger"
          style={{ display: 'block', fontSize: 12, maxWidth: 220 }}
          data-testid={`${testId}-problem`}
        >
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * /ppcMgr/{sp,sb,sd}/{campaigns,placements,adGroups,ads,keywords,targets}[/{id}] and
 * /spBudgets: one shop's entities of a campaign type with their settings and period
 * figures; inline and bulk edits of bids, budgets and states through the change path;
 * history with undo; the bulk sheet of the shop's changes. Filters live in the URL, the
 * shop and type choices in the PPC preferences.
 */
export default function ManagerListPage() {
  const { t } = useTranslation();
  const _notify = useNotify();
  const { modal } = App.useApp();
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const path = parseManagerPath(location.pathname) as ManagerPath;
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(MANAGER_URL);
  const view = useMemo(() => readManagerView(url, path.list, today), [url, path.list, today]);
  const ppcShop = usePpcShop(view.shopId, (id) => setUrl({ shopId: id, pageNum: '1' }));
  const { shops, shop } = ppcShop;
  const query = managerQuery(view, path);
  // Sponsored Display has no placement bid adjustments: the screen says so instead of asking.
  const noPlacements = path.list === 'placements' && PLACEMENTS_OF_TYPE[path.type].placements.length === 0;
  const list = useManagerList(path.type, path.list, query, view.shopId !== null && !noPlacements);
  const apply = useApplyChanges();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [since, setSince] = useState<Dayjs | null>(dayjs().subtract(7, 'day'));
  useStepBackToLastPage(list.isSuccess, list.data?.total ?? 0, view, setUrl);
  const { entity, money } = LIST_ENTITY[path.list];
  const editable = can('ppc:manager:edit');

  // A shop is required: the one in the link, else the last used, else the first (use-ppc-shop.ts).
  useEffect(() => savePpcPreferences({ campaignType: path.type }), [path.type]);
  // A new filter or page leaves nothing selected.
  const pageKey = JSON.stringify(query);
  const [selectionKey, setSelectionKey] = useState(pageKey);
  if (selectionKey !== pageKey) {
    setSelectionKey(pageKey);
    setSelected([]);
  }

  const go = (type: CampaignType, l: ManagerList, id?: number) =>
    navigate({ pathname: `/ppcMgr/${type}/${l}${id ? `/${id}` : ''}`, search: shop ? `?shopId=${shop.shopId}` : '' });

  const feedback = useChangeFeedback();
  const fieldName = (f: string) => t(`ppc.mgr.fields.${f}` as never);
  const valueText = (f: string, v: unknown) =>
    v === null || v === undefined
      ? NONE
      : typeof v === 'number'
        ? f.startsWith('placement_')
          ? `${v} %`
          : formatMoney(v)
        : f === 'state'
          ? label(t, 'states', v)
          : f === 'bidding_strategy'
            ? label(t, 'strategies', v)
            : String(v);
  /**
   * One inline change: a bid or budget over the guardrails is confirmed first; after it a
   * toast says before → after with an Undo of its batch. Resolves false when declined.
   */
  const change = async (
    row: Row,
    field: string,
    value: number | string,
    entityType = entity,
    before: number | string | null = null,
  ): Promise<boolean> => {
    let confirmed = false;
    if ((MONEY_FIELDS as readonly string[]).includes(field) && typeof value === 'number') {
      const from = typeof before === 'number' ? before : null;
      const over = overGuard(from, value, kindOf(field), row.currency, readPpcGuard());
      if (over) {
        const line =
          `${fieldName(field)}: ${valueText(field, from)} → ${valueText(field, value)} ${row.currency}` +
          (over === 'max' ? ` (${t('ppc.mgr.overMaxBid')})` : ` (${stepText(stepPercent(from, value))})`);
        if (!(await feedback.confirm([line]))) return false;
        confirmed = true;
      }
    }
    try {
      const r = await apply.mutateAsync({
        changes: [{ entityType, entityId: row.id, field, value, version: row.version }],
        ...(confirmed ? { confirmed } : {}),
      });
      // A keyword without its own bid was at its ad group's default: that is the before a user saw.
      const c = r.applied[0];
      const from = c?.before ?? before;
      feedback.toast(
        c
          ? from === null
            ? t('ppc.mgr.savedValue', { field: fieldName(field), after: valueText(field, c.after) })
            : t('ppc.mgr.saved', {
                field: fieldName(field),
                before: valueText(field, from),
                after: valueText(field, c.after),
              })
          : '',
        r.batchId,
      );
      return true;
    } catch (err) {
      modal.error({
        title: isApiError(err) && err.status === 409 ? t('ppc.mgr.staleTitle') : t('ppc.mgr.refused'),
        content: errorText(err, currentLang()),
      });
      throw err;
    }
  };
  const moneyCheck = (field: string, currency: string) => (v: number) => {
    const p = valueProblem(v, currency, kindOf(field));
    return p ? t(`ppc.mgr.problem.${p.key}`, { ...p.values, field: fieldName(field) }) : null;
  };

  const rows = (list.data?.list ?? []) as Row[];
  const symbol = currencySymbol(list.data?.reportingCurrency ?? 'USD');
  const moneyText = (v: unknown) => (v === null || v === undefined ? NONE : `${symbol} ${formatMoney(Number(v))}`);
  const sortOrder = (key: string) => (view.sortField === key ? view.sortOrder : null);
  const col = (
    key: string,
    title: string,
    render: (r: Row) => React.ReactNode,
    extra: Partial<FitColumnType<Row>> & { width: number },
  ): FitColumnType<Row> => ({
    key,
    title,
    sorter: true,
    sortOrder: sortOrder(key),
    render: (_: unknown, r: Row) => render(r),
    ...extra,
  });
  const metrics = metricColumns<Row>(t, (r, k) => n(r[k]), symbol, sortOrder);
  const metric = (k: MetricKey, priority: ColumnPriority): FitColumnType<Row> => ({
    ...(metrics.find((c) => c.key === k) as FitColumnType<Row>),
    priority,
  });

  const stateCol = col(
    'state',
    t('ppc.mgr.state'),
    (r) =>
      r.state === 'archived' ? (
        <Tag>{t('ppc.mgr.states.archived')}</Tag>
      ) : (
        <Switch
          size="small"
          checked={r.state === 'enabled'}
          disabled={!editable}
          onChange={(on) => void change(r, 'state', on ? 'enabled' : 'paused').catch(() => {})}
          data-testid={`ppc-state-${r.id}`}
        />
      ),
    { width: 80, priority: 'key' },
  );
  const moneyCol = (key: string, field: string, title: string, priority: ColumnPriority, fallback?: (r: Row) => number | null) =>
    col(
      key,
      title,
      (r) => (
        <InlineNumber
          value={n(r[key])}
          placeholder={fallback ? `${formatMoney(fallback(r) ?? 0)}` : undefined}
          suffix={r.currency}
          disabled={!editable || r.state === 'archived'}
          testId={`ppc-${field}-${r.id}`}
          check={moneyCheck(field, r.currency)}
          onSave={(v) => change(r, field, v, entity, n(r[key]) ?? (fallback ? fallback(r) : null))}
        />
      ),
      { width: 170, priority },
    );
  const historyCol: FitColumnType<Row> = {
    key: 'history',
    title: '',
    label: t('ppc.mgr.history'),
    width: 50,
    priority: 'key',
    fixed: 'right',
    render: (_, r) => (
      <Button
        size="small"
        type="text"
        icon={<HistoryOutlined />}
        aria-label={t('ppc.mgr.history')}
        onClick={() =>
          setHistory({
            shopId: Number(r.shopId),
            campaignType: path.type,
            entityType: entity,
            entityId: path.list === 'placements' ? Number(r.campaignId) : r.id,
            title: String(r.name ?? r.campaignName ?? r.keywordText ?? r.expression ?? r.sku ?? r.id),
          })
        }
        data-testid={`ppc-history-${r.id}`}
      />
    ),
  };
  const campaignLink = (r: Row) => (
    <Link to={`/ppcMgr/${path.type}/adGroups/${String(r.campaignId)}?shopId=${String(r.shopId)}`}>{String(r.campaignName)}</Link>
  );
  const groupLink = (r: Row) => (
    <Link
      to={`/ppcMgr/${path.type}/${path.type === 'sd' ? 'targets' : 'keywords'}/${String(r.adGroupId)}?shopId=${String(r.shopId)}`}
    >
      {String(r.adGroupName)}
    </Link>
  );

  /** A keyword or a target: what it is and its kind, where it sits, its state, its own bid (the ad group's by default), the figures. */
  const biddable = (name: FitColumnType<Row>, kind: FitColumnType<Row>): FitColumnType<Row>[] => [
    name,
    kind,
    col('adGroupName', t('ppc.mgr.adGroup'), groupLink, { width: 180, priority: 'detail' }),
    col('campaignName', t('ppc.mgr.campaign'), campaignLink, { width: 180, priority: 'detail' }),
    stateCol,
    moneyCol('bid', 'bid', t('ppc.mgr.bid'), 'key', (r) => n(r.defaultBid)),
    ...metrics,
    historyCol,
  ];
  const columns: FitColumnType<Row>[] = (() => {
    switch (path.list) {
      case 'campaigns':
        if (path.budgets) {
          return [
            col('name', t('ppc.mgr.campaign'), (r) => String(r.name), { fixed: 'left', width: 220, priority: 'key' }),
            stateCol,
            moneyCol('dailyBudget', 'daily_budget', t('ppc.mgr.dailyBudget'), 'key'),
            col('days', t('ppc.mgr.days'), (r) => String(r.days), { sorter: false, align: 'right', width: 70 }),
            col(
              'avgSpend',
              t('ppc.mgr.avgDailySpend'),
              (r) => (Number(r.days) > 0 ? moneyText(Math.round((Number(r.spend) / Number(r.days)) * 100) / 100) : NONE),
              { sorter: false, align: 'right', width: 130 },
            ),
            col('dailyBudgetReporting', t('ppc.mgr.budgetReporting'), (r) => moneyText(r.dailyBudgetReporting), {
              sorter: false,
              align: 'right',
              width: 130,
              priority: 'detail',
            }),
            col(
              'budgetUtilization',
              t('ppc.mgr.utilization'),
              (r) =>
                r.budgetUtilization === null ? (
                  NONE
                ) : (
                  <Progress
                    percent={Math.round(Number(r.budgetUtilization) * 100)}
                    size="small"
                    status={Number(r.budgetUtilization) >= 0.95 ? 'exception' : 'normal'}
                  />
                ),
              { width: 170, priority: 'key' },
            ),
            metric('spend', 'key'),
            metric('sales', 'normal'),
            metric('acos', 'normal'),
            historyCol,
          ];
        }
        return [
          col(
            'name',
            t('ppc.mgr.campaign'),
            (r) => <Link to={`/ppcMgr/${path.type}/adGroups/${r.id}?shopId=${String(r.shopId)}`}>{String(r.name)}</Link>,
            { fixed: 'left', width: 220, priority: 'key' },
          ),
          stateCol,
          ...(path.type === 'sp'
            ? [
                col('targeting', t('ppc.mgr.targeting'), (r) => label(t, 'targetings', String(r.targeting)), {
                  sorter: false,
                  width: 90,
                  priority: 'detail',
                }),
              ]
            : []),
          moneyCol('dailyBudget', 'daily_budget', t('ppc.mgr.dailyBudget'), 'normal'),
          ...(path.type === 'sp'
            ? [
                col(
                  'biddingStrategy',
                  t('ppc.mgr.strategy'),
                  (r) => (
                    <Select
                      size="small"
                      style={{ width: 150 }}
                      value={String(r.biddingStrategy)}
                      disabled={!editable || r.state === 'archived'}
                      onChange={(v) => void change(r, 'bidding_strategy', v).catch(() => {})}
                      options={['legacy', 'down_only', 'up_and_down', 'fixed'].map((s) => ({
                        value: s,
                        label: label(t, 'strategies', s),
                      }))}
                    />
                  ),
                  { width: 170, priority: 'detail' },
                ),
              ]
            : []),
          col(
            'portfolioName',
            t('ppc.mgr.portfolio'),
            (r) =>
              r.portfolioId ? (
                <Link to={`/ppcMgr/${path.type}/campaigns/${String(r.portfolioId)}?shopId=${String(r.shopId)}`}>
                  {String(r.portfolioName)}
                </Link>
              ) : (
                NONE
              ),
            { sorter: false, width: 140, priority: 'detail' },
          ),
          col('startDate', t('ppc.mgr.startDate'), (r) => String(r.startDate ?? NONE), { width: 110, priority: 'detail' }),
          col('endDate', t('ppc.mgr.endDate'), (r) => String(r.endDate ?? NONE), { width: 110, priority: 'detail' }),
          col('budgetUtilization', t('ppc.mgr.utilization'), (r) => formatMargin(n(r.budgetUtilization)), {
            align: 'right',
            width: 100,
            priority: 'detail',
          }),
          ...metrics,
          historyCol,
        ];
      case 'placements':
        return [
          col('campaignName', t('ppc.mgr.campaign'), campaignLink, { fixed: 'left', width: 260, priority: 'key' }),
          col('placement', t('ppc.mgr.placement'), (r) => label(t, 'placements', String(r.placement)), {
            width: 160,
            priority: 'key',
          }),
          col(
            'bidAdjustmentPct',
            t('ppc.mgr.adjustment'),
            (r) => (
              <InlineNumber
                value={n(r.bidAdjustmentPct)}
                suffix="%"
                min={PLACEMENTS_OF_TYPE[path.type].min}
                max={PLACEMENTS_OF_TYPE[path.type].max}
                disabled={!editable || r.campaignState === 'archived'}
                testId={`ppc-placement-${String(r.campaignId)}-${String(r.placement)}`}
                onSave={(v) =>
                  change(
                    { ...r, id: Number(r.campaignId) },
                    `placement_${String(r.placement)}`,
                    v,
                    'campaign',
                    n(r.bidAdjustmentPct),
                  )
                }
              />
            ),
            { width: 170, priority: 'key' },
          ),
          col('campaignState', t('ppc.mgr.state'), (r) => label(t, 'states', String(r.campaignState)), {
            sorter: false,
            width: 90,
          }),
          col('biddingStrategy', t('ppc.mgr.strategy'), (r) => label(t, 'strategies', String(r.biddingStrategy)), {
            sorter: false,
            width: 160,
          }),
          historyCol,
        ];
      case 'adGroups':
        return [
          col('name', t('ppc.mgr.adGroup'), (r) => groupLink({ ...r, adGroupId: r.id, adGroupName: r.name }), {
            fixed: 'left',
            width: 220,
            priority: 'key',
          }),
          col('campaignName', t('ppc.mgr.campaign'), campaignLink, { width: 200, priority: 'detail' }),
          stateCol,
          moneyCol('defaultBid', 'default_bid', t('ppc.mgr.defaultBid'), 'key'),
          ...metrics,
          historyCol,
        ];
      case 'ads':
        return [
          col('sku', 'SKU', (r) => String(r.sku ?? NONE), { fixed: 'left', width: 150, priority: 'key' }),
          col('asin', 'ASIN', (r) => String(r.asin ?? NONE), { width: 120 }),
          col('adGroupName', t('ppc.mgr.adGroup'), groupLink, { width: 200, priority: 'detail' }),
          col('campaignName', t('ppc.mgr.campaign'), campaignLink, { width: 200, priority: 'detail' }),
          stateCol,
          ...metrics,
          historyCol,
        ];
      case 'keywords':
        return biddable(
          col('keywordText', t('ppc.mgr.keyword'), (r) => String(r.keywordText), { fixed: 'left', width: 200, priority: 'key' }),
          col('matchType', t('ppc.mgr.matchType'), (r) => label(t, 'matchTypes', String(r.matchType)), { width: 100 }),
        );
      case 'targets':
        return biddable(
          col('expression', t('ppc.mgr.target'), (r) => String(r.expression), { fixed: 'left', width: 200, priority: 'key' }),
          col('kind', t('ppc.mgr.kind'), (r) => label(t, 'kinds', String(r.kind)), { width: 100 }),
        );
    }
  })();
  const sortable = columns.filter((c) => c.sorter).map((c) => String(c.key));
  const selectable = path.list !== 'placements' && editable;
  const selectedRows: EditableRow[] = rows
    .filter((r) => selected.includes(r.id))
    .map((r) => ({
      id: r.id,
      version: r.version,
      state: r.state,
      currency: r.currency,
      name: String(r.name ?? r.keywordText ?? r.expression ?? r.sku ?? r.asin ?? r.id),
      money: money
        ? (n(r[money === 'daily_budget' ? 'dailyBudget' : money === 'default_bid' ? 'defaultBid' : 'bid']) ?? n(r.defaultBid))
        : null,
    }));
  const sum = list.data?.sum;
  const title = path.budgets ? t('ppc.mgr.budgetsTitle') : t(`ppc.mgr.lists.${path.list}`);

  return (
    <div className="bo-page" data-testid={`page-ppc-mgr-${path.budgets ? 'budgets' : path.list}`}>
      <div className="bo-sales-head">
        <div>
          <Typography.Title level={3}>
            {path.budgets ? title : `${path.type.toUpperCase()} · ${title}`}
            {path.parentId !== null && (
              <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
                {t(`ppc.mgr.of.${path.list}`, { id: path.parentId })} ·{' '}
                <Link to={`/ppcMgr/${path.type}/${path.list}${location.search}`}>{t('ppc.mgr.showAll')}</Link>
              </Typography.Text>
            )}
          </Typography.Title>
          <Typography.Text type="secondary">
            {path.budgets ? t('ppc.mgr.budgetsSubtitle') : t('ppc.mgr.subtitle')}
          </Typography.Text>
        </div>
        <Space wrap>
          <AdImportButton shopId={view.shopId} />
          <Button
            icon={<HistoryOutlined />}
            disabled={!shop}
            onClick={() => shop && setHistory({ shopId: shop.shopId, campaignType: path.type, title })}
          >
            {t('ppc.mgr.history')}
          </Button>
          <Can permission="ppc:manager:export">
            <Space.Compact>
              <DatePicker value={since} onChange={setSince} allowClear={false} disabledDate={(d) => d.isAfter(dayjs())} />
              <ExportButton
                label={t('ppc.mgr.bulkSheet')}
                testId="ppc-bulk-sheet"
                disabled={!shop}
                fetchFile={(options) =>
                  download(
                    ppcChanges.changesBulkSheet,
                    {
                      query: {
                        shopId: shop?.shopId ?? 0,
                        campaignType: path.type,
                        ...(since ? { startDate: since.format('YYYY-MM-DD') } : {}),
                      },
                    },
                    options,
                  )
                }
              />
            </Space.Compact>
          </Can>
          {!path.budgets && (
            <Can permission="ppc:manager:create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() =>
                  navigate({ pathname: `/ppcMgr/${path.type}/create`, search: shop ? `?shopId=${shop.shopId}` : '' })
                }
                data-testid="ppc-create"
              >
                {t('ppc.mgr.create', { type: path.type.toUpperCase() })}
              </Button>
            </Can>
          )}
        </Space>
      </div>

      <FilterCard>
        <PpcShopSelect of={ppcShop} placeholder={t('ppc.mgr.shop')} testId="ppc-mgr-shop" />
        {!path.budgets && (
          <Segmented
            value={path.type}
            onChange={(v) => go(v as CampaignType, path.list)}
            options={CAMPAIGN_TYPES.map((c) => ({ value: c, label: c.toUpperCase() }))}
            data-testid="ppc-mgr-type"
          />
        )}
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('ppc.mgr.allStates')}
          value={view.state ?? undefined}
          onChange={(v) => setUrl({ state: v ?? '', pageNum: '1' })}
          options={['enabled', 'paused', 'archived'].map((s) => ({ value: s, label: label(t, 'states', s) }))}
        />
        {path.list === 'keywords' && (
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('ppc.mgr.allMatchTypes')}
            value={view.matchType ?? undefined}
            onChange={(v) => setUrl({ matchType: v ?? '', pageNum: '1' })}
            options={['exact', 'phrase', 'broad'].map((s) => ({ value: s, label: label(t, 'matchTypes', s) }))}
          />
        )}
        {path.list !== 'placements' && (
          <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl({ ...p, pageNum: '1' })} />
        )}
        <KeywordSearch
          key={path.list}
          value={view.keyword}
          onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
          placeholder={t(`ppc.mgr.search.${path.list}`)}
          testId="ppc-mgr-search"
        />
      </FilterCard>

      {!path.budgets && (
        <Tabs
          activeKey={path.list}
          onChange={(k) => go(path.type, k as ManagerList)}
          items={LISTS.map((l) => ({
            key: l,
            label: t(`ppc.mgr.lists.${l}`),
          }))}
        />
      )}
      {shops.data && shops.data.length === 0 && <Alert type="info" showIcon message={t('ppc.board.noShops')} />}
      {path.list === 'placements' && !noPlacements && (
        <Typography.Text type="secondary" data-testid="ppc-placements-range">
          {t('ppc.mgr.placementRange', PLACEMENTS_OF_TYPE[path.type])}
        </Typography.Text>
      )}
      {noPlacements ? (
        <Alert
          type="info"
          showIcon
          message={t('ppc.mgr.placementsNotApplicable')}
          description={t('ppc.mgr.placementsNotApplicableHelp')}
          data-testid="ppc-placements-not-applicable"
        />
      ) : (
        <Card
          size="small"
          title={
            selectable && (
              <Space>
                <Button disabled={selected.length === 0} onClick={() => setBulkOpen(true)} data-testid="ppc-bulk-edit">
                  {t('ppc.mgr.bulkEdit', { count: selected.length })}
                </Button>
                <GuardSettings currency={rows[0]?.currency ?? shop?.currency ?? 'USD'} />
                {list.data?.startDate && (
                  <Typography.Text type="secondary">
                    {t('ppc.mgr.period', {
                      start: list.data.startDate,
                      end: list.data.endDate,
                      currency: list.data.reportingCurrency,
                    })}
                  </Typography.Text>
                )}
              </Space>
            )
          }
        >
          <QueryStates pending={list.isPending && view.shopId !== null} error={list.error} onRetry={() => void list.refetch()}>
            <FitTable<Row>
              tableId={`ppc.mgr.${path.budgets ? 'budgets' : `${path.type}.${path.list}`}`}
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={rows}
              loading={list.isFetching}
              rowSelection={
                selectable
                  ? {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(Number)),
                      preserveSelectedRowKeys: false,
                    }
                  : undefined
              }
              locale={{ emptyText: t('ppc.mgr.empty') }}
              pagination={listPagination(view, list.data?.total ?? 0, t, { sizes: PAGE_SIZES, totalKey: 'ppc.mgr.total' })}
              onChange={tableChangeHandler<Row, string>(sortable, defaultSort(path.list), view.pageSize, (patch) =>
                setUrl(toUrlPatch({ ...patch })),
              )}
              summary={(shown) =>
                sum && path.list !== 'placements' ? (
                  <Table.Summary fixed>
                    <Table.Summary.Row>
                      {[...(selectable ? [{ key: '__sel' }] : []), ...shown].map((c, i) => {
                        const k = String(c.key) as MetricKey;
                        const first = selectable ? 1 : 0;
                        const isMetric = (METRIC_KEYS as readonly string[]).includes(k);
                        const text = i === first ? t('ppc.mgr.totals') : isMetric ? metricCell(k, n(sum[k]), symbol) : '';
                        return (
                          <Table.Summary.Cell key={String(c.key)} index={i} align={isMetric && i > first ? 'right' : undefined}>
                            {text}
                          </Table.Summary.Cell>
                        );
                      })}
                    </Table.Summary.Row>
                  </Table.Summary>
                ) : null
              }
              data-testid="ppc-mgr-table"
            />
          </QueryStates>
        </Card>
      )}
      <BulkEditModal
        open={bulkOpen}
        rows={selectedRows}
        entity={entity}
        field={money}
        onClose={(done) => {
          setBulkOpen(false);
          if (done) setSelected([]);
        }}
      />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} />
    </div>
  );
}
