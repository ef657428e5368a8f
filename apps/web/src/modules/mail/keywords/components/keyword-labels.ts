import type { Lang } from '@bo/contract';
import { dialogueTypeName, type KeywordKind, type KeywordRule } from '@bo/contract/mail/keywords';

export const BUTTONS = {
  dialogue: { create: 'email:keyword:create', edit: 'email:keyword:edit', delete: 'email:keyword:delete' },
  product: { create: 'email:productKeyword:create', edit: 'email:productKeyword:edit', delete: 'email:productKeyword:delete' },
} as const;

/** The rule's target as the reader's language names it. */
export const targetLabel = (kind: KeywordKind, r: Pick<KeywordRule, 'targetId' | 'targetName' | 'targetNameEn'>, lang: Lang) =>
  kind === 'dialogue'
    ? dialogueTypeName(r.targetId, lang)
    : ((lang === 'zh-CN' ? r.targetName : r.targetNameEn) ?? r.targetName ?? String(r.targetId));
