/**
 * The light-effect libraries (/user-platform/lightEffectLibraries) as a declared kind: three
 * slots (scene, music, DIY) on one screen, switched in the toolbar (`?library=`). An effect is
 * its name per language, mode, category, colours, the colour of each segment, a speed for the
 * moving modes and a brightness; the swatch draws it in the list, in the drawer while typing and
 * in the preview. The devices it is for are the model's targeting (device models).
 */
import {
  LIGHT_EFFECT_ENDPOINTS_OF,
  LIGHT_EFFECT_SLOT_DEFS,
  LIGHT_EFFECT_SLOTS,
  type LightEffect,
  type LightEffectSlot,
} from '@bo/contract/appcontent/light-effects';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen } from '../kinds/ContentKindPage';
import { effectScreenParts } from './effect-screen';

const T = 'appContent.lightEffect';
const ID = 'light-effect';

export default function LightEffectsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const [params, setParams] = useSearchParams();
  const asked = params.get('library');
  const slot: LightEffectSlot = (LIGHT_EFFECT_SLOTS as readonly string[]).includes(asked ?? '')
    ? (asked as LightEffectSlot)
    : 'scene';
  const screen: KindScreen<LightEffect> = {
    kind: 'lightEffect',
    slot,
    endpoints: LIGHT_EFFECT_ENDPOINTS_OF[slot] as unknown as KindScreen<LightEffect>['endpoints'],
    permission: LIGHT_EFFECT_SLOT_DEFS[slot].permission,
    texts: T,
    title: `${T}.title`,
    testId: ID,
    switcher: (
      <Segmented
        value={slot}
        onChange={(v) => setParams({ library: String(v) })}
        options={LIGHT_EFFECT_SLOTS.map((s) => ({ value: s, label: t(`${T}.library.${s}`) }))}
        data-testid={`${ID}-library`}
      />
    ),
    ...effectScreenParts(t, zh, T, ID),
  };
  return <ContentKindPage key={slot} screen={screen} />;
}
