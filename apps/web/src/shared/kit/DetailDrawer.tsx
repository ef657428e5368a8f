/**
 * The detail drawer of the kit: one record read from the server, its figures as
 * descriptions declared by field descriptors, and the designed loading, error (Retry),
 * refused (403, no Retry) and gone (404) states. What a record has beyond its figures (the
 * lines of a BOM, an action) comes after them, given the loaded record.
 *
 *   const bom = useBom(row?.skuId ?? null, day);
 *   <DetailDrawer open={row !== null} onClose={close} title={…} query={bom}
 *     fields={[{ key: 'labour', label: t('…'), render: (d) => formatCost(d.labour) }, …]}>
 *     {(d) => <FitTable tableId="costs.bom.lines" dataSource={d.lines} columns={…} />}
 *   </DetailDrawer>
 */
import { STATUS } from '@bo/contract';
import { Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { StatusPanel } from '../components/StatusPanel';
import { isApiError } from '../http/api-error';
import { errorText } from '../http/error-text';
import { useTexts } from '../i18n/lang';

export interface DetailField<T> {
  key: string;
  label: ReactNode;
  render: (record: T) => ReactNode;
  /** Columns of the description grid the field takes (1 by default). */
  span?: number;
  /** Left out for this record (a figure it does not have). */
  hidden?: (record: T) => boolean;
  testId?: string;
}

/** The part of a TanStack query result the drawer reads. */
export interface DetailQuery<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DetailDrawerProps<T> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  query: DetailQuery<T>;
  fields: readonly DetailField<T>[];
  /** Columns of the description grid (3 by default). */
  columns?: number;
  /** After the descriptions: the record's lines, notes, actions. */
  children?: (record: T) => ReactNode;
  /** Buttons in the drawer's header (History). */
  extra?: ReactNode;
  width?: number;
  testId?: string;
}

export function DetailDrawer<T>(props: DetailDrawerProps<T>) {
  const { t, lang } = useTexts();
  const { query } = props;
  const error = query.error;
  const refused = isApiError(error) && error.status === STATUS.FORBIDDEN;
  const gone = isApiError(error) && error.status === STATUS.NOT_FOUND;

  let body: ReactNode;
  if (error)
    body = (
      <StatusPanel
        status={refused || gone ? 'warning' : 'error'}
        title={refused ? t('kit.refusedRecord') : gone ? t('kit.gone') : t('kit.recordLoadFailed')}
        subTitle={refused || gone ? undefined : errorText(error, lang)}
        extra={
          refused || gone ? undefined : (
            <Button type="primary" onClick={() => void query.refetch()} data-testid="detail-retry">
              {t('common.retry')}
            </Button>
          )
        }
      />
    );
  else if (query.isPending || query.data === undefined) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else {
    const record = query.data;
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions size="small" column={props.columns ?? 3} bordered>
          {props.fields
            .filter((f) => !f.hidden?.(record))
            .map((f) => (
              <Descriptions.Item key={f.key} label={f.label} span={f.span}>
                <span data-testid={f.testId}>{f.render(record)}</span>
              </Descriptions.Item>
            ))}
        </Descriptions>
        {props.children?.(record)}
      </Space>
    );
  }

  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      size={props.width ?? 820}
      title={props.title}
      extra={props.extra}
      destroyOnHidden
      data-testid={props.testId}
    >
      {body}
    </Drawer>
  );
}
