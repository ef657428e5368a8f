/**
 * Life apps (/user-platform/lifeApp) as a declared kind: a third-party app that works with the
 * devices: its name, a description per language, an icon, its store links (https, one at least),
 * the account-link deep link; the models it supports are the targeting's (none: every model).
 * The preview draws each app as the app's list does, with its links.
 */
import {
  LIFE_APP_ICON_RULE,
  LIFE_APP_SLOT_DEFS,
  type LifeApp,
  lifeAppEndpoints,
  lifeAppImage,
} from '@bo/contract/appcontent/life-apps';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { ItemImage } from './fields';

const T = 'appContent.lifeApp';
const ID = 'life-app';

export default function LifeAppsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<LifeApp> = {
    ...mainSlot('lifeApp', lifeAppEndpoints, LIFE_APP_SLOT_DEFS.main.permission, T, ID),
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
        key: 'app',
        priority: 'key',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.app`),
        render: (_, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.appName}</span>
            <Typography.Text type="secondary" ellipsis>
              {inLang(zh, r.descriptionZh, r.descriptionEn)}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'stores',
        priority: 'normal',
        width: 120,
        title: t(`${T}.column.stores`),
        render: (_, r) => (
          <Space size={[0, 4]} wrap>
            {r.iosUrl && <Tag>iOS</Tag>}
            {r.androidUrl && <Tag>Android</Tag>}
          </Space>
        ),
      },
      {
        key: 'models',
        priority: 'detail',
        width: 140,
        ellipsis: true,
        title: t(`${T}.column.models`),
        render: (_, r) => (r.targeting.models.length ? r.targeting.models.join(' ') : t(`${T}.everyModel`)),
      },
    ],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        extra: t(`${T}.modelsHint`),
        input: (
          <BannerImageInput
            own={{ endpoint: lifeAppImage, rule: LIFE_APP_ICON_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
          />
        ),
      },
      { name: 'appName', label: t(`${T}.field.appName`), placeholder: 'Amazon Alexa', testId: `${ID}-app-name` },
      {
        name: 'descriptionZh',
        input: 'textarea',
        span: 12,
        label: t(`${T}.field.descriptionZh`),
        testId: `${ID}-description-zh`,
      },
      {
        name: 'descriptionEn',
        input: 'textarea',
        span: 12,
        label: t(`${T}.field.descriptionEn`),
        testId: `${ID}-description-en`,
      },
      {
        name: 'iosUrl',
        span: 12,
        label: t(`${T}.field.iosUrl`),
        extra: t(`${T}.field.storeHint`),
        placeholder: 'https://apps.apple.com/…',
        testId: `${ID}-ios-url`,
      },
      {
        name: 'androidUrl',
        span: 12,
        label: t(`${T}.field.androidUrl`),
        extra: t(`${T}.field.storeHint`),
        placeholder: 'https://play.google.com/…',
        testId: `${ID}-android-url`,
      },
      {
        name: 'accountLink',
        label: t(`${T}.field.accountLink`),
        extra: t(`${T}.field.accountLinkHint`),
        placeholder: 'alexa://…',
        testId: `${ID}-account-link`,
      },
    ],
    valuesOf: (r) => ({
      imageFileId: r.imageFileId,
      appName: r.appName,
      descriptionZh: r.descriptionZh,
      descriptionEn: r.descriptionEn,
      iosUrl: r.iosUrl,
      androidUrl: r.androidUrl,
      accountLink: r.accountLink,
    }),
    blank: { appName: '', descriptionZh: '', descriptionEn: '', iosUrl: '', androidUrl: '', accountLink: '' },
    bodyOf: (v) => ({
      imageFileId: v.imageFileId,
      appName: v.appName ?? '',
      descriptionZh: v.descriptionZh ?? '',
      descriptionEn: v.descriptionEn ?? '',
      iosUrl: v.iosUrl ?? '',
      androidUrl: v.androidUrl ?? '',
      accountLink: v.accountLink ?? '',
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Space align="start">
          <ItemImage item={i.icon} width={44} height={44} round={10} />
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(i.appName)}</Typography.Text>
            <Typography.Text type="secondary">{String(i.description)}</Typography.Text>
            <Space size={8} wrap>
              {i.iosUrl ? (
                <Typography.Link href={String(i.iosUrl)} target="_blank" rel="noreferrer">
                  App Store
                </Typography.Link>
              ) : null}
              {i.androidUrl ? (
                <Typography.Link href={String(i.androidUrl)} target="_blank" rel="noreferrer">
                  Google Play
                </Typography.Link>
              ) : null}
              <Tag color="blue">{t(`${T}.connect`)}</Tag>
            </Space>
            <Typography.Text type="secondary">
              {(i.models as string[]).length ? (i.models as string[]).join(' ') : t(`${T}.everyModel`)}
            </Typography.Text>
          </Space>
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
