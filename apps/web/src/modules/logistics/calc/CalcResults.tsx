import type { CalcReply, Quote } from '@bo/contract/logistics/calc';
import { Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { EmptyState } from '../../../shared/components/QueryStates';
import { formatFloat2 } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { ModeTag } from '../carriers/mode-tags';

const usd = (v: number | null) => (v === null ? '—' : formatFloat2(v));

/** The calculator's answer: the unit and shipment, chargeable weight per mode, FBA tier, the quotes and their chart. */
export function CalcResults({ data }: { data: CalcReply }) {
  const { t, lang } = useTexts();
  const { unit, shipment, fba } = data;

  const columns: FitColumnType<Quote>[] = [
    {
      key: 'carrier',
      priority: 'key',
      width: 180,
      title: t('logistics.calc.column.carrier'),
      render: (_, q) => (
        <>
          <Typography.Text strong>{q.carrierCode}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.carrierName}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'mode',
      priority: 'key',
      width: 90,
      title: t('logistics.calc.column.mode'),
      render: (_, q) => <ModeTag mode={q.mode} />,
    },
    {
      key: 'transitDays',
      priority: 'key',
      width: 80,
      align: 'right',
      title: t('logistics.calc.column.transitDays'),
      render: (_, q) => t('logistics.calc.days', { days: q.transitDays }),
    },
    {
      key: 'basis',
      priority: 'detail',
      width: 150,
      title: t('logistics.calc.column.basis'),
      render: (_, q) => (
        <span>
          {t(`logistics.calc.basis.${q.basis}`)}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
            {q.basis === 'cbm' ? `${q.chargeableCbm} CBM` : `${q.chargeableKg} kg`}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'freight',
      priority: 'detail',
      width: 100,
      align: 'right',
      title: t('logistics.calc.column.freight'),
      render: (_, q) => usd(q.freight),
    },
    {
      key: 'fuel',
      priority: 'detail',
      width: 80,
      align: 'right',
      title: t('logistics.calc.column.fuel'),
      render: (_, q) => usd(q.fuel),
    },
    {
      key: 'total',
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.calc.column.total'),
      render: (_, q) => (
        <Typography.Text strong data-testid={`quote-total-${q.cardId}`}>
          {usd(q.total)}
        </Typography.Text>
      ),
    },
    {
      key: 'perUnit',
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.calc.column.perUnit'),
      render: (_, q) => q.perUnit.toFixed(4),
    },
    {
      key: 'landed',
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.calc.column.landed'),
      render: (_, q) => usd(q.landedPerUnit),
    },
  ];

  const names = data.quotes.map((q) => `${q.carrierCode} · ${t(`logistics.mode.${q.mode}`)}`);
  const series = [
    {
      type: 'bar' as const,
      name: t('logistics.calc.column.perUnit'),
      color: CHART_COLORS.revenue,
      values: data.quotes.map((q) => q.perUnit),
    },
    ...(fba?.feeUsd != null
      ? [
          {
            type: 'bar' as const,
            name: fba.label[lang === 'zh-CN' ? 'zh' : 'en'],
            color: CHART_COLORS.profit,
            values: data.quotes.map(() => fba.feeUsd as number),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={12}>
          <Card size="small" title={t('logistics.calc.chargeableTitle')} data-testid="calc-shipment">
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('logistics.calc.unit', { sides: unit.sidesCm.join(' × '), weight: unit.weightKg })}
              {unit.model && <Tag style={{ marginLeft: 8 }}>{unit.model}</Tag>}
            </Typography.Paragraph>
            <Typography.Paragraph>
              {t('logistics.calc.shipment', {
                units: shipment.units,
                cartons: shipment.cartons === null ? '' : t('logistics.calc.cartons', { count: shipment.cartons }),
                kg: shipment.actualKg,
                cbm: shipment.cbm,
              })}
            </Typography.Paragraph>
            <Descriptions size="small" column={1}>
              {data.chargeable.map((c) => (
                <Descriptions.Item key={c.mode} label={<ModeTag mode={c.mode} />}>
                  <span data-testid={`chargeable-${c.mode}`}>
                    {t('logistics.calc.divisor', { divisor: c.divisor })} ·{' '}
                    {t('logistics.calc.volumetric', { kg: c.volumetricKg })} ·{' '}
                    <b>{t('logistics.calc.chargeable', { kg: c.chargeableKg, cbm: c.chargeableCbm })}</b>
                  </span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('logistics.calc.fbaTitle')} data-testid="calc-fba">
            {fba === null ? (
              <Typography.Text type="secondary">{t('logistics.calc.fbaNone')}</Typography.Text>
            ) : (
              <>
                <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="calc-fba-tier">
                  {fba.label[lang === 'zh-CN' ? 'zh' : 'en']}
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  {fba.fee === null
                    ? t('logistics.calc.fbaBeyond')
                    : t('logistics.calc.fbaFee', { fee: formatFloat2(fba.fee), currency: fba.currency })}
                  {fba.feeUsd !== null &&
                    fba.currency !== 'USD' &&
                    ` (${t('logistics.calc.fbaFeeUsd', { fee: formatFloat2(fba.feeUsd) })})`}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('logistics.calc.shippingWeight', { weight: fba.shippingWeight, unit: fba.weightUnit })} · {fba.source}
                </Typography.Text>
              </>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('logistics.calc.quotesTitle')}>
        {data.quotes.length === 0 ? (
          <EmptyState text={t('logistics.calc.noQuotes')} testId="calc-no-quotes" />
        ) : (
          <>
            <FitTable<Quote>
              tableId="logistics.calc.quotes"
              columns={columns}
              dataSource={data.quotes}
              rowKey="cardId"
              pagination={false}
              size="small"
              data-testid="calc-quotes"
            />
            <div style={{ marginTop: 16 }}>
              <LiteChart
                horizontal
                legend
                categories={names}
                series={series}
                height={Math.max(160, data.quotes.length * 36 + 40)}
                endLabel={(i) => usd(data.quotes[i]?.landedPerUnit ?? data.quotes[i]?.perUnit ?? null)}
                tooltip={(i) => {
                  const q = data.quotes[i] as Quote;
                  return (
                    <>
                      <div>{names[i]}</div>
                      <div>{`${t('logistics.calc.column.perUnit')}: ${q.perUnit.toFixed(4)}`}</div>
                      <div>{`${t('logistics.calc.column.landed')}: ${usd(q.landedPerUnit)}`}</div>
                    </>
                  );
                }}
                label={t('logistics.calc.chartTitle')}
                hasData
                testId="calc-chart"
              />
            </div>
          </>
        )}
      </Card>
    </Space>
  );
}
