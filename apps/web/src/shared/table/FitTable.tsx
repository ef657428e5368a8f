/**
 * The list kit's table: an antd Table whose columns declare a priority and a width.
 *
 * - It shows the columns that fit the width it has (`fitColumns`), the rest stay one
 *   click away in the column chooser, whose choice is kept per user and per table.
 * - Its scroll width is always the sum of the shown columns' widths with a fixed table
 *   layout, so a fixed (sticky) column sits in its own box and never covers another
 *   cell: the cells cannot grow past the widths the scroll width was computed from.
 * - Header texts do not break inside a word: they keep to one line, with the full
 *   title as a tooltip when the column is narrower than its name.
 * - A table whose columns are all key (a drawer's few columns, a preview) has nothing to
 *   choose: it shows no chooser, and no bar above it unless the screen gives a toolbar.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Table, type TableProps, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnChoice, type ColumnPriority, fitColumns, NO_CHOICE, toggleColumn } from './column-fit';
import { readColumnChoice, writeColumnChoice } from './column-prefs';
import './table.css';

export interface FitColumnType<T> extends Omit<ColumnType<T>, 'key' | 'width' | 'title'> {
  key: string;
  width: number;
  /** Defaults to 'normal'. */
  priority?: ColumnPriority;
  title: ReactNode;
  /** The column's full name in the chooser and the header tooltip, when `title` is short or not a plain text. */
  label?: string;
  /**
   * False for the columns that are the table's series rather than a choice (the periods of a
   * pivot): they are not listed in the chooser. Give them the `key` priority.
   */
  chooser?: boolean;
  /**
   * False leaves the column out altogether (not drawn, not counted in the fit, not offered in the
   * chooser): the actions column of a user who may do none of its actions, rather than an empty one.
   */
  when?: boolean;
}

/** antd's selection column (checkbox) in a small table. */
const SELECTION_WIDTH = 32;
/** antd's expand-icon column of an expandable table: set to this width so the fit can count it. */
const EXPAND_WIDTH = 40;
/** Room the table never gets (its borders, a scroll bar appearing). */
const SLACK = 4;

export interface FitTableProps<T> extends Omit<TableProps<T>, 'columns' | 'scroll' | 'summary' | 'tableLayout'> {
  /** Stable id of the table for the stored column choice, e.g. 'ppc.mgr.campaigns'. */
  tableId: string;
  columns: readonly FitColumnType<T>[];
  /** Left of the chooser, above the table. */
  toolbar?: ReactNode;
  /** Totals row etc., built from the columns shown. */
  summary?: (shown: readonly FitColumnType<T>[]) => ReactNode;
  /** Height of a vertical scroll area (antd `scroll.y`). */
  scrollY?: number | string;
}

const labelOf = <T,>(c: FitColumnType<T>): string => c.label ?? (typeof c.title === 'string' ? c.title : c.key);

/** A header that stays on one line; the full name shows on hover. */
function HeaderText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className="bo-th-text" title={text}>
      {children}
    </span>
  );
}

export function useContainerWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.floor(w));
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

export function FitTable<T extends object>({
  tableId,
  columns: declared,
  toolbar,
  summary,
  scrollY,
  rowSelection,
  expandable,
  ...rest
}: FitTableProps<T>) {
  const { t } = useTranslation();
  const [ref, width] = useContainerWidth();
  const [choice, setChoice] = useState<ColumnChoice>(() => readColumnChoice(tableId));
  const [choiceOf, setChoiceOf] = useState(tableId);
  if (choiceOf !== tableId) {
    setChoiceOf(tableId);
    setChoice(readColumnChoice(tableId));
  }
  const save = (next: ColumnChoice) => {
    setChoice(next);
    writeColumnChoice(tableId, next);
  };

  const columns = useMemo(() => declared.filter((c) => c.when !== false), [declared]);
  const fit = useMemo(() => columns.map((c) => ({ key: c.key, width: c.width, priority: c.priority ?? 'normal' })), [columns]);
  // The selection and expand columns are not the screen's: they take room the fit must leave them. A tree
  // (children rows) has no expand column: its icon sits in the first cell.
  const expandColumn = expandable?.expandedRowRender !== undefined;
  const expandWidth = expandColumn ? Number(expandable?.columnWidth ?? EXPAND_WIDTH) : 0;
  const selectionWidth = (rowSelection ? SELECTION_WIDTH : 0) + expandWidth;
  // Before the first measure, fit as if the room were unlimited would flash every column: use the key ones only.
  const shownKeys = useMemo(
    () => new Set(fitColumns(fit, width > 0 ? width - selectionWidth - SLACK : 0, choice)),
    [fit, width, selectionWidth, choice],
  );
  const shown = columns.filter((c) => shownKeys.has(c.key));
  const scrollX = shown.reduce((sum, c) => sum + c.width, selectionWidth);

  const choosable = columns.filter((c) => c.chooser !== false);
  const shownChoosable = choosable.filter((c) => shownKeys.has(c.key)).length;
  const hasChoice = choosable.some((c) => (c.priority ?? 'normal') !== 'key');

  const antdColumns: ColumnType<T>[] = shown.map(({ priority: _p, label, chooser: _c, when: _w, title, ...c }) => ({
    ...c,
    title: typeof title === 'string' ? <HeaderText text={label ?? title}>{title}</HeaderText> : title,
    onHeaderCell: () => ({ title: undefined }),
  }));

  const chooser = (
    <div className="bo-column-chooser" data-testid={`columns-${tableId}`}>
      <Typography.Text type="secondary" className="bo-column-chooser-hint">
        {t('table.chooserHint')}
      </Typography.Text>
      <Flex vertical gap={4}>
        {choosable.map((c) => (
          <Checkbox
            key={c.key}
            checked={shownKeys.has(c.key)}
            disabled={(c.priority ?? 'normal') === 'key'}
            onChange={(e) => save(toggleColumn(choice, c.key, e.target.checked))}
            data-testid={`column-toggle-${c.key}`}
          >
            {labelOf(c)}
          </Checkbox>
        ))}
      </Flex>
      <Button
        size="small"
        type="link"
        disabled={choice.shown.length === 0 && choice.hidden.length === 0}
        onClick={() => save(NO_CHOICE)}
        data-testid="columns-reset"
      >
        {t('table.resetColumns')}
      </Button>
    </div>
  );

  return (
    <div ref={ref} className="bo-fit-table">
      {(hasChoice || toolbar) && (
        <Flex justify="space-between" align="center" gap={8} className="bo-fit-table-bar">
          <div>{toolbar}</div>
          {hasChoice && (
            <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={chooser}>
              <Tooltip title={t('table.columnsHint', { shown: shownChoosable, total: choosable.length })}>
                <Button size="small" icon={<SettingOutlined />} data-testid="columns-open">
                  {t('table.columns')} {shownChoosable}/{choosable.length}
                </Button>
              </Tooltip>
            </Popover>
          )}
        </Flex>
      )}
      <Table<T>
        {...rest}
        rowSelection={rowSelection}
        expandable={expandColumn ? { columnWidth: EXPAND_WIDTH, ...expandable } : expandable}
        columns={antdColumns}
        tableLayout="fixed"
        scroll={{ x: scrollX, ...(scrollY !== undefined ? { y: scrollY } : {}) }}
        summary={summary ? () => summary(shown) : undefined}
      />
    </div>
  );
}

/**
 * The row actions column: `actionsColumn(t, 250, (_, row) => <RowActions … />)`, always shown
 * (priority `key`) and kept at the right edge; `more` for anything else (`when`, another `fixed`).
 */
export function actionsColumn<T>(
  t: (key: 'common.actions') => string,
  width: number,
  render: NonNullable<FitColumnType<T>['render']>,
  more: Partial<FitColumnType<T>> = {},
): FitColumnType<T> {
  return { key: 'actions', priority: 'key', fixed: 'right', width, title: t('common.actions'), render, ...more };
}

/**
 * A totals row for `summary` (`summary={(shown) => <TotalsRow shown={shown} … />}`): the label under the first
 * column shown, each other column's total (`cell`, nothing when it has none) right-aligned under it, kept at the
 * bottom while the rows scroll.
 */
export function TotalsRow<T>({
  shown,
  label,
  cell,
  testId,
}: {
  shown: readonly FitColumnType<T>[];
  label: ReactNode;
  cell: (key: string) => ReactNode;
  testId?: string;
}) {
  return (
    <Table.Summary fixed="bottom">
      <Table.Summary.Row data-testid={testId}>
        {shown.map((c, i) => (
          <Table.Summary.Cell key={c.key} index={i} align={i === 0 ? 'left' : 'right'}>
            {i === 0 ? label : cell(c.key)}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
