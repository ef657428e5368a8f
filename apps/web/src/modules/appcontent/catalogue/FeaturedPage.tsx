/**
 * Featured content (/user-platform/exquisiteSetting) as a declared kind: a curated card (title and
 * subtitle per language, a cover) that opens another content record, picked among the records of
 * its kind that are not archived, or an https link. The preview draws the cards as the app does and
 * says what each opens.
 */
import {
  FEATURED_IMAGE_RULE,
  FEATURED_SLOT_DEFS,
  FEATURED_TARGET_KINDS,
  FEATURED_TARGET_TYPES,
  type Featured,
  type FeaturedTargetKind,
  featuredEndpoints,
  featuredImage,
} from '@bo/contract/appcontent/featured';
import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { useFeaturedTargets } from './catalogue.queries';
import { ItemImage } from './fields';

const T = 'appContent.featured';
const ID = 'featured';

/** The records of the chosen kind a card may open (none until a kind is chosen). */
function TargetPicker({
  kind,
  value,
  onChange,
}: {
  kind: FeaturedTargetKind | undefined;
  value?: number;
  onChange?: (id: number) => void;
}) {
  const targets = useFeaturedTargets(kind);
  return (
    <Select<number>
      showSearch
      value={value}
      onChange={onChange}
      disabled={!kind}
      loading={targets.isFetching}
      optionFilterProp="label"
      options={(targets.data ?? []).map((r) => ({ value: r.id, label: `#${r.id} · ${r.name}` }))}
      data-testid={`${ID}-target-id`}
    />
  );
}

export default function FeaturedPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const kindLabel = (k: string) => t(`${T}.kind.${k as FeaturedTargetKind}`);
  const opens = (r: { targetType: string; targetKind: string | null; targetId: number | null; url: string }) =>
    r.targetType === 'content' ? `${kindLabel(String(r.targetKind))} #${r.targetId}` : r.url;
  const screen: KindScreen<Featured> = {
    ...mainSlot('featured', featuredEndpoints, FEATURED_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'image',
        priority: 'key',
        width: 80,
        title: '',
        render: (_, r) => <FileThumb fileId={r.imageFileId} width={60} height={40} />,
      },
    ],
    columns: [
      {
        key: 'card',
        priority: 'key',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.card`),
        render: (_, r) => (
          <Space orientation="vertical" size={0}>
            <span>{inLang(zh, r.titleZh, r.titleEn)}</span>
            <Typography.Text type="secondary">{inLang(zh, r.subtitleZh, r.subtitleEn)}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'target',
        priority: 'normal',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.target`),
        render: (_, r) => <Tag>{opens(r)}</Tag>,
      },
    ],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: (
          <BannerImageInput
            own={{ endpoint: featuredImage, rule: FEATURED_IMAGE_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
          />
        ),
      },
      {
        name: 'titleZh',
        input: 'bilingual',
        label: t(`${T}.field.titleZh`),
        pair: { name: 'titleEn', label: t(`${T}.field.titleEn`), testId: `${ID}-title-en` },
        requireOne: true,
        testId: `${ID}-title-zh`,
      },
      {
        name: 'subtitleZh',
        input: 'bilingual',
        label: t(`${T}.field.subtitleZh`),
        pair: { name: 'subtitleEn', label: t(`${T}.field.subtitleEn`), testId: `${ID}-subtitle-en` },
        testId: `${ID}-subtitle-zh`,
      },
      {
        name: 'targetType',
        input: 'radio',
        label: t(`${T}.field.targetType`),
        options: FEATURED_TARGET_TYPES.map((v) => ({ value: v, label: t(`${T}.targetType.${v}`) })),
        testId: `${ID}-target-type`,
      },
      {
        name: 'targetKind',
        input: 'select',
        span: 8,
        label: t(`${T}.field.targetKind`),
        options: FEATURED_TARGET_KINDS.map((k) => ({ value: k, label: kindLabel(k) })),
        visible: (v) => v.targetType === 'content',
        effects: () => ({ targetId: undefined }),
        testId: `${ID}-target-kind`,
      },
      {
        name: 'targetId',
        span: 16,
        label: t(`${T}.field.targetId`),
        extra: t(`${T}.field.targetIdHint`),
        visible: (v) => v.targetType === 'content',
        input: (v) => <TargetPicker kind={v.targetKind as FeaturedTargetKind | undefined} />,
      },
      {
        name: 'url',
        label: t(`${T}.field.url`),
        extra: t(`${T}.field.urlHint`),
        placeholder: 'https://',
        visible: (v) => v.targetType === 'url',
        testId: `${ID}-url`,
      },
    ],
    valuesOf: (r) => ({
      imageFileId: r.imageFileId,
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      subtitleZh: r.subtitleZh,
      subtitleEn: r.subtitleEn,
      targetType: r.targetType,
      targetKind: r.targetKind ?? undefined,
      targetId: r.targetId ?? undefined,
      url: r.url,
    }),
    blank: {
      titleZh: '',
      titleEn: '',
      subtitleZh: '',
      subtitleEn: '',
      targetType: 'content',
      targetKind: 'lightEffect',
      url: '',
    },
    bodyOf: (v) => {
      const content = v.targetType === 'content';
      return {
        imageFileId: v.imageFileId,
        titleZh: v.titleZh ?? '',
        titleEn: v.titleEn ?? '',
        subtitleZh: v.subtitleZh ?? '',
        subtitleEn: v.subtitleEn ?? '',
        targetType: v.targetType,
        targetKind: content ? (v.targetKind ?? null) : null,
        targetId: content ? (v.targetId ?? null) : null,
        url: content ? '' : (v.url ?? ''),
      };
    },
    renderItem: (i) => {
      const target = i.target as { type: string; kind?: string; id?: number; url?: string };
      return (
        <PreviewCard>
          <ItemImage item={i.image} width={300} height={200} />
          <Typography.Text strong style={{ display: 'block', marginTop: 6 }}>
            {String(i.title)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {String(i.subtitle)}
          </Typography.Text>
          <Tag style={{ marginTop: 4 }}>
            {target.type === 'content' ? `${kindLabel(String(target.kind))} #${target.id}` : target.url}
          </Tag>
        </PreviewCard>
      );
    },
  };
  return <ContentKindPage screen={screen} />;
}
