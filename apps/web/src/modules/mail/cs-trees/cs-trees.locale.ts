/** Texts of /problemTree and /demandTree; merged into the app's locale files under `csTrees`. */
export const csTreesZhCN = {
  problem: { title: '问题树', subtitle: '客服问题分类。邮件的“相关问题”指向这里的节点。拖动节点可调整层级和顺序。' },
  demand: { title: '需求树', subtitle: '客户需求分类。拖动节点可调整层级和顺序。' },
  addRoot: '新增一级节点',
  addChild: '新增子节点',
  rename: '编辑',
  move: '移动',
  disable: '停用',
  enable: '启用',
  delete: '删除',
  disabled: '已停用',
  empty: '还没有节点',
  search: '搜索节点',
  confirmDelete: '删除节点“{{name}}”？',
  hasChildren: '有子节点的节点不能删除，可先停用',
  createTitle: '新增节点',
  createChildTitle: '在“{{parent}}”下新增节点',
  editTitle: '编辑节点',
  moveTitle: '移动“{{name}}”',
  root: '（顶层）',
  created: '节点“{{name}}”已创建',
  saved: '节点“{{name}}”已保存',
  moved: '节点“{{name}}”已移动',
  deleted: '节点“{{name}}”已删除',
  stale: '该节点已被他人修改，已重新加载',
  field: { name: '名称', nameEn: '英文名称', enabled: '启用', parent: '上级节点', sort: '顺序' },
};

export const csTreesEnUS: typeof csTreesZhCN = {
  problem: {
    title: 'Problem tree',
    subtitle:
      "Categories of customer problems; a mail's related problems point at these nodes. Drag a node to change its level or order.",
  },
  demand: { title: 'Demand tree', subtitle: 'Categories of customer demands. Drag a node to change its level or order.' },
  addRoot: 'Add top-level node',
  addChild: 'Add child',
  rename: 'Edit',
  move: 'Move',
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  disabled: 'Disabled',
  empty: 'No nodes yet',
  search: 'Search nodes',
  confirmDelete: 'Delete node "{{name}}"?',
  hasChildren: 'A node with children cannot be deleted; disable it instead',
  createTitle: 'New node',
  createChildTitle: 'New node under "{{parent}}"',
  editTitle: 'Edit node',
  moveTitle: 'Move "{{name}}"',
  root: '(top level)',
  created: 'Node "{{name}}" created',
  saved: 'Node "{{name}}" saved',
  moved: 'Node "{{name}}" moved',
  deleted: 'Node "{{name}}" deleted',
  stale: 'Someone else changed this node; it was reloaded',
  field: { name: 'Name', nameEn: 'English name', enabled: 'Enabled', parent: 'Parent', sort: 'Position' },
};

/** Both languages under `csTrees`, added to i18next when one of the module's screens loads. */
export const csTreesTexts = { 'zh-CN': { csTrees: csTreesZhCN }, 'en-US': { csTrees: csTreesEnUS } };

// Types `t('csTrees.…')` across the app (app/locales/messages.ts).
declare module '../../../app/locales/messages' {
  interface ModuleMessages {
    csTrees: typeof csTreesZhCN;
  }
}
