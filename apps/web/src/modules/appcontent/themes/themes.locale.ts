/** Texts of the activity themes' screen, spread into the app content's texts under `appContent` (appcontent.locale.ts). */
export const themesZhCN = {
  activityTheme: {
    title: '活动主题',
    subtitle:
      '活动期间 App 换上的主题：中英文名称、四种颜色（主色、辅色、背景、文字，#RRGGBB）和一张 2:1 的横幅。发布时段就是活动时间，开始和结束都要填写；定向和排序与 Banner 相同。',
    search: '名称或主题名',
    create: '新建主题',
    createTitle: '新建活动主题',
    editTitle: '编辑活动主题',
    empty: '还没有活动主题',
    nameHint: '仅后台可见，如「2026 黑五」',
    column: { colors: '配色', name: '主题名' },
    field: {
      nameZh: '主题名（中文）',
      nameEn: '主题名（英文）',
      primaryColor: '主色',
      secondaryColor: '辅色',
      backgroundColor: '背景色',
      textColor: '文字颜色',
      look: '效果',
      image: '横幅',
    },
    mock: { action: '立即查看', badge: '限时', untitled: '（未命名）' },
    runs: '活动时间 {{start}} – {{end}}',
    saved: '活动主题「{{name}}」已保存',
    deleted: '活动主题「{{name}}」已删除',
    confirmDelete: '删除活动主题「{{name}}」？',
  },
};

export const themesEnUS: typeof themesZhCN = {
  activityTheme: {
    title: 'Activity themes',
    subtitle:
      "What the app wears while an activity runs: a name in Chinese and English, four colours (primary, secondary, background, text; #RRGGBB) and a 2:1 banner. The window is the activity's: give its start and its end. Targeted and ordered like banners.",
    search: 'Name or theme name',
    create: 'New theme',
    createTitle: 'New activity theme',
    editTitle: 'Edit activity theme',
    empty: 'No activity themes yet',
    nameHint: 'Seen only here, e.g. “Black Friday 2026”',
    column: { colors: 'Colours', name: 'Theme' },
    field: {
      nameZh: 'Theme name (Chinese)',
      nameEn: 'Theme name (English)',
      primaryColor: 'Primary',
      secondaryColor: 'Secondary',
      backgroundColor: 'Background',
      textColor: 'Text',
      look: 'Look',
      image: 'Banner',
    },
    mock: { action: 'Shop now', badge: 'Limited', untitled: '(untitled)' },
    runs: 'Runs {{start}} – {{end}}',
    saved: 'Activity theme “{{name}}” saved',
    deleted: 'Activity theme “{{name}}” deleted',
    confirmDelete: 'Delete activity theme “{{name}}”?',
  },
};
