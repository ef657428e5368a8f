/**
 * A server list's table with its load states: a skeleton until the first page comes, the
 * error panel with Retry if it fails, then the `FitTable` of the page's rows, spinning while
 * a newer page loads over it.
 */
import { QueryStates } from '../components/QueryStates';
import { FitTable, type FitTableProps } from './FitTable';

/** What the table reads of a TanStack query whose data holds a page of rows. */
export interface ListQueryResult<R> {
  data?: { list: R[] } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<R> extends Omit<FitTableProps<R>, 'dataSource' | 'loading'> {
  query: ListQueryResult<R>;
  /** The skeleton's rows while nothing has loaded. */
  skeletonRows?: number;
}

export function QueryTable<R extends object>({ query, skeletonRows, ...table }: Props<R>) {
  return (
    <QueryStates pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} rows={skeletonRows}>
      <FitTable<R> {...table} dataSource={query.data?.list ?? []} loading={query.isFetching} />
    </QueryStates>
  );
}
