/** Texts of the related light effects' screen, spread into the app content's texts under `appContent` (appcontent.locale.ts). */
export const relatedZhCN = {
  relatedEffect: {
    title: '相关灯效',
    subtitle:
      '灯效详情里「你可能还喜欢」的推荐：选一个灯效，再按顺序选推荐的灯效（1–12 个，不能是它自己，不能重复，已归档的灯效不可选）。定向、时段和排序与 Banner 相同。',
    search: '名称',
    create: '新建推荐',
    createTitle: '新建相关灯效',
    editTitle: '编辑相关灯效',
    empty: '还没有相关灯效',
    nameHint: '仅后台可见，用于区分推荐列表',
    column: { effect: '灯效', related: '推荐' },
    field: {
      effect: '灯效',
      related: '推荐的灯效',
      relatedHint: '按 App 显示的顺序，最多 {{max}} 个',
      add: '添加推荐的灯效',
      up: '上移',
      down: '下移',
      remove: '移除',
    },
    missing: '已归档或不存在',
    alsoLike: '你可能还喜欢',
    saved: '相关灯效「{{name}}」已保存',
    deleted: '相关灯效「{{name}}」已删除',
    confirmDelete: '删除相关灯效「{{name}}」？',
  },
};

export const relatedEnUS: typeof relatedZhCN = {
  relatedEffect: {
    title: 'Related light effects',
    subtitle:
      'The "you may also like" of an effect\'s page: pick an effect, then the effects recommended with it in order (1–12; never itself, each once, none archived). Targeted, scheduled and ordered like banners.',
    search: 'Name',
    create: 'New list',
    createTitle: 'New related effects',
    editTitle: 'Edit related effects',
    empty: 'No related effects yet',
    nameHint: 'Seen only here, to tell lists apart',
    column: { effect: 'Effect', related: 'Recommended' },
    field: {
      effect: 'Effect',
      related: 'Recommended effects',
      relatedHint: 'In the order the app shows them, {{max}} at most',
      add: 'Add a recommended effect',
      up: 'Move up',
      down: 'Move down',
      remove: 'Remove',
    },
    missing: 'archived or gone',
    alsoLike: 'You may also like',
    saved: 'Related effects “{{name}}” saved',
    deleted: 'Related effects “{{name}}” deleted',
    confirmDelete: 'Delete related effects “{{name}}”?',
  },
};
