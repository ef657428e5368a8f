/**
 * Scene settings (/user-platform/scenceSetting) as a declared kind: the tabs of the app's scene
 * page, each a name per language, an icon and its light effects in order (picked among those not
 * archived, drawn with their swatch, 1–50). The preview draws each tab and its effects.
 */
import {
  SCENE_CATEGORY_SLOT_DEFS,
  SCENE_EFFECT_LIMITS,
  SCENE_ICON_RULE,
  type SceneCategory,
  sceneCategoryEndpoints,
  sceneCategoryImage,
} from '@bo/contract/appcontent/scenes';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { effectLabel, RelatedIdsInput } from '../related/RelatedIdsInput';
import { EffectSwatch } from '../swatch/Swatch';
import { useEffectsOf } from './catalogue.queries';
import { ItemImage } from './fields';

const T = 'appContent.sceneCategory';
const ID = 'scene-category';

export default function SceneSettingsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const choices = useEffectsOf('scenes');
  const byId = new Map((choices.data ?? []).map((c) => [c.id, c]));
  const swatches = (ids: readonly number[], width: number) => (
    <Space size={4} wrap>
      {ids.map((id) => {
        const e = byId.get(id);
        return e ? (
          <EffectSwatch key={id} effect={e} width={width} height={10} />
        ) : (
          <Typography.Text key={id} type="danger">
            #{id}
          </Typography.Text>
        );
      })}
    </Space>
  );
  const screen: KindScreen<SceneCategory> = {
    ...mainSlot('sceneCategory', sceneCategoryEndpoints, SCENE_CATEGORY_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'icon',
        priority: 'key',
        width: 56,
        title: '',
        render: (_, r) => <FileThumb fileId={r.imageFileId} width={36} height={36} />,
      },
    ],
    columns: [
      {
        key: 'tab',
        priority: 'key',
        width: 140,
        ellipsis: true,
        title: t(`${T}.column.tab`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
      {
        key: 'effects',
        priority: 'normal',
        width: 240,
        title: t(`${T}.column.effects`),
        render: (_, r) => (
          <Space orientation="vertical" size={2}>
            <Typography.Text type="secondary">{t(`${T}.count`, { count: r.effectIds.length })}</Typography.Text>
            {swatches(r.effectIds.slice(0, 8), 24)}
          </Space>
        ),
      },
    ],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: (
          <BannerImageInput
            own={{ endpoint: sceneCategoryImage, rule: SCENE_ICON_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
          />
        ),
      },
      {
        name: 'nameZh',
        input: 'bilingual',
        label: t(`${T}.field.nameZh`),
        pair: { name: 'nameEn', label: t(`${T}.field.nameEn`), testId: `${ID}-name-en` },
        requireOne: true,
        testId: `${ID}-name-zh`,
      },
      {
        name: 'effectIds',
        label: t(`${T}.field.effects`),
        extra: t(`${T}.field.effectsHint`, { max: SCENE_EFFECT_LIMITS.max }),
        input: (
          <RelatedIdsInput
            effectId={undefined}
            max={SCENE_EFFECT_LIMITS.max}
            choices={choices.data ?? []}
            zh={zh}
            texts={{
              add: t(`${T}.field.add`),
              up: t(`${T}.field.up`),
              down: t(`${T}.field.down`),
              remove: t(`${T}.field.remove`),
              missing: t(`${T}.missing`),
            }}
          />
        ),
      },
    ],
    valuesOf: (r) => ({ imageFileId: r.imageFileId, nameZh: r.nameZh, nameEn: r.nameEn, effectIds: r.effectIds }),
    blank: { nameZh: '', nameEn: '', effectIds: [] },
    bodyOf: (v) => ({
      imageFileId: v.imageFileId,
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      effectIds: (v.effectIds as number[] | undefined) ?? [],
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Space align="center">
          <ItemImage item={i.icon} width={32} height={32} round={8} />
          <Typography.Text strong>{String(i.name)}</Typography.Text>
        </Space>
        <Space orientation="vertical" size={2} style={{ marginTop: 4 }}>
          {(i.effectIds as number[]).map((id) => {
            const e = byId.get(id);
            return (
              <Space key={id} size={6}>
                {e ? <EffectSwatch effect={e} width={60} height={12} /> : null}
                <span>{e ? effectLabel(e, zh) : `#${id}`}</span>
              </Space>
            );
          })}
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
