import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { kpisSchema } from '@bo/contract/sales/dashboard';
import { Card, Col, Row, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { KPI_KEYS, kpiFigure } from '../kpis';

type Kpis = z.infer<typeof kpisSchema>;

interface Props {
  data: Kpis | undefined;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}

const ARROWS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, flat: <MinusOutlined /> } as const;

/** Six KPI cards, each with its change against the period of the same length just before. */
export function KpiCards({ data, pending, error, onRetry }: Props) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Card data-testid="dashboard-kpis">
        <QueryStates pending={pending} error={error} onRetry={onRetry}>
          {null}
        </QueryStates>
      </Card>
    );
  }
  if (!data) {
    return (
      <Row gutter={[16, 16]} data-testid="dashboard-kpis-loading">
        {KPI_KEYS.map((key) => (
          <Col key={key} xs={24} sm={12} lg={8} xxl={4}>
            <Card className="bo-kpi-card">
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  const period = t('sales.kpi.previousPeriod', { start: data.previousStartDate, end: data.previousEndDate });
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-kpis">
      {KPI_KEYS.map((key) => {
        const f = kpiFigure(key, data.current, data.previous, data.currency);
        return (
          <Col key={key} xs={24} sm={12} lg={8} xxl={4}>
            <Card className="bo-kpi-card" data-testid={`kpi-${key}`}>
              <div className="bo-kpi-title">{t(`sales.kpi.${key}`)}</div>
              <div
                className={`bo-kpi-value${f.negative ? ' bo-sales-negative' : ''}`}
                data-testid={`kpi-${key}-value`}
                title={f.value}
              >
                {f.value}
              </div>
              <Tooltip title={`${period}: ${f.previous}`}>
                <span className={`bo-kpi-change ${f.tone}`} data-testid={`kpi-${key}-change`}>
                  {f.direction && ARROWS[f.direction]} {f.direction === null ? t('sales.kpi.noComparison') : f.change}
                  <span className="bo-kpi-vs">{t('sales.kpi.vsPrevious')}</span>
                </span>
              </Tooltip>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
