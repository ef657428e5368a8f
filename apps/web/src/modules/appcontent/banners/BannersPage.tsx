/**
 * Banners as a declared kind (three slots, one screen each): the image column and input, alt text, link, the preview's
 * picture. Covers are the same payload on their own slots (covers/CoversPage.tsx): `ImageContentPage` serves both.
 */
import {
  BANNER_ENDPOINTS_OF,
  BANNER_SLOT_DEFS,
  type Banner,
  type BannerSlot,
  type SlotRule,
} from '@bo/contract/appcontent/banners';
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import { Image, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentKindPage, type KindScreen } from '../kinds/ContentKindPage';
import { useThumbnail } from '../kinds/content.queries';
import { BannerImageInput } from './BannerImageInput';

/** A stored image's thumbnail in a list row (a grey box while it loads or when there is none): banners, covers, icons. */
export function FileThumb({
  fileId,
  width,
  height,
  alt = '',
}: {
  fileId: number | null;
  width: number;
  height: number;
  alt?: string;
}) {
  const url = useThumbnail(fileId);
  return url ? (
    <Image src={url} width={width} alt={alt} preview={false} style={{ borderRadius: 4 }} />
  ) : (
    <div style={{ width, height, borderRadius: 4, background: '#f0f0f0' }} />
  );
}

interface Item {
  image: { url: string };
  alt: string;
  link: string;
}

/** What an image kind's screen needs besides the banner's fields: its slot's endpoints, permission, texts and upload. */
export interface ImageSlotScreen {
  kind: string;
  slot: string;
  endpoints: ContentEndpoints;
  permission: KindScreen<Banner>['permission'];
  /** i18n prefix of the kind's texts (the banners' keys: column.image, field.*, the page's heads). */
  texts: 'appContent.banners' | 'appContent.covers';
  title: string;
  testId: string;
  upload: { endpoint: NonNullable<Parameters<typeof BannerImageInput>[0]['own']>['endpoint']; rule: SlotRule };
  switcher?: ReactNode;
}

/** One banner slot's screen. */
export function BannersPage({ slot }: { slot: BannerSlot }) {
  const T = 'appContent.banners';
  const ep = BANNER_ENDPOINTS_OF[slot];
  return (
    <ImageContentPage
      kind="banner"
      slot={slot}
      endpoints={ep as unknown as ContentEndpoints}
      permission={BANNER_SLOT_DEFS[slot].permission}
      texts={T}
      title={`${T}.title.${slot}`}
      testId="banner"
      upload={{ endpoint: ep.upload, rule: BANNER_SLOT_DEFS[slot].rule }}
    />
  );
}

/**
 * The screen of a slot of an image kind (a banner's payload: an image that fits the slot, alt
 * text per language, a link): banners and covers.
 */
export function ImageContentPage(s: ImageSlotScreen) {
  const { t } = useTranslation();
  const T = s.texts;
  const ID = s.testId;
  const screen: KindScreen<Banner> = {
    kind: s.kind,
    slot: s.slot,
    endpoints: s.endpoints,
    permission: s.permission,
    texts: T,
    title: s.title,
    testId: ID,
    switcher: s.switcher,
    leadColumns: [
      {
        key: 'image',
        priority: 'key',
        width: 108,
        title: t(`${T}.column.image`),
        render: (_, b) => <FileThumb fileId={b.imageFileId} width={88} height={44} alt={b.altEn || b.altZh} />,
      },
    ],
    columns: [],
    fields: (record) => [
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: <BannerImageInput own={s.upload} size={record ? { width: record.width, height: record.height } : undefined} />,
      },
      {
        name: 'altZh',
        input: 'bilingual',
        label: t(`${T}.field.altZh`),
        pair: { name: 'altEn', label: t(`${T}.field.altEn`), testId: `${ID}-alt-en` },
        requireOne: true,
        testId: `${ID}-alt-zh`,
      },
      { name: 'link', label: t(`${T}.field.link`), extra: t(`${T}.field.linkHint`), testId: `${ID}-link` },
    ],
    valuesOf: (b) => ({ imageFileId: b.imageFileId, altZh: b.altZh, altEn: b.altEn, link: b.link }),
    blank: { altZh: '', altEn: '', link: '' },
    bodyOf: (v) => ({ imageFileId: v.imageFileId, altZh: v.altZh ?? '', altEn: v.altEn ?? '', link: v.link ?? '' }),
    renderItem: (i) => {
      const b = i as unknown as Item;
      return (
        <figure style={{ margin: 0 }}>
          <img src={b.image.url} alt={b.alt} style={{ width: '100%', borderRadius: 8, display: 'block' }} />
          <figcaption>
            <Typography.Text>{b.alt}</Typography.Text>
            {b.link && (
              <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                {b.link}
              </Typography.Text>
            )}
          </figcaption>
        </figure>
      );
    },
  };
  return <ContentKindPage key={s.slot} screen={screen} />;
}
