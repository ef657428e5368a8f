/**
 * The light effects' icons (/user-platform/lightEffectIconMgr) as a declared kind: a square image
 * through the banners' image input (the icon rule), a name per language, a group (the effects'
 * categories). The preview draws the icons as the app's grid does.
 */
import {
  ICON_GROUPS,
  ICON_IMAGE_RULE,
  LIGHT_EFFECT_ICON_SLOT_DEFS,
  type LightEffectIcon,
  lightEffectIconEndpoints,
  lightEffectIconImage,
} from '@bo/contract/appcontent/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot } from '../kinds/ContentKindPage';

const T = 'appContent.lightEffectIcon';
const ID = 'light-effect-icon';

export default function LightEffectIconsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const group = (g: string) => t(`appContent.effect.category.${g as LightEffectIcon['group']}`);
  const screen: KindScreen<LightEffectIcon> = {
    ...mainSlot('lightEffectIcon', lightEffectIconEndpoints, LIGHT_EFFECT_ICON_SLOT_DEFS.main.permission, T, ID),
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
        key: 'iconName',
        priority: 'key',
        width: 150,
        ellipsis: true,
        title: t(`${T}.column.name`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
      {
        key: 'group',
        priority: 'normal',
        width: 100,
        title: t(`${T}.column.group`),
        render: (_, r) => <Tag>{group(r.group)}</Tag>,
      },
    ],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: (
          <BannerImageInput
            own={{ endpoint: lightEffectIconImage, rule: ICON_IMAGE_RULE }}
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
        name: 'group',
        input: 'select',
        label: t(`${T}.field.group`),
        extra: t(`${T}.field.groupHint`),
        options: ICON_GROUPS.map((g) => ({ value: g, label: group(g) })),
        testId: `${ID}-group`,
      },
    ],
    valuesOf: (r) => ({ imageFileId: r.imageFileId, nameZh: r.nameZh, nameEn: r.nameEn, group: r.group }),
    blank: { nameZh: '', nameEn: '', group: 'other' },
    bodyOf: (v) => ({ imageFileId: v.imageFileId, nameZh: v.nameZh ?? '', nameEn: v.nameEn ?? '', group: v.group }),
    renderItem: (i) => (
      <Space align="center">
        <img src={(i.image as { thumbUrl: string }).thumbUrl} alt="" width={48} height={48} style={{ borderRadius: 10 }} />
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{String(i.name)}</Typography.Text>
          <Typography.Text type="secondary">{group(String(i.group))}</Typography.Text>
        </Space>
      </Space>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
