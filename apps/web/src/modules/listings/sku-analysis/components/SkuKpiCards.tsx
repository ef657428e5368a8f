import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { Measures } from '@bo/contract/sales/sales-profit';
import { Card, Col, Row, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SKU_KPIS, skuKpi } from '../sku-view';

const ARROWS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, flat: <MinusOutlined /> } as const;

interface Props {
  current: Measures;
  previous: Measures;
  currency: string;
  previousLabel: string;
}

/** Units, revenue, profit, margin, refund rate and ad spend share, each against the period before. */
export function SkuKpiCards({ current, previous, currency, previousLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="sku-kpis">
      {SKU_KPIS.map((key) => {
        const f = skuKpi(key, current, previous, currency);
        return (
          <Col key={key} xs={24} sm={12} lg={8} xxl={4}>
            <Card className="bo-kpi-card" data-testid={`sku-kpi-${key}`}>
              <div className="bo-kpi-title">{t(`listings.sku.kpi.${key}`)}</div>
              <div
                className={`bo-kpi-value${f.negative ? ' bo-sales-negative' : ''}`}
                data-testid={`sku-kpi-${key}-value`}
                title={f.value}
              >
                {f.value}
              </div>
              <Tooltip title={`${previousLabel} · ${t('listings.sku.kpi.previous', { value: f.previous })}`}>
                <span className={`bo-kpi-change ${f.tone}`}>
                  {f.direction === null ? (
                    t('listings.sku.kpi.noComparison')
                  ) : (
                    <>
                      {ARROWS[f.direction]} {f.change}
                      <span className="bo-kpi-vs">{t('listings.sku.kpi.vsPrevious')}</span>
                    </>
                  )}
                </span>
              </Tooltip>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
