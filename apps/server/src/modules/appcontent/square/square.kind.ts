/**
 * The light-effect square (docs/appcontent.md "New products…") as a declared kind of three slots
 * (the sections): the pinned effect is a light-effect record that is not archived, checked on
 * every save; the app reads the effect itself from `lightEffect`.
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import type { SquarePickBody, SquarePickPayload } from '@bo/contract/appcontent/square';
import type { ContentKind } from '../content.service';
import { checkEffects } from '../kind-refs';

export const squarePickKind: ContentKind<SquarePickPayload, SquarePickBody> = {
  kind: 'squarePick',
  search: ['noteZh', 'noteEn'],
  payloadOf: async (tx, _actor, _slot, b) => {
    await checkEffects(tx, 'effectId', [b.effectId]);
    return { effectId: b.effectId, noteZh: b.noteZh, noteEn: b.noteEn };
  },
  itemOf: (p, lang) => ({ effectId: p.effectId, note: textIn(p.noteZh, p.noteEn, lang), noteZh: p.noteZh, noteEn: p.noteEn }),
};
