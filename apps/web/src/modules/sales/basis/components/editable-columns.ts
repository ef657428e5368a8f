/** The columns of a list, without its actions column (key `actions`) for a user who may not edit. */
export const editableColumns = <C extends { key?: unknown }>(columns: readonly C[], mayEdit: boolean): C[] =>
  columns.filter((c) => mayEdit || c.key !== 'actions');
