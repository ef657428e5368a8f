/**
 * Texts of the share dialog and the public pages' frame (ShareDialog.tsx, SharedPageFrame.tsx),
 * under `shareLinks`. They travel with the screens that share (their `*.screens.ts` list
 * `shareLinksTexts`), not in the entry.
 */
export const shareLinksZhCN = {
  button: '分享',
  title: '分享只读链接',
  what: '分享内容',
  lifetime: '有效期',
  days: '{{count}} 天',
  create: '生成链接',
  made: '链接已生成：请现在复制，之后不会再次显示',
  copied: '链接已生成并复制，可以粘贴到聊天中',
  none: '还没有分享链接',
  state: '状态',
  states: { active: '有效', expired: '已过期', revoked: '已撤销' },
  by: '创建人',
  expires: '过期时间',
  uses: '打开次数',
  revoke: '撤销',
  confirmRevoke: '撤销后此链接立即失效，确定撤销？',
  gone: '此链接无效',
  goneHelp: '链接可能已过期或已被撤销，请向分享人索取新的链接。',
  readOnly: '只读视图，链接于 {{at}} 过期',
};

export const shareLinksEnUS: typeof shareLinksZhCN = {
  button: 'Share',
  title: 'Share a read-only link',
  what: 'Share',
  lifetime: 'Valid for',
  days: '{{count}} days',
  create: 'Make link',
  made: 'Link made: copy it now, it is not shown again',
  copied: 'Link made and copied: paste it into the chat',
  none: 'No share links yet',
  state: 'State',
  states: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
  by: 'Made by',
  expires: 'Expires',
  uses: 'Opened',
  revoke: 'Revoke',
  confirmRevoke: 'The link stops working at once. Revoke it?',
  gone: 'This link does not open',
  goneHelp: 'It may have expired or been revoked: ask the person who shared it for a new one.',
  readOnly: 'Read-only view; the link expires {{at}}',
};

export const shareLinksTexts = {
  'zh-CN': { shareLinks: shareLinksZhCN },
  'en-US': { shareLinks: shareLinksEnUS },
};

// Types `t('shareLinks.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    shareLinks: typeof shareLinksZhCN;
  }
}
