/**
 * Which columns of a table are shown at a given width (the list kit's column priorities).
 *
 * Every column declares a priority: `key` columns (what identifies a row, the decision
 * metrics, the actions) are always shown; `normal` columns are shown while they fit;
 * `detail` columns only when every `normal` one fits too. A user's own choice (the
 * column chooser) wins over the fitting: a column the user showed stays shown (the table
 * then scrolls), a column the user hid stays hidden.
 */
export type ColumnPriority = 'key' | 'normal' | 'detail';

export interface FitColumn {
  key: string;
  /** Width in px; the table's scroll width is the sum of the shown columns' widths. */
  width: number;
  priority: ColumnPriority;
}

/** What a user chose in the column chooser: keys shown and hidden against the automatic fit. */
export interface ColumnChoice {
  shown: readonly string[];
  hidden: readonly string[];
}

export const NO_CHOICE: ColumnChoice = { shown: [], hidden: [] };

/**
 * The keys of the columns to show, in the columns' own order, for `available` px of
 * room. Key columns never give way; normal columns are taken in their order while they
 * fit, then detail columns.
 */
export function fitColumns(columns: readonly FitColumn[], available: number, choice: ColumnChoice = NO_CHOICE): string[] {
  const hidden = new Set(choice.hidden);
  const shown = new Set<string>();
  let used = 0;
  for (const c of columns) {
    if (c.priority === 'key' || (choice.shown.includes(c.key) && !hidden.has(c.key))) {
      shown.add(c.key);
      used += c.width;
    }
  }
  for (const priority of ['normal', 'detail'] as const) {
    for (const c of columns) {
      if (c.priority !== priority || shown.has(c.key) || hidden.has(c.key)) continue;
      if (used + c.width <= available) {
        shown.add(c.key);
        used += c.width;
      }
    }
  }
  return columns.filter((c) => shown.has(c.key)).map((c) => c.key);
}

/**
 * The choice after the user switched one column on or off, given what is shown now. A
 * column switched back to what the fit would do anyway leaves the choice, so "reset"
 * and the automatic fit stay the same thing.
 */
export function toggleColumn(choice: ColumnChoice, key: string, show: boolean): ColumnChoice {
  const shown = choice.shown.filter((k) => k !== key);
  const hidden = choice.hidden.filter((k) => k !== key);
  return show ? { shown: [...shown, key], hidden } : { shown, hidden: [...hidden, key] };
}

/** Sum of the widths of the given keys (the table's scroll width). */
export function widthOf(columns: readonly FitColumn[], keys: readonly string[]): number {
  const set = new Set(keys);
  return columns.reduce((sum, c) => sum + (set.has(c.key) ? c.width : 0), 0);
}
