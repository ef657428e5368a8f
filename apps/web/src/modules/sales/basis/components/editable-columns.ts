import type { TableColumnsType } from 'antd';

/** The columns of a list, without its actions column (key `actions`) for a user who may not edit. */
export const editableColumns = <T>(columns: TableColumnsType<T>, mayEdit: boolean): TableColumnsType<T> =>
  columns.filter((c) => mayEdit || c.key !== 'actions');
