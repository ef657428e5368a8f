import { Alert, Button, DatePicker, Form, Popconfirm, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { type ButtonPattern, Can } from '../../../shared/Can';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { applyFieldErrors } from '../../../shared/forms/form-rules';
import { useTexts } from '../../../shared/i18n/lang';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';

/** An entry of a dated series: it governs the days from `effectiveFrom` up to the next entry's. */
export interface DatedEntry {
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface DatedValuesProps<E extends DatedEntry, V extends object> {
  /** The series' loading state; `entries` once loaded. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  entries: readonly E[] | undefined;
  /** Shown above the form to whoever may add an entry. */
  title?: ReactNode;
  /** Shown under the title (what saving recomputes). */
  hint?: ReactNode;
  editPermission: ButtonPattern;
  deletePermission: ButtonPattern;
  /** The form items after the day (the values the entry sets). */
  fields: ReactNode;
  /** The form fields a server field error may name, besides `effectiveFrom`. */
  fieldNames: readonly (keyof V & string)[];
  /** Saves an entry from the day on; answers the message to show. Rejects with the server's error. */
  onSave: (values: V, effectiveFrom: string) => Promise<string>;
  saving: boolean;
  saveText: string;
  saveTestId?: string;
  fromTestId?: string;
  /** The series table: its id, test id and the value columns between the days and the actions. */
  tableId: string;
  tableTestId?: string;
  valueColumns: FitColumnType<E>[];
  dayWidth?: number;
  onDelete: (entry: E) => Promise<unknown>;
  deleteConfirm: (entry: E) => string;
  deletedText: string;
  deleteTestId?: (entry: E) => string;
}

/**
 * A dated series of values (a SKU's unit cost, its fees in a marketplace, a material's price):
 * a form that sets new values from a day on, and the entries newest first with the days each
 * governs, each deletable. Both wait for the series to load.
 */
export function DatedValues<E extends DatedEntry, V extends object>(p: DatedValuesProps<E, V>) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<V & { effectiveFrom: Dayjs }>();

  const submit = (all: V & { effectiveFrom: Dayjs }) => {
    const { effectiveFrom, ...values } = all;
    p.onSave(values as unknown as V, effectiveFrom.format('YYYY-MM-DD')).then(
      (message) => {
        notify.success(message);
        form.resetFields([...p.fieldNames] as never[]);
      },
      (err: unknown) => {
        if (!applyFieldErrors(form, err, lang, ['effectiveFrom', ...p.fieldNames])) notify.error((err as Error).message);
      },
    );
  };

  const columns: FitColumnType<E>[] = [
    { key: 'from', title: t('costs.column.since'), priority: 'key', width: p.dayWidth ?? 110, render: (_, e) => e.effectiveFrom },
    {
      key: 'to',
      title: t('costs.column.until'),
      priority: 'key',
      width: p.dayWidth ?? 110,
      render: (_, e) => e.effectiveTo ?? t('costs.open'),
    },
    ...p.valueColumns,
    {
      key: 'actions',
      title: t('costs.column.actions'),
      priority: 'key',
      width: 100,
      render: (_, e) => (
        <Can permission={p.deletePermission}>
          <Popconfirm
            title={p.deleteConfirm(e)}
            onConfirm={() =>
              p.onDelete(e).then(
                () => notify.success(p.deletedText),
                // The call has told the user why (a non-silent call).
                () => undefined,
              )
            }
          >
            <Button type="link" danger size="small" data-testid={p.deleteTestId?.(e)}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Can>
      ),
    },
  ];

  return (
    <QueryStates pending={p.query.isPending} error={p.query.error} onRetry={() => void p.query.refetch()} rows={3}>
      <Can permission={p.editPermission}>
        <div style={{ marginBottom: 16 }}>
          {p.title && <Typography.Title level={5}>{p.title}</Typography.Title>}
          {p.hint && <Alert type="info" showIcon message={p.hint} style={{ marginBottom: 12 }} />}
          <Form<V & { effectiveFrom: Dayjs }>
            form={form}
            layout="inline"
            onFinish={submit}
            initialValues={{ effectiveFrom: dayjs() } as never}
          >
            <Form.Item name="effectiveFrom" label={t('costs.from')} rules={[{ required: true, message: t('costs.required') }]}>
              <DatePicker allowClear={false} data-testid={p.fromTestId} />
            </Form.Item>
            {p.fields}
            <Button type="primary" htmlType="submit" loading={p.saving} data-testid={p.saveTestId}>
              {p.saveText}
            </Button>
          </Form>
        </div>
      </Can>
      <FitTable<E>
        tableId={p.tableId}
        size="small"
        rowKey="effectiveFrom"
        pagination={false}
        data-testid={p.tableTestId}
        dataSource={[...(p.entries ?? [])]}
        locale={{ emptyText: <EmptyState text={t('costs.noEntries')} /> }}
        columns={columns}
      />
    </QueryStates>
  );
}
