/**
 * /digitize/brandExposure: the brand exposure board. The period (months) and a project in the URL;
 * the period's cost, exposure, interactions and CPM from the KOL cooperation records; exposure per
 * month stacked by platform with the cost; each platform's figures beside what the projects report;
 * each brand exposure project's budget against its cost, with a link to the project. The screen
 * says where each figure comes from; only projects the caller may read are there (the server decides).
 */
import type * as exp from '@bo/contract/brand/exposure';
import { KOL_PLATFORMS, PLATFORM_LABEL } from '@bo/contract/brand/kols';
import { Alert, Card, Col, DatePicker, Row, Select, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { ExportButton } from '../../shared/components/ExportButton';
import { FilterCard, Page, PageHead } from '../../shared/components/PageHead';
import { EmptyState, QueryStates } from '../../shared/components/QueryStates';
import { FitTable } from '../../shared/table/FitTable';
import { CountCell, MoneyCell, PercentCell } from '../../shared/table/NumberCells';
import { type BoardQuery, exportExposure, useExposureBoard } from './brand.queries';
// The report screens' head and filter card (shared/components/PageHead says so).
import '../sales/shared/sales.css';

const COLORS: Record<(typeof KOL_PLATFORMS)[number], string> = {
  FB: '#1877f2',
  IG: '#d62976',
  TT: '#111111',
  YT: '#ff0000',
  X: '#657786',
  TWITCH: '#9146ff',
  BLOG: '#fa8c16',
  OTHER: '#bfbfbf',
};
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const money = (v: number | null) => (v === null ? '—' : `US$ ${v.toLocaleString(undefined, { maximumFractionDigits: 2 })}`);

type Board = exp.ExposureBoard;

function Figures({ b }: { b: Board }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('brand.exposure.cost')} value={money(b.totals.cost)} data-testid="exposure-cost" />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('brand.exposure.exposure')} value={b.totals.exposure} data-testid="exposure-total" />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('brand.exposure.interactions')} value={b.totals.interactions} />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('brand.exposure.cpm')} value={money(b.totals.cpm)} data-testid="exposure-cpm" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('brand.exposure.cooperations', { count: b.totals.cooperations, kols: b.totals.kols })}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}

function MonthChart({ b }: { b: Board }) {
  const { t } = useTranslation();
  const used = KOL_PLATFORMS.filter((p) => b.months.some((m) => (m.byPlatform[p]?.exposure ?? 0) > 0));
  return (
    <Card size="small" title={t('brand.exposure.chart')} style={{ marginTop: 16 }}>
      <LiteChart
        testId="exposure-chart"
        label={t('brand.exposure.chart')}
        height={220}
        legend
        categories={b.months.map((m) => m.month)}
        series={used.map((p) => ({
          type: 'bar' as const,
          name: PLATFORM_LABEL[p],
          color: COLORS[p],
          values: b.months.map((m) => m.byPlatform[p]?.exposure ?? 0),
        }))}
        tooltip={(i) => {
          const m = b.months[i];
          if (!m) return '';
          const parts = used.map((p) => `${PLATFORM_LABEL[p]} ${(m.byPlatform[p]?.exposure ?? 0).toLocaleString()}`);
          return `${m.month} · ${parts.join(' · ')} · ${t('brand.exposure.costSeries')} ${money(m.cost)}`;
        }}
        hasData={b.months.some((m) => m.exposure > 0)}
      />
    </Card>
  );
}

function PlatformTable({ b }: { b: Board }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('brand.exposure.platforms')} style={{ marginTop: 16 }}>
      <FitTable<Board['platforms'][number]>
        tableId="brand.exposure.platforms"
        rowKey="platform"
        size="small"
        pagination={false}
        dataSource={b.platforms}
        data-testid="exposure-platforms"
        locale={{ emptyText: <EmptyState text={t('brand.exposure.empty')} /> }}
        columns={[
          {
            key: 'platform',
            priority: 'key',
            width: 110,
            title: t('brand.exposure.column.platform'),
            render: (_, p) => PLATFORM_LABEL[p.platform],
          },
          {
            key: 'cost',
            priority: 'key',
            width: 110,
            align: 'right',
            title: t('brand.exposure.column.cost'),
            render: (_, p) => <MoneyCell value={p.cost} symbol="US$" />,
          },
          {
            key: 'exposure',
            priority: 'key',
            width: 110,
            align: 'right',
            title: t('brand.exposure.column.exposure'),
            render: (_, p) => <CountCell value={p.exposure} />,
          },
          {
            key: 'interactions',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.interactions'),
            render: (_, p) => <CountCell value={p.interactions} />,
          },
          {
            key: 'cpm',
            priority: 'key',
            width: 90,
            align: 'right',
            title: t('brand.exposure.column.cpm'),
            render: (_, p) => <MoneyCell value={p.cpm} symbol="US$" />,
          },
          {
            key: 'reported',
            priority: 'key',
            width: 130,
            align: 'right',
            title: t('brand.exposure.column.reported'),
            render: (_, p) => <CountCell value={p.reportedExposure} />,
          },
          {
            key: 'reportedInteractions',
            priority: 'normal',
            width: 130,
            align: 'right',
            title: t('brand.exposure.column.reportedInteractions'),
            render: (_, p) => <CountCell value={p.reportedInteractions} />,
          },
        ]}
      />
    </Card>
  );
}

function ProjectTable({ b }: { b: Board }) {
  const { t } = useTranslation();
  if (!b.readsProjects)
    return (
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        title={t('brand.exposure.noProjects')}
        data-testid="exposure-no-projects"
      />
    );
  return (
    <Card size="small" title={t('brand.exposure.projects')} style={{ marginTop: 16 }}>
      <FitTable<Board['projects'][number]>
        tableId="brand.exposure.projects"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={b.projects}
        data-testid="exposure-projects"
        columns={[
          {
            key: 'project',
            priority: 'key',
            width: 220,
            ellipsis: true,
            title: t('brand.exposure.column.project'),
            render: (_, p) => (
              <Link to={`/viewExposure?id=${p.id}`} data-testid={`exposure-project-${p.id}`}>
                {p.code} {p.name}
              </Link>
            ),
          },
          {
            key: 'status',
            priority: 'detail',
            width: 110,
            title: t('brand.exposure.column.status'),
            render: (_, p) => p.runStatus,
          },
          {
            key: 'budget',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.budget'),
            render: (_, p) => <MoneyCell value={p.budget} symbol="US$" />,
          },
          {
            key: 'kolBudget',
            priority: 'normal',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.kolBudget'),
            render: (_, p) => <MoneyCell value={p.kolBudget} symbol="US$" />,
          },
          {
            key: 'cost',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.cost'),
            render: (_, p) => <MoneyCell value={p.cost} symbol="US$" />,
          },
          {
            key: 'used',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.used'),
            render: (_, p) => <PercentCell value={p.budgetUsed} />,
          },
          {
            key: 'exposure',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('brand.exposure.column.exposure'),
            render: (_, p) => <CountCell value={p.exposure} />,
          },
          {
            key: 'reported',
            priority: 'normal',
            width: 120,
            align: 'right',
            title: t('brand.exposure.column.reported'),
            render: (_, p) => <CountCell value={p.reportedExposure} />,
          },
          {
            key: 'cpm',
            priority: 'normal',
            width: 90,
            align: 'right',
            title: t('brand.exposure.column.cpm'),
            render: (_, p) => <MoneyCell value={p.cpm} symbol="US$" />,
          },
          {
            key: 'roi',
            priority: 'normal',
            width: 70,
            align: 'right',
            title: t('brand.exposure.column.roi'),
            render: (_, p) => (p.roi === null ? '—' : p.roi),
          },
          {
            key: 'cooperations',
            priority: 'detail',
            width: 90,
            align: 'right',
            title: t('brand.exposure.column.cooperations'),
            render: (_, p) => p.cooperations,
          },
        ]}
      />
    </Card>
  );
}

export default function ExposurePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pick = (k: string) => (MONTH.test(params.get(k) ?? '') ? (params.get(k) as string) : undefined);
  const projectId = Number(params.get('projectId') ?? 0) || undefined;
  const q: BoardQuery = { from: pick('from'), to: pick('to'), projectId };
  const board = useExposureBoard(q);
  const b = board.data;
  const set = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(patch))
        if (v) p.set(k, v);
        else p.delete(k);
      return p;
    });

  return (
    <Page
      testId="page-brand-exposure"
      texts="brand.exposure"
      extra={<ExportButton label={t('brand.exposure.export')} fetchFile={(o) => exportExposure(q, o)} testId="exposure-export" />}
    >
      <FilterCard>
        <DatePicker.RangePicker
          picker="month"
          allowClear
          value={b ? [dayjs(`${b.from}-01`), dayjs(`${b.to}-01`)] : null}
          onChange={(v) => set({ from: v?.[0]?.format('YYYY-MM'), to: v?.[1]?.format('YYYY-MM') })}
          placeholder={[t('brand.exposure.from'), t('brand.exposure.to')]}
          data-testid="exposure-period"
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 280 }}
          placeholder={t('brand.exposure.allProjects')}
          value={projectId}
          onChange={(v) => set({ projectId: v ? String(v) : undefined })}
          options={(b?.choices ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
          data-testid="exposure-project"
        />
      </FilterCard>
      <QueryStates pending={board.isPending} error={board.error} onRetry={() => void board.refetch()} rows={10}>
        {b && (
          <>
            <Figures b={b} />
            <MonthChart b={b} />
            <PlatformTable b={b} />
            <ProjectTable b={b} />
          </>
        )}
      </QueryStates>
      <Card size="small" style={{ marginTop: 16 }} title={t('brand.exposure.sources.title')} data-testid="exposure-sources">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('brand.exposure.sources.records')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('brand.exposure.sources.metrics')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('brand.exposure.sources.scope')}
        </Typography.Paragraph>
      </Card>
    </Page>
  );
}
