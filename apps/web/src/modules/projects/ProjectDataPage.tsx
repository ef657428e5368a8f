/**
 * /gtmData and /newListingData (and their /teambition/ mirrors): the GTM (new-listing) projects'
 * data, one row per project and SKU, sales since the start day in the caller's shops against
 * the target; filters and sorting in the URL, the export behind `:export`, a row opens the
 * project's weekly chart (`?chart=<projectId>&chartSku=<sku>`).
 */
import { projects as ep, stateLabel } from '@bo/contract';
import type { DataType, ProjectDataRow } from '@bo/contract/projects/projects';
import { Button, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatAmount, formatCount, formatPercentValue } from '../../shared/format';
import { download } from '../../shared/http/http-client';
import { useLang, useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { ProjectDataChart } from './components/ProjectDataChart';
import { RunTag } from './components/project-tags';
import { PROJECT_KINDS } from './project-kinds';
import { projectKeys, useDepartments, usePeople } from './projects.queries';

const usePeopleOptions = () => {
  const q = usePeople();
  return { options: (q.data ?? []).map((p) => ({ value: p.id, label: p.name })), loading: q.isPending };
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

function ProjectDataPage({ type }: { type: DataType }) {
  const { t, lang } = useTexts();
  const list = useKitList(ep.dataList, [...projectKeys.all, 'data', 'list'], { type });
  const [params, setParams] = useSearchParams();
  const chartId = Number(params.get('chart'));
  const chart = Number.isInteger(chartId) && chartId > 0 ? chartId : null;
  const open = (r: ProjectDataRow) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('chart', String(r.projectId));
      next.set('chartSku', r.sku);
      return next;
    });
  const close = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('chart');
      next.delete('chartSku');
      return next;
    });
  const { pageNum: _p, pageSize: _s, ...exportQuery } = list.query;
  const view = PROJECT_KINDS[type].screens.view;

  const columns: KitColumn<ProjectDataRow>[] = [
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 240,
      ellipsis: true,
      title: t('projectData.column.project'),
      render: (_, r) => (
        <Link to={`${view}?id=${r.projectId}`} onClick={(e) => e.stopPropagation()}>
          {r.code} {r.name}
        </Link>
      ),
    },
    { key: 'sku', width: 110, priority: 'key', title: t('projectData.column.sku'), render: (_, r) => r.sku },
    {
      key: 'owner',
      width: 120,
      priority: 'detail',
      ellipsis: true,
      title: t('projectData.column.owner'),
      render: (_, r) => r.ownerName ?? '—',
    },
    {
      key: 'dept',
      width: 120,
      priority: 'detail',
      ellipsis: true,
      title: t('projectData.column.dept'),
      render: (_, r) => r.deptName ?? '—',
    },
    { key: 'run', width: 100, title: t('projectData.column.run'), render: (_, r) => <RunTag status={r.runStatus} /> },
    {
      key: 'startDay',
      sortable: true,
      width: 110,
      title: t('projectData.column.startDay'),
      render: (_, r) => r.startDay ?? '—',
    },
    {
      key: 'period',
      width: 190,
      priority: 'detail',
      title: t('projectData.column.period'),
      render: (_, r) => (r.from && r.to ? `${r.from} ~ ${r.to}` : t('projectData.notStarted')),
    },
    {
      key: 'units',
      sortable: true,
      width: 140,
      align: 'right',
      title: t('projectData.column.units'),
      render: (_, r) => versus(formatCount(r.units), r.targetUnits === null ? null : formatCount(Math.round(r.targetUnits))),
    },
    {
      key: 'revenue',
      sortable: true,
      priority: 'key',
      width: 180,
      align: 'right',
      title: t('projectData.column.revenue'),
      render: (_, r) => versus(formatAmount(r.revenue), r.targetRevenue === null ? null : formatAmount(r.targetRevenue)),
    },
    {
      key: 'attainment',
      sortable: true,
      priority: 'key',
      width: 120,
      align: 'right',
      title: t('projectData.column.attainment'),
      render: (_, r) =>
        r.attainment === null ? (
          '—'
        ) : (
          <Typography.Text type={r.attainment >= 100 ? 'success' : r.attainment < 80 ? 'danger' : undefined}>
            {formatPercentValue(r.attainment)}
          </Typography.Text>
        ),
    },
    {
      key: 'adSpend',
      sortable: true,
      width: 110,
      align: 'right',
      title: t('projectData.column.adSpend'),
      render: (_, r) => formatAmount(r.adSpend),
    },
    {
      key: 'acos',
      sortable: true,
      width: 90,
      align: 'right',
      title: t('projectData.column.acos'),
      render: (_, r) => (r.acos === null ? '—' : formatPercentValue(r.acos)),
    },
    {
      key: 'chart',
      width: 80,
      title: t('projectData.column.chart'),
      render: (_, r) => (
        <Button
          size="small"
          type="link"
          onClick={(e) => {
            e.stopPropagation();
            open(r);
          }}
          data-testid={`project-data-chart-${r.projectId}-${r.sku}`}
        >
          {t('projectData.column.chart')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage
        testId={type === 'GTM_PROJECT' ? 'page-gtm-data' : 'page-new-listing-data'}
        title={t(`projectData.title.${type}`)}
        subtitle={t('projectData.subtitle')}
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('projectData.search'), maxLength: 100, testId: 'project-data-search' },
          {
            kind: 'query-select',
            key: 'ownerId',
            placeholder: t('projectData.allOwners'),
            width: 150,
            useOptions: usePeopleOptions,
          },
          { kind: 'query-select', key: 'deptId', placeholder: t('projectData.allDepts'), width: 150, useOptions: useDeptOptions },
          {
            kind: 'select',
            key: 'runStatus',
            placeholder: t('projectData.allRuns'),
            width: 140,
            options: ep.RUN_STATUSES.map((v) => ({ value: v, label: stateLabel(ep.RUN_MACHINE, v, lang) })),
          },
          { kind: 'date-range', key: 'from', to: 'to', testId: 'project-data-period' },
        ]}
        toolbar={
          <Can permission="digitize:projectborard:export">
            <ExportButton
              label={t('projectData.export')}
              testId="project-data-export"
              fetchFile={(opts) => download(ep.dataListExport, { query: exportQuery }, opts)}
            />
          </Can>
        }
        columns={columns}
        tableId={type === 'GTM_PROJECT' ? 'projects.gtmData' : 'projects.newListingData'}
        rowKey={(r) => `${r.projectId}:${r.sku}`}
        tableTestId="project-data-table"
        emptyText={t('projectData.empty')}
        tableProps={{ onRow: (r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } }) }}
      />
      <ProjectDataChart projectId={chart} sku={params.get('chartSku')} onClose={close} viewPath={view} />
    </>
  );
}

export const GtmDataPage = () => <ProjectDataPage type="GTM_PROJECT" />;
export const NewListingDataPage = () => <ProjectDataPage type="NEW_PRODUCTS_PROJECT" />;
