/** Texts of /mail/setKeyWord and /mail/productKeyWord; merged into the app's locale files under `mailKeywords`. */
export const mailKeywordsZhCN = {
  dialogue: {
    title: '邮件关键词设置',
    subtitle: '收到的邮件按关键词归入对话类型：优先级高者优先，其次关键词更长者。',
    target: '对话类型',
  },
  product: {
    title: '产品关键词',
    subtitle: '收到的邮件按关键词归入产品线：优先级高者优先，其次关键词更长者。',
    target: '产品线',
  },
  search: '关键词',
  create: '新增规则',
  createTitle: '新增关键词规则',
  editTitle: '编辑关键词规则',
  created: '规则“{{keyword}}”已创建',
  saved: '规则“{{keyword}}”已保存',
  deleted: '规则“{{keyword}}”已删除',
  confirmDelete: '删除关键词“{{keyword}}”的规则？',
  empty: '还没有关键词规则',
  taken: '该字段已有此关键词的规则',
  matchType: { contains: '包含', word: '整词' },
  field: { any: '主题或正文', subject: '主题', body: '正文' },
  column: {
    keyword: '关键词',
    matchType: '匹配方式',
    field: '匹配位置',
    priority: '优先级',
    enabled: '启用',
    updatedAt: '更新时间',
  },
  on: '启用',
  off: '停用',
  test: {
    title: '测试样例邮件',
    subject: '主题',
    body: '正文',
    run: '测试',
    result: '结果：{{target}}',
    none: '没有规则匹配',
    matched: '匹配的规则（靠前者生效）',
  },
};

export const mailKeywordsEnUS: typeof mailKeywordsZhCN = {
  dialogue: {
    title: 'Mail keywords',
    subtitle: 'Incoming mail gets its dialogue type from these keywords: the highest priority wins, then the longest keyword.',
    target: 'Dialogue type',
  },
  product: {
    title: 'Product keywords',
    subtitle: 'Incoming mail gets its product line from these keywords: the highest priority wins, then the longest keyword.',
    target: 'Product line',
  },
  search: 'Keyword',
  create: 'New rule',
  createTitle: 'New keyword rule',
  editTitle: 'Edit keyword rule',
  created: 'Rule "{{keyword}}" created',
  saved: 'Rule "{{keyword}}" saved',
  deleted: 'Rule "{{keyword}}" deleted',
  confirmDelete: 'Delete the rule of "{{keyword}}"?',
  empty: 'No keyword rules yet',
  taken: 'A rule for this keyword and field exists',
  matchType: { contains: 'Contains', word: 'Whole word' },
  field: { any: 'Subject or body', subject: 'Subject', body: 'Body' },
  column: {
    keyword: 'Keyword',
    matchType: 'Match',
    field: 'Where',
    priority: 'Priority',
    enabled: 'Enabled',
    updatedAt: 'Updated',
  },
  on: 'On',
  off: 'Off',
  test: {
    title: 'Test a sample mail',
    subject: 'Subject',
    body: 'Body',
    run: 'Test',
    result: 'Result: {{target}}',
    none: 'No rule matches',
    matched: 'Matching rules (the first one decides)',
  },
};

/** Both languages under `mailKeywords`, added to i18next when one of the module's screens loads. */
export const mailKeywordsTexts = { 'zh-CN': { mailKeywords: mailKeywordsZhCN }, 'en-US': { mailKeywords: mailKeywordsEnUS } };

// Types `t('mailKeywords.…')` across the app (app/locales/messages.ts).
declare module '../../../app/locales/messages' {
  interface ModuleMessages {
    mailKeywords: typeof mailKeywordsZhCN;
  }
}
