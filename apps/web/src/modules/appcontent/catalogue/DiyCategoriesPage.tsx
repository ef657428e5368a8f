/**
 * DIY categories (/user-platform/diyCategory) as a declared kind: a name per language, a key (a
 * lower-case slug, unique among the categories not archived: the server's 409 shows on the field)
 * and an icon. The preview draws the categories as the app's picker does.
 */
import {
  DIY_CATEGORY_SLOT_DEFS,
  DIY_ICON_RULE,
  type DiyCategory,
  diyCategoryEndpoints,
  diyCategoryImage,
} from '@bo/contract/appcontent/diy';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot } from '../kinds/ContentKindPage';
import { ItemImage } from './fields';

const T = 'appContent.diyCategory';
const ID = 'diy-category';

export default function DiyCategoriesPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<DiyCategory> = {
    ...mainSlot('diyCategory', diyCategoryEndpoints, DIY_CATEGORY_SLOT_DEFS.main.permission, T, ID),
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
        key: 'category',
        priority: 'key',
        width: 150,
        ellipsis: true,
        title: t(`${T}.column.category`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
      {
        key: 'key',
        priority: 'key',
        width: 140,
        title: t(`${T}.column.key`),
        render: (_, r) => <Typography.Text code>{r.key}</Typography.Text>,
      },
    ],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: (
          <BannerImageInput
            own={{ endpoint: diyCategoryImage, rule: DIY_ICON_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
          />
        ),
      },
      {
        name: 'key',
        label: t(`${T}.field.key`),
        extra: t(`${T}.field.keyHint`),
        placeholder: 'party-lights',
        normalize: (v) => (typeof v === 'string' ? v.toLowerCase() : v),
        testId: `${ID}-key`,
      },
      {
        name: 'nameZh',
        input: 'bilingual',
        label: t(`${T}.field.nameZh`),
        pair: { name: 'nameEn', label: t(`${T}.field.nameEn`), testId: `${ID}-name-en` },
        requireOne: true,
        testId: `${ID}-name-zh`,
      },
    ],
    valuesOf: (r) => ({ imageFileId: r.imageFileId, key: r.key, nameZh: r.nameZh, nameEn: r.nameEn }),
    blank: { key: '', nameZh: '', nameEn: '' },
    bodyOf: (v) => ({ imageFileId: v.imageFileId, key: v.key ?? '', nameZh: v.nameZh ?? '', nameEn: v.nameEn ?? '' }),
    renderItem: (i) => (
      <Space align="center">
        <ItemImage item={i.icon} width={40} height={40} round={10} />
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{String(i.name)}</Typography.Text>
          <Typography.Text type="secondary" code>
            {String(i.key)}
          </Typography.Text>
        </Space>
      </Space>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
