import { Card, Col, type ColProps, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** One figure of a board's KPI row in its grid cell; `children` goes under it (a change from the previous period). */
export function KpiCard({
  title,
  value,
  testId,
  span = { xs: 12, md: 8, xl: 4 },
  children,
}: {
  title: ReactNode;
  value: string;
  testId: string;
  span?: Pick<ColProps, 'xs' | 'md' | 'xl'>;
  children?: ReactNode;
}) {
  return (
    <Col {...span}>
      <Card size="small">
        <Statistic title={title} value={value} valueStyle={{ fontSize: 20, whiteSpace: 'nowrap' }} data-testid={testId} />
        {children}
      </Card>
    </Col>
  );
}
