/**
 * /gtmKpi: each GTM project's month against its goal (docs/projects.md "GTM goals and KPIs"):
 * the period (calendar month or month after launch), cards and the attainment chart over all the
 * projects the filters keep, then the projects on the kit's ListPage with their traffic light;
 * filters, sort and paging in the URL; the export behind `gtm:kpi:export`.
 */
import { projects as ep, stateLabel } from '@bo/contract';
import type { KpiRow } from '@bo/contract/projects/projects';
import { useQuery } from '@tanstack/react-query';
import { Badge, Space, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatAmount, formatCount, formatPercentValue } from '../../shared/format';
import { download } from '../../shared/http/http-client';
import { useLang, useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { permissionsQuery } from '../../shared/session/session-queries';
import { splitPermissions } from '../access/session/session.queries';
import { KpiOverview, KpiPeriod, LIGHT_COLORS } from './components/KpiOverview';
import { RunTag } from './components/project-tags';
import { gtmKeys, useKpiSummary } from './gtm-goals.queries';
import { PROJECT_KINDS } from './project-kinds';
import { useDepartments, usePeople } from './projects.queries';

const PROJECT_PAGE = 'digitize:projectborard';

/**
 * The owner filter's people: the projects' people list, read by holders of the project page; a
 * holder of only this page filters by owner without names to pick from (no refused call).
 */
const usePeopleOptions = () => {
  const mayReadPeople = useQuery({ ...permissionsQuery(), select: (d) => splitPermissions(d).pages.has(PROJECT_PAGE) });
  const q = usePeople(mayReadPeople.data === true);
  return { options: (q.data ?? []).map((p) => ({ value: p.id, label: p.name })), loading: q.isFetching };
};
const useDeptOptions = () => {
  const lang = useLang();
  const q = useDepartments();
  return {
    options: (q.data ?? []).map((d) => ({ value: d.id, label: (lang === 'en-US' && d.nameEn) || d.name })),
    loading: q.isPending,
  };
};

/** "actual / target" with the target in grey, or the actual alone without a target. */
const versus = (actual: string, target: string | null) => (
  <span>
    {actual}
    {target !== null && <Typography.Text type="secondary"> / {target}</Typography.Text>}
  </span>
);

export default function GtmKpiPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep.kpiList, gtmKeys.kpiList);
  const { pageNum: _p, pageSize: _s, ...filters } = list.query;
  const summary = useKpiSummary(filters);
  const view = PROJECT_KINDS.GTM_PROJECT.screens.view;

  const columns: KitColumn<KpiRow>[] = [
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 230,
      ellipsis: true,
      title: t('gtmGoals.kpi.column.project'),
      render: (_, r) => (
        <Space size={6}>
          {r.light ? (
            <Tooltip title={t(`gtmGoals.kpi.light.${r.light}`)}>
              <Badge color={LIGHT_COLORS[r.light]} data-testid={`kpi-light-${r.projectId}`} data-light={r.light} />
            </Tooltip>
          ) : (
            <Badge color="#d9d9d9" />
          )}
          <Link to={`${view}?id=${r.projectId}`}>
            {r.code} {r.name}
          </Link>
        </Space>
      ),
    },
    {
      key: 'owner',
      width: 120,
      priority: 'detail',
      ellipsis: true,
      title: t('gtmGoals.kpi.column.owner'),
      render: (_, r) => r.ownerName ?? '—',
    },
    {
      key: 'dept',
      width: 120,
      priority: 'detail',
      ellipsis: true,
      title: t('gtmGoals.kpi.column.dept'),
      render: (_, r) => r.deptName ?? '—',
    },
    { key: 'run', width: 100, title: t('gtmGoals.kpi.column.run'), render: (_, r) => <RunTag status={r.runStatus} /> },
    {
      key: 'launchDay',
      sortable: true,
      width: 130,
      title: t('gtmGoals.kpi.column.launchDay'),
      render: (_, r) =>
        r.launchDay === null ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{r.launchDay}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.daysSinceLaunch === null
                ? t('gtmGoals.kpi.notLaunched')
                : `${t('gtmGoals.kpi.column.days')} ${r.daysSinceLaunch}`}
            </Typography.Text>
          </Space>
        ),
    },
    {
      key: 'period',
      width: 170,
      priority: 'detail',
      title: t('gtmGoals.kpi.column.period'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>
            {r.month ?? '—'}
            {r.monthIndex !== null && r.monthIndex > 0 && (
              <Typography.Text type="secondary"> · {t('gtmGoals.kpi.monthN', { n: r.monthIndex })}</Typography.Text>
            )}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.from && r.to
              ? `${r.from.slice(5)} ~ ${r.to.slice(5)}`
              : r.daysSinceLaunch === null
                ? t('gtmGoals.kpi.notLaunched')
                : t('gtmGoals.kpi.noDays')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'units',
      sortable: true,
      width: 140,
      align: 'right',
      title: t('gtmGoals.kpi.column.units'),
      render: (_, r) => versus(formatCount(r.units), r.targetUnits === null ? null : formatCount(Math.round(r.targetUnits))),
    },
    {
      key: 'revenue',
      sortable: true,
      priority: 'key',
      width: 190,
      align: 'right',
      title: t('gtmGoals.kpi.column.revenue'),
      render: (_, r) => (
        <span data-testid={`kpi-revenue-${r.projectId}`}>
          {versus(formatAmount(r.revenue), r.targetRevenue === null ? null : formatAmount(r.targetRevenue))}
        </span>
      ),
    },
    {
      key: 'attainment',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('gtmGoals.kpi.column.attainment'),
      render: (_, r) =>
        r.attainment === null ? (
          '—'
        ) : (
          <Typography.Text
            strong
            style={{ color: r.light ? LIGHT_COLORS[r.light] : undefined }}
            data-testid={`kpi-attainment-${r.projectId}`}
          >
            {formatPercentValue(r.attainment)}
          </Typography.Text>
        ),
    },
    {
      key: 'goal',
      priority: 'key',
      width: 130,
      align: 'right',
      title: t('gtmGoals.kpi.column.goal'),
      render: (_, r) => (
        <span data-testid={`kpi-goal-${r.projectId}`}>{r.goalRevenue === null ? '—' : formatAmount(r.goalRevenue)}</span>
      ),
    },
    {
      key: 'adSpend',
      sortable: true,
      width: 160,
      align: 'right',
      title: t('gtmGoals.kpi.column.adSpend'),
      render: (_, r) => versus(formatAmount(r.adSpend), r.budgetToDate === null ? null : formatAmount(r.budgetToDate)),
    },
    {
      key: 'acos',
      sortable: true,
      width: 120,
      align: 'right',
      title: t('gtmGoals.kpi.column.acos'),
      render: (_, r) => {
        const over = r.acos !== null && r.acosTarget !== null && r.acos > r.acosTarget;
        return (
          <Typography.Text type={over ? 'danger' : undefined}>
            {r.acos === null ? '—' : formatPercentValue(r.acos)}
            {r.acosTarget !== null && <Typography.Text type="secondary"> / {formatPercentValue(r.acosTarget)}</Typography.Text>}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <ListPage
      testId="page-gtm-kpi"
      texts="gtmGoals.kpi"
      list={list}
      above={
        <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 4 }}>
          <KpiPeriod
            month={list.query.month}
            launchMonth={list.query.launchMonth}
            onChange={(v) => list.set({ month: v.month, launchMonth: v.launchMonth })}
          />
          <KpiOverview summary={summary} />
        </Space>
      }
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('gtmGoals.kpi.search'), maxLength: 100, testId: 'kpi-search' },
        {
          kind: 'query-select',
          key: 'ownerId',
          placeholder: t('gtmGoals.kpi.allOwners'),
          width: 150,
          useOptions: usePeopleOptions,
        },
        { kind: 'query-select', key: 'deptId', placeholder: t('gtmGoals.kpi.allDepts'), width: 150, useOptions: useDeptOptions },
        {
          kind: 'select',
          key: 'runStatus',
          placeholder: t('gtmGoals.kpi.allRuns'),
          width: 140,
          options: ep.RUN_STATUSES.map((v) => ({ value: v, label: stateLabel(ep.RUN_MACHINE, v, lang) })),
        },
        { kind: 'shop', key: 'shopId', placeholder: t('gtmGoals.kpi.allShops'), width: 180, testId: 'kpi-shop' },
      ]}
      toolbar={
        <Can permission="gtm:kpi:export">
          <ExportButton
            label={t('gtmGoals.kpi.export')}
            testId="kpi-export"
            fetchFile={(opts) => download(ep.kpiExport, { query: filters }, opts)}
          />
        </Can>
      }
      columns={columns}
      tableId="projects.gtmKpi"
      rowKey="projectId"
      tableTestId="kpi-table"
      emptyText={t('gtmGoals.kpi.empty')}
    />
  );
}
