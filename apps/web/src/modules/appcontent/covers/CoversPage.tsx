/**
 * The app's covers (/user-platform/coverMgr): the home page's cover and the splash screen, two
 * slots of one kind on one screen, switched in the toolbar (`?slot=`); each slot's list, image
 * rule and upload, on the banners' image screen.
 */

import { COVER_ENDPOINTS_OF, COVER_SLOT_DEFS, COVER_SLOTS, type CoverSlot } from '@bo/contract/appcontent/covers';
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImageContentPage } from '../banners/BannersPage';

const T = 'appContent.covers';

/** The slot the URL names (`?slot=`), the home cover otherwise. */
export const coverSlotOf = (asked: string | null): CoverSlot =>
  (COVER_SLOTS as readonly string[]).includes(asked ?? '') ? (asked as CoverSlot) : 'home';

export default function CoversPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const slot = coverSlotOf(params.get('slot'));
  const ep = COVER_ENDPOINTS_OF[slot];
  return (
    <ImageContentPage
      kind="cover"
      slot={slot}
      endpoints={ep as unknown as ContentEndpoints}
      permission={COVER_SLOT_DEFS[slot].permission}
      texts={T}
      title={`${T}.title`}
      testId="cover"
      upload={{ endpoint: ep.upload, rule: COVER_SLOT_DEFS[slot].rule }}
      switcher={
        <Segmented
          value={slot}
          onChange={(v) => setParams({ slot: String(v) })}
          options={COVER_SLOTS.map((s) => ({ value: s, label: t(`${T}.slot.${s}`) }))}
          data-testid="cover-slot"
        />
      }
    />
  );
}
