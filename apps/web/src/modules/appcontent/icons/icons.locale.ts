/** Texts of the light-effect icons' screen, spread into the app content's texts under `appContent` (appcontent.locale.ts). */
export const iconsZhCN = {
  lightEffectIcon: {
    title: '灯效图标管理',
    subtitle:
      '灯效使用的图标：正方形图片（96–512 像素，不超过 256 KB）、中英文名称和分组（与灯效分类相同）。定向、时段和排序与 Banner 相同。',
    search: '名称、图标名或分组',
    create: '新建图标',
    createTitle: '新建灯效图标',
    editTitle: '编辑灯效图标',
    empty: '还没有图标',
    nameHint: '仅后台可见，用于区分图标',
    column: { name: '图标名', group: '分组' },
    field: {
      image: '图标',
      nameZh: '图标名（中文）',
      nameEn: '图标名（英文）',
      group: '分组',
      groupHint: 'App 把图标放在同一分类的灯效旁',
    },
    saved: '图标「{{name}}」已保存',
    deleted: '图标「{{name}}」已删除',
    confirmDelete: '删除图标「{{name}}」？',
  },
};

export const iconsEnUS: typeof iconsZhCN = {
  lightEffectIcon: {
    title: 'Light-effect icons',
    subtitle:
      "The icons the light effects use: a square image (96–512 px, up to 256 KB), a name in Chinese and English and a group (the effects' categories). Targeted, scheduled and ordered like banners.",
    search: 'Name, icon name or group',
    create: 'New icon',
    createTitle: 'New light-effect icon',
    editTitle: 'Edit light-effect icon',
    empty: 'No icons yet',
    nameHint: 'Seen only here, to tell icons apart',
    column: { name: 'Icon', group: 'Group' },
    field: {
      image: 'Icon',
      nameZh: 'Icon name (Chinese)',
      nameEn: 'Icon name (English)',
      group: 'Group',
      groupHint: 'The app shows an icon beside the effects of its category',
    },
    saved: 'Icon “{{name}}” saved',
    deleted: 'Icon “{{name}}” deleted',
    confirmDelete: 'Delete icon “{{name}}”?',
  },
};
