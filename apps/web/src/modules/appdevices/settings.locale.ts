/** Texts of the device side's settings kinds (product settings, SKU hardware and presentation, review prompts, AI activities and games, cookers), spread into `appDevices` (appdevices.locale.ts). */
export const settingsZhCN = {
  productFeatures: {
    title: 'App 产品设置',
    subtitle:
      'App 为各型号显示哪些功能（音乐模式、DreamView、场景、DIY、定时、日程、语音助手、分段控制）及其上限（灯段数、场景数）。型号取自产品目录，用定向中的「型号」（至少一个）；一个型号同一时间只由一条未归档的设置决定。发布、排期同 Banner。',
    search: '名称',
    create: '新建产品设置',
    createTitle: '新建产品设置',
    editTitle: '编辑产品设置',
    empty: '还没有产品设置',
    nameHint: '仅后台可见，如「H61 灯带系列功能」',
    column: { models: '型号', features: '开启的功能', limits: '上限' },
    field: {
      features: '功能',
      featuresHint: '勾选的功能在 App 中显示；适用的型号在下方定向的「型号」中选择（至少一个）',
      maxSegments: '最多灯段数',
      maxScenes: '最多场景数',
      range: '{{min}}–{{max}}',
    },
    feature: {
      musicMode: '音乐模式',
      dreamView: 'DreamView',
      scenes: '场景',
      diy: 'DIY',
      timer: '定时',
      schedule: '日程',
      voiceAssistants: '语音助手',
      segmentControl: '分段控制',
    },
    limits: '{{segments}} 段 · {{scenes}} 个场景',
    saved: '产品设置「{{name}}」已保存',
    deleted: '产品设置「{{name}}」已删除',
    confirmDelete: '删除产品设置「{{name}}」？',
  },
};

export const settingsEnUS: typeof settingsZhCN = {
  productFeatures: {
    title: 'App product settings',
    subtitle:
      "Which features the app shows for each model (music mode, DreamView, scenes, DIY, timer, schedule, voice assistants, segment control) and their limits (segments, scenes). The models are the catalogue's, chosen in the targeting's Models (one at least); a model is set by one record that is not archived. Published and scheduled like banners.",
    search: 'Name',
    create: 'New product setting',
    createTitle: 'New product setting',
    editTitle: 'Edit product setting',
    empty: 'No product settings yet',
    nameHint: 'Seen only here, e.g. "H61 strips features"',
    column: { models: 'Models', features: 'Features on', limits: 'Limits' },
    field: {
      features: 'Features',
      featuresHint: "The features ticked show in the app; choose the models below in the targeting's Models (one at least)",
      maxSegments: 'Most segments',
      maxScenes: 'Most scenes',
      range: '{{min}}–{{max}}',
    },
    feature: {
      musicMode: 'Music mode',
      dreamView: 'DreamView',
      scenes: 'Scenes',
      diy: 'DIY',
      timer: 'Timer',
      schedule: 'Schedule',
      voiceAssistants: 'Voice assistants',
      segmentControl: 'Segment control',
    },
    limits: '{{segments}} segments · {{scenes}} scenes',
    saved: 'Product setting "{{name}}" saved',
    deleted: 'Product setting "{{name}}" deleted',
    confirmDelete: 'Delete product setting "{{name}}"?',
  },
};
