/**
 * A GTM project's goal months as a grid (docs/projects.md "GTM goals and KPIs"): the twelve months
 * from the launch month as rows, units, revenue, ad budget and target ACoS typed in place; "fill
 * from the flat target" fills the empty months, "copy previous month" a row from the one above.
 * Each row is checked with the contract's month schema (a row with any figure needs units and
 * revenue); the server's field errors land on their cells; a 409 stale version shows the banner
 * with Reload. Saving sends every month set under the version read.
 */
import { ERROR_CODES } from '@bo/contract';
import { type GoalMonth, type GoalPlan, goalMonthSchema } from '@bo/contract/projects/projects';
import { Alert, Button, InputNumber, Space, Table, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatAmount, formatCount, formatTimestamp } from '../../../shared/format';
import type { EditFormProblem } from '../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../shared/forms/FormProblemAlerts';
import { fieldErrorText, schemaComplaint } from '../../../shared/forms/form-rules';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';

type Field = 'units' | 'revenue' | 'adBudget' | 'acosTarget';
const FIELDS: readonly Field[] = ['units', 'revenue', 'adBudget', 'acosTarget'];
type Cells = Record<Field, number | null>;
const EMPTY: Cells = { units: null, revenue: null, adBudget: null, acosTarget: null };
const isEmpty = (c: Cells) => FIELDS.every((f) => c[f] === null);

/** The grid's rows from a plan: one per month, its goal or empty. */
export function rowsOf(plan: GoalPlan): Record<string, Cells> {
  const byMonth = new Map(plan.goals.map((g) => [g.month, g]));
  return Object.fromEntries(
    plan.months.map((m) => {
      const g = byMonth.get(m);
      return [m, g ? { units: g.units, revenue: g.revenue, adBudget: g.adBudget, acosTarget: g.acosTarget } : { ...EMPTY }];
    }),
  );
}

/** The months set, in order, for the save. */
export function goalsOf(months: readonly string[], rows: Record<string, Cells>): GoalMonth[] {
  return months
    .filter((m) => rows[m] && !isEmpty(rows[m]))
    .map((m) => {
      const c = rows[m] ?? EMPTY;
      return { month: m, units: c.units ?? 0, revenue: c.revenue ?? 0, adBudget: c.adBudget, acosTarget: c.acosTarget };
    });
}

/** The flat monthly target of a month of `days` days (the target is per 30 days). */
export const flatFor = (flat: number | null, days: number, step: number) =>
  flat === null ? null : Math.round((flat * days) / 30 / step) * step;
const daysOf = (month: string) => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate();

interface Props {
  plan: GoalPlan;
  saving: boolean;
  /** Saves the months set under the plan's version; rejects with the server's error. */
  onSave: (goals: GoalMonth[], version: number) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onDirty?: (dirty: boolean) => void;
}

export function GoalGrid({ plan, saving, onSave, onReload, onDirty }: Props) {
  const { t, lang } = useTexts();
  const [rows, setRows] = useState(() => rowsOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<EditFormProblem>(null);
  const [reloading, setReloading] = useState(false);
  const readOnly = !plan.canEdit;

  const change = (month: string, patch: Partial<Cells>) => {
    setRows((r) => ({ ...r, [month]: { ...(r[month] ?? EMPTY), ...patch } }));
    setErrors((e) => {
      const next = { ...e };
      for (const f of Object.keys(patch)) delete next[`${month}.${f}`];
      delete next[`${month}.row`];
      return next;
    });
    onDirty?.(true);
  };

  const fillFlat = () => {
    const next = { ...rows };
    for (const m of plan.months) {
      if (!isEmpty(next[m] ?? EMPTY)) continue;
      next[m] = {
        units: flatFor(plan.flatUnits, daysOf(m), 1),
        revenue: flatFor(plan.flatRevenue, daysOf(m), 0.01),
        adBudget: null,
        acosTarget: null,
      };
    }
    setRows(next);
    onDirty?.(true);
  };

  /** Checks each row set with the contract's schema; answers whether all pass. */
  const check = () => {
    const found: Record<string, string> = {};
    for (const m of plan.months) {
      const c = rows[m] ?? EMPTY;
      if (isEmpty(c)) continue;
      if (c.units === null || c.revenue === null) {
        found[`${m}.row`] = t('gtmGoals.goals.grid.rowIncomplete');
        continue;
      }
      for (const f of FIELDS) {
        if (c[f] === null) continue;
        const complaint = schemaComplaint(goalMonthSchema.shape[f], c[f], lang);
        if (complaint) found[`${m}.${f}`] = complaint;
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const save = async () => {
    setProblem(null);
    if (!check()) return;
    const goals = goalsOf(plan.months, rows);
    try {
      await onSave(goals, plan.version);
      onDirty?.(false);
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) return setProblem({ kind: 'stale' });
      if (isApiError(err) && err.fields.length > 0) {
        const found: Record<string, string> = {};
        for (const f of err.fields) {
          const [, index, field] = f.path.split('.');
          const month = goals[Number(index)]?.month;
          if (month && field) found[`${month}.${field === 'month' ? 'row' : field}`] = fieldErrorText(f, lang);
        }
        setErrors(found);
        if (Object.keys(found).length > 0) return;
      }
      setProblem({ kind: 'error', text: errorText(err, lang) });
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const totals = useMemo(() => {
    const set = goalsOf(plan.months, rows);
    return { units: set.reduce((a, g) => a + g.units, 0), revenue: set.reduce((a, g) => a + g.revenue, 0), n: set.length };
  }, [plan.months, rows]);

  if (plan.months.length === 0)
    return <Alert type="info" showIcon title={t('gtmGoals.goals.grid.noLaunch')} data-testid="goal-grid-no-launch" />;

  const cell = (month: string, field: Field, props: { min: number; max: number; step: number; precision: number }) => {
    const err = errors[`${month}.${field}`];
    return (
      <Tooltip title={err} open={err ? undefined : false}>
        <InputNumber
          size="small"
          value={rows[month]?.[field] ?? null}
          onChange={(v) => change(month, { [field]: typeof v === 'number' ? v : null })}
          disabled={readOnly}
          status={err ? 'error' : undefined}
          style={{ width: '100%' }}
          placeholder={field === 'units' || field === 'revenue' ? t('gtmGoals.goals.grid.notSet') : undefined}
          aria-label={`${month} ${t(`gtmGoals.goals.grid.${field}`)}`}
          data-testid={`goal-${month}-${field}`}
          {...props}
        />
      </Tooltip>
    );
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="goal-grid">
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t('gtmGoals.goals.grid.stale'), text: t('gtmGoals.goals.grid.staleText'), testId: 'goal-grid-stale' }}
        reload={{ onClick: reload, loading: reloading, testId: 'goal-grid-reload' }}
        errorTestId="goal-grid-error"
      />
      {readOnly && <Alert type="info" showIcon title={t('gtmGoals.goals.grid.readOnly')} data-testid="goal-grid-read-only" />}
      <Space wrap>
        <Typography.Text type="secondary">
          {plan.flatUnits !== null && plan.flatRevenue !== null
            ? t('gtmGoals.goals.grid.flatHint', { units: formatCount(plan.flatUnits), revenue: formatAmount(plan.flatRevenue) })
            : t('gtmGoals.goals.grid.noFlat')}
        </Typography.Text>
        {!readOnly && (
          <Button
            size="small"
            onClick={fillFlat}
            disabled={plan.flatUnits === null || plan.flatRevenue === null}
            data-testid="goal-grid-fill-flat"
          >
            {t('gtmGoals.goals.grid.fillFlat')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        pagination={false}
        rowKey="month"
        dataSource={plan.months.map((month, i) => ({ month, i }))}
        columns={[
          {
            key: 'month',
            title: t('gtmGoals.goals.grid.month'),
            width: 130,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.month}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('gtmGoals.goals.grid.index', { n: r.i + 1 })}
                </Typography.Text>
                {errors[`${r.month}.row`] && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`goal-${r.month}-error`}>
                    {errors[`${r.month}.row`]}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            key: 'units',
            title: t('gtmGoals.goals.grid.units'),
            width: 130,
            render: (_, r) => cell(r.month, 'units', { min: 0, max: 10_000_000, step: 10, precision: 0 }),
          },
          {
            key: 'revenue',
            title: t('gtmGoals.goals.grid.revenue'),
            width: 150,
            render: (_, r) => cell(r.month, 'revenue', { min: 0, max: 100_000_000, step: 100, precision: 2 }),
          },
          {
            key: 'adBudget',
            title: t('gtmGoals.goals.grid.adBudget'),
            width: 140,
            render: (_, r) => cell(r.month, 'adBudget', { min: 0, max: 100_000_000, step: 100, precision: 2 }),
          },
          {
            key: 'acosTarget',
            title: t('gtmGoals.goals.grid.acosTarget'),
            width: 110,
            render: (_, r) => cell(r.month, 'acosTarget', { min: 0, max: 100, step: 1, precision: 2 }),
          },
          ...(readOnly
            ? []
            : [
                {
                  key: 'actions',
                  width: 150,
                  render: (_: unknown, r: { month: string; i: number }) => {
                    const prev = plan.months[r.i - 1];
                    return (
                      <Space size={4}>
                        {prev && (
                          <Button
                            size="small"
                            type="link"
                            disabled={isEmpty(rows[prev] ?? EMPTY)}
                            onClick={() => change(r.month, { ...(rows[prev] ?? EMPTY) })}
                            data-testid={`goal-${r.month}-copy`}
                          >
                            {t('gtmGoals.goals.grid.copyPrev')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          type="link"
                          disabled={isEmpty(rows[r.month] ?? EMPTY)}
                          onClick={() => change(r.month, { ...EMPTY })}
                          data-testid={`goal-${r.month}-clear`}
                        >
                          {t('gtmGoals.goals.grid.clearRow')}
                        </Button>
                      </Space>
                    );
                  },
                },
              ]),
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{t('gtmGoals.goals.grid.total')}</Typography.Text> ({totals.n}/{plan.months.length})
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <span data-testid="goal-grid-total-units">{formatCount(totals.units)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <span data-testid="goal-grid-total-revenue">{formatAmount(totals.revenue)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} colSpan={readOnly ? 2 : 3} />
          </Table.Summary.Row>
        )}
      />
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary" data-testid="goal-grid-version">
          {plan.version > 0 && plan.updatedAt
            ? t('gtmGoals.goals.grid.lastSaved', {
                version: plan.version,
                who: plan.updatedBy ?? '—',
                when: formatTimestamp(plan.updatedAt),
              })
            : ''}
        </Typography.Text>
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={save} data-testid="goal-grid-save">
            {t('gtmGoals.goals.grid.save')}
          </Button>
        )}
      </Space>
    </Space>
  );
}
