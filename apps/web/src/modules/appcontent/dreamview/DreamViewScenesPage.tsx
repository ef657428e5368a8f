/**
 * DreamView scenes (/user-platform/lightEffectDreamViewScene) as a declared kind: a scene is a
 * light effect, so the screen is the effect kinds' (the library's fields, rules and swatch in
 * the list, the drawer and the preview); the models that support it are the targeting's.
 */
import { DREAMVIEW_SCENE_SLOT_DEFS, dreamViewSceneEndpoints } from '@bo/contract/appcontent/dreamview';
import type { LightEffect } from '@bo/contract/appcontent/light-effects';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot } from '../kinds/ContentKindPage';
import { effectScreenParts } from '../light-effects/effect-screen';

const T = 'appContent.dreamView';
const ID = 'dreamview-scene';

export default function DreamViewScenesPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<LightEffect> = {
    ...mainSlot('dreamViewScene', dreamViewSceneEndpoints, DREAMVIEW_SCENE_SLOT_DEFS.main.permission, T, ID),
    ...effectScreenParts(t, zh, T, ID),
  };
  return <ContentKindPage screen={screen} />;
}
