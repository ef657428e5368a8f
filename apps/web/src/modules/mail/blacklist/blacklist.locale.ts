/** Texts of /blacklist; merged into the app's locale files under `mailBlacklist`. */
export const mailBlacklistZhCN = {
  title: '客户黑名单',
  subtitle: '名单上的买家不会收到任何自动邮件（索评邮件、邀评计划）。退订的买家也显示在这里，只能由买家本人恢复。',
  search: '邮箱或原因',
  allSources: '全部来源',
  source: { manual: '手动加入', unsubscribe: '买家退订' },
  create: '加入黑名单',
  createTitle: '把买家加入黑名单',
  created: '{{email}} 已加入黑名单',
  deleted: '{{email}} 已移出黑名单',
  confirmDelete: '把 {{email}} 移出黑名单？之后该买家会再次收到自动邮件。',
  unsubscribeLocked: '买家本人退订，不能移出',
  taken: '该邮箱已在名单上',
  empty: '黑名单是空的',
  column: { email: '买家邮箱', reason: '原因', source: '来源', createdBy: '加入人', createdAt: '加入时间' },
  emailHint: '亚马逊买家邮箱（如 xxx@marketplace.amazon.com），不区分大小写',
};

export const mailBlacklistEnUS: typeof mailBlacklistZhCN = {
  title: 'Customer blacklist',
  subtitle:
    'Buyers on this list get no automatic mail (review requests, invitation plans). Buyers who unsubscribed are listed too; only they can undo it.',
  search: 'E-mail or reason',
  allSources: 'All sources',
  source: { manual: 'Added by staff', unsubscribe: 'Unsubscribed' },
  create: 'Add to blacklist',
  createTitle: 'Put a buyer on the blacklist',
  created: '{{email}} is on the blacklist',
  deleted: '{{email}} was taken off the blacklist',
  confirmDelete: 'Take {{email}} off the blacklist? The buyer will get automatic mail again.',
  unsubscribeLocked: 'The buyer unsubscribed: cannot be removed',
  taken: 'This address is on the list already',
  empty: 'The blacklist is empty',
  column: { email: 'Buyer e-mail', reason: 'Reason', source: 'Source', createdBy: 'Added by', createdAt: 'Added' },
  emailHint: 'The Amazon buyer address (e.g. xxx@marketplace.amazon.com); case does not matter',
};

/** Both languages under `mailBlacklist`, added to i18next when the screen loads. */
export const mailBlacklistTexts = {
  'zh-CN': { mailBlacklist: mailBlacklistZhCN },
  'en-US': { mailBlacklist: mailBlacklistEnUS },
};

// Types `t('mailBlacklist.…')` across the app (app/locales/messages.ts).
declare module '../../../app/locales/messages' {
  interface ModuleMessages {
    mailBlacklist: typeof mailBlacklistZhCN;
  }
}
