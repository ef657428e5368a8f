/** Texts of the covers' screen, spread into the app content's texts under `appContent` (appcontent.locale.ts). */
export const coversZhCN = {
  covers: {
    title: '封面管理',
    subtitle:
      'App 首页顶部的封面和启动页：每个位置的图片有自己的比例和尺寸，配中英文替代文字和可选的跳转链接；定向、时段和排序与 Banner 相同，App 显示排在最前的一张。',
    slot: { home: '首页封面', splash: '启动页' },
    search: '名称或替代文字',
    create: '新建封面',
    createTitle: '新建封面',
    editTitle: '编辑封面',
    empty: '这个位置还没有封面',
    nameHint: '仅后台可见，用于区分封面',
    column: { image: '图片' },
    field: {
      image: '图片',
      altZh: '替代文字（中文）',
      altEn: '替代文字（英文）',
      link: '跳转链接',
      linkHint: 'https:// 网址或 App 链接（如 lumio://scenes）；留空则不跳转',
    },
    saved: '封面「{{name}}」已保存',
    deleted: '封面「{{name}}」已删除',
    confirmDelete: '删除封面「{{name}}」？',
  },
};

export const coversEnUS: typeof coversZhCN = {
  covers: {
    title: 'Covers',
    subtitle:
      "The cover at the top of the app's home page and the splash screen: each slot's image has its own shape and size, with alt text in Chinese and English and an optional link; targeted, scheduled and ordered like banners, and the app shows the first one.",
    slot: { home: 'Home cover', splash: 'Splash screen' },
    search: 'Name or alt text',
    create: 'New cover',
    createTitle: 'New cover',
    editTitle: 'Edit cover',
    empty: 'No cover in this slot yet',
    nameHint: 'Seen only here, to tell covers apart',
    column: { image: 'Image' },
    field: {
      image: 'Image',
      altZh: 'Alt text (Chinese)',
      altEn: 'Alt text (English)',
      link: 'Link',
      linkHint: 'An https:// address or an app link (lumio://scenes); empty: not clickable',
    },
    saved: 'Cover “{{name}}” saved',
    deleted: 'Cover “{{name}}” deleted',
    confirmDelete: 'Delete cover “{{name}}”?',
  },
};
