/**
 * /user-platform/dataSquare: the board of what the app reports (docs/app-data.md "Data square"). The
 * period (days, UTC) and the filters live in the URL through the kit's `useListQuery` on the
 * endpoint's schema, so a reload or a copied link opens the same view; every figure comes from the
 * rollups and the sources card says which. The CSV export streams the rollup rows of the same view.
 */
import { PLATFORMS } from '@bo/contract/appcontent/publishing';
import { dataSquare } from '@bo/contract/appdata/square';
import { Button, Card, Col, DatePicker, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { ExportButton } from '../../../shared/components/ExportButton';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useTexts } from '../../../shared/i18n/lang';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { exportSquare, useSquare } from '../appdata.queries';
import { SpecNote } from '../SpecNote';
import { actionLabel, DayCharts, Figures, ModelLabel, SplitTable, TopActions } from './SquareParts';
// The report screens' head and filter card (shared/components/PageHead says so).
import '../../sales/shared/sales.css';

export default function DataSquarePage() {
  const { t, lang } = useTexts();
  const { query: q, set, clear, filtered } = useListQuery(dataSquare.board.query);
  const board = useSquare(q);
  const s = board.data;
  const countries = [...new Set([...(s?.byCountry.map((c) => c.value) ?? []), ...(q.country ? [q.country] : [])])].filter(
    Boolean,
  );
  const versions = [...new Set([...(s?.byVersion.map((c) => c.value) ?? []), ...(q.appVersion ? [q.appVersion] : [])])];

  return (
    <Page
      testId="page-data-square"
      texts="appData.square"
      extra={<ExportButton label={t('appData.square.export')} fetchFile={(o) => exportSquare(q, o)} testId="square-export" />}
    >
      <SpecNote which="square" />
      <FilterCard>
        <DatePicker.RangePicker
          allowClear={false}
          value={s ? [dayjs(s.from), dayjs(s.to)] : null}
          disabledDate={(d) => d.isAfter(dayjs().add(1, 'day'))}
          onChange={(v) => set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })}
          presets={[
            { label: '7d', value: [dayjs().subtract(6, 'day'), dayjs()] },
            { label: '30d', value: [dayjs().subtract(29, 'day'), dayjs()] },
            { label: '90d', value: [dayjs().subtract(89, 'day'), dayjs()] },
            { label: '365d', value: [dayjs().subtract(364, 'day'), dayjs()] },
          ]}
          data-testid="square-period"
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 260 }}
          placeholder={t('appData.square.allActions')}
          value={q.actionId}
          onChange={(v) => set({ actionId: v ?? undefined })}
          options={(s?.choices.actions ?? []).map((a) => ({ value: a.id, label: actionLabel(a, lang) }))}
          data-testid="square-action"
        />
        <Select<string>
          allowClear
          showSearch
          style={{ width: 140 }}
          placeholder={t('appData.square.allCountries')}
          value={q.country}
          onChange={(v) => set({ country: v ?? undefined })}
          options={countries.map((c) => ({ value: c, label: c }))}
          data-testid="square-country"
        />
        <Select<string>
          allowClear
          style={{ width: 130 }}
          placeholder={t('appData.square.allPlatforms')}
          value={q.platform}
          onChange={(v) => set({ platform: (v as (typeof PLATFORMS)[number]) ?? undefined })}
          options={PLATFORMS.map((p) => ({ value: p, label: t(`appData.platform.${p}`) }))}
          data-testid="square-platform"
        />
        <Select<string>
          allowClear
          showSearch
          style={{ width: 130 }}
          placeholder={t('appData.square.version')}
          value={q.appVersion}
          onChange={(v) => set({ appVersion: v ?? undefined })}
          options={versions.map((v) => ({ value: v, label: v }))}
          data-testid="square-version"
        />
        <Select<string>
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          placeholder={t('appData.square.allModels')}
          value={q.model}
          onChange={(v) => set({ model: v ?? undefined })}
          options={(s?.choices.models ?? []).map((m) => ({ value: m.model, label: `${m.model} ${m.name}` }))}
          data-testid="square-model"
        />
        {filtered && (
          <Button onClick={clear} data-testid="square-clear">
            {t('kit.clearFilters')}
          </Button>
        )}
      </FilterCard>
      <QueryStates pending={board.isPending} error={board.error} onRetry={() => void board.refetch()} rows={10}>
        {s && (
          <>
            <Figures s={s} />
            <DayCharts s={s} />
            <TopActions s={s} />
            <Row gutter={16}>
              <Col xs={24} lg={12}>
                <SplitTable
                  title={t('appData.square.byCountry')}
                  rows={s.byCountry}
                  total={s.totals.events}
                  testId="by-country"
                />
              </Col>
              <Col xs={24} lg={12}>
                <SplitTable
                  title={t('appData.square.byPlatform')}
                  rows={s.byPlatform}
                  total={s.totals.events}
                  testId="by-platform"
                  label={(r) => (r.value === 'ios' || r.value === 'android' ? t(`appData.platform.${r.value}`) : r.value)}
                />
              </Col>
              <Col xs={24} lg={12}>
                <SplitTable
                  title={t('appData.square.byVersion')}
                  rows={s.byVersion}
                  total={s.totals.events}
                  testId="by-version"
                />
              </Col>
              <Col xs={24} lg={12}>
                <SplitTable
                  title={t('appData.square.byModel')}
                  rows={s.byModel}
                  total={s.totals.events}
                  testId="by-model"
                  label={(r) => <ModelLabel r={r} />}
                />
              </Col>
            </Row>
          </>
        )}
      </QueryStates>
      <Card size="small" style={{ marginTop: 16 }} title={t('appData.square.sources.title')} data-testid="square-sources">
        {(['events', 'devices', 'rejected', 'raw'] as const).map((k) => (
          <Typography.Paragraph key={k} type="secondary" style={{ marginBottom: 4 }}>
            {t(`appData.square.sources.${k}`)}
          </Typography.Paragraph>
        ))}
      </Card>
    </Page>
  );
}
