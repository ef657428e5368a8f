import { Card, Spin } from 'antd';
import type { ReactNode } from 'react';
import { QueryStates } from '../../../../shared/components/QueryStates';

interface QueryLike {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props {
  title: ReactNode;
  extra?: ReactNode;
  query: QueryLike;
  testId: string;
  rows?: number;
  children: ReactNode;
}

/** A dashboard panel: skeleton on the first load, an error with Retry, a spinner over the old figures while new ones load. */
export function PanelCard({ title, extra, query, testId, rows = 6, children }: Props) {
  return (
    <Card title={title} extra={extra} data-testid={testId} style={{ height: '100%' }}>
      <QueryStates pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} rows={rows}>
        <Spin spinning={query.isFetching} delay={250}>
          {children}
        </Spin>
      </QueryStates>
    </Card>
  );
}
