/** Texts of /assets/download; merged into the app's locale files under `downloads`. */
export const downloadsZhCN = {
  title: '下载中心',
  subtitle: '您运行过的每个导出都会保留 7 天，可在此再次下载。下载时会重新检查您是否仍有该导出的权限和所筛选店铺的权限。',
  empty: '还没有保留的导出：在任意页面导出后会出现在这里',
  column: {
    fileName: '文件名',
    what: '内容',
    filters: '筛选条件',
    rows: '行数',
    size: '大小',
    createdAt: '导出时间',
    expiresAt: '保留至',
  },
  noFilters: '无筛选',
  download: '下载',
  confirmDelete: '删除 {{name}}？删除后不能再次下载。',
  deleted: '{{name}} 已删除',
};

export const downloadsEnUS: typeof downloadsZhCN = {
  title: 'Downloads',
  subtitle:
    "Every export you run is kept for 7 days and can be downloaded again here. A download checks again that you still hold the export's permission and see the shops it was filtered by.",
  empty: 'No exports kept yet: an export you run on any screen appears here',
  column: {
    fileName: 'File name',
    what: 'What',
    filters: 'Filters',
    rows: 'Rows',
    size: 'Size',
    createdAt: 'Exported',
    expiresAt: 'Kept until',
  },
  noFilters: 'No filters',
  download: 'Download',
  confirmDelete: 'Delete {{name}}? It cannot be downloaded again afterwards.',
  deleted: '{{name}} was deleted',
};

/** Both languages under `downloads`, added to i18next when the screen loads. */
export const downloadsTexts = {
  'zh-CN': { downloads: downloadsZhCN },
  'en-US': { downloads: downloadsEnUS },
};

// Types `t('downloads.…')` across the app (app/locales/messages.ts).
declare module '../../../app/locales/messages' {
  interface ModuleMessages {
    downloads: typeof downloadsZhCN;
  }
}
