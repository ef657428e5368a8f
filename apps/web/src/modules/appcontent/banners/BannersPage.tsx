import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { BANNER_SLOT_DEFS, type Banner, type BannerSlot } from '@bo/contract/appcontent/banners';
import {
  CONTENT_MACHINE,
  CONTENT_STATES,
  type ContentAction,
  PLATFORMS,
  WINDOW_STATUSES,
} from '@bo/contract/appcontent/publishing';
import { Button, DatePicker, Image, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { BannerImageInput } from './BannerImageInput';
import { BannerPreviewDrawer } from './BannerPreviewDrawer';
import {
  bannerKeys,
  endpointsOf,
  useBannerAction,
  useDeleteBanner,
  useModels,
  useSaveBanner,
  useThumbnail,
} from './banners.queries';

interface Values {
  name: string;
  imageFileId: number;
  altZh: string;
  altEn: string;
  link: string;
  priority: number;
  position: number;
  countries: string[];
  languages: string[];
  versionRange: string;
  platforms: (typeof PLATFORMS)[number][];
  models: string[];
  window: [Dayjs | null, Dayjs | null] | null;
}

const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP', 'CN', 'KR', 'SG', 'AU', 'IN', 'BR'];
const LANGUAGES = ['zh', 'zh-cn', 'zh-tw', 'en', 'en-us', 'en-gb', 'de', 'fr', 'it', 'es', 'ja', 'ko', 'pt'];
const PLATFORM_LABEL = { ios: 'iOS', android: 'Android' } as const;
const WINDOW_COLOR = { upcoming: 'blue', live: 'green', ended: 'default' } as const;

function RowThumb({ banner }: { banner: Banner }) {
  const url = useThumbnail(banner.imageFileId);
  return url ? (
    <Image src={url} width={88} alt={banner.altEn || banner.altZh} preview={false} style={{ borderRadius: 4 }} />
  ) : (
    <div style={{ width: 88, height: 44, borderRadius: 4, background: '#f0f0f0' }} />
  );
}

/** One banner slot's screen: list with state tags and filters, edit drawer, state moves, preview as an app. */
export function BannersPage({ slot }: { slot: BannerSlot }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const ep = endpointsOf(slot);
  const page = BANNER_SLOT_DEFS[slot].permission;
  const canEdit = can(`${page}:edit`);
  const list = useListQuery(ep.list.query);
  const save = useSaveBanner(slot);
  const move = useBannerAction(slot);
  const del = useDeleteBanner(slot);
  const models = useModels(slot);
  const [editor, setEditor] = useState<Editor<Banner> | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const stateLabel = (s: Banner['state']) => CONTENT_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'];

  const run = async (b: Banner, action: ContentAction) => {
    try {
      await move.mutateAsync({ id: b.id, action, version: b.version });
      notify.success(t(`appContent.banners.done.${action}`, { name: b.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const remove = async (b: Banner) => {
    try {
      await del.mutateAsync(b.id);
      notify.success(t('appContent.banners.deleted', { name: b.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const targetingText = (b: Banner) => {
    const g = b.targeting;
    const parts = [
      g.countries.join(' '),
      g.languages.join(' '),
      g.versionRange && `v${g.versionRange}`,
      g.platforms.map((p) => PLATFORM_LABEL[p]).join('/'),
      g.models.join(' '),
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('appContent.banners.everyone');
  };

  const columns: KitColumn<Banner>[] = [
    {
      key: 'image',
      priority: 'key',
      width: 108,
      title: t('appContent.banners.column.image'),
      render: (_, b) => <RowThumb banner={b} />,
    },
    {
      key: 'name',
      priority: 'key',
      width: 210,
      ellipsis: true,
      title: t('appContent.banners.column.name'),
      render: (_, b) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: b })} data-testid={`banner-edit-${b.id}`}>
            {b.name}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis data-testid={`banner-targeting-${b.id}`}>
            {targetingText(b)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('appContent.banners.column.state'),
      render: (_, b) => (
        <Space orientation="vertical" size={2}>
          <StateTag machine={CONTENT_MACHINE} state={b.state} testId={`banner-state-${b.id}`} />
          {b.state !== 'draft' && b.state !== 'archived' && (
            <Tag color={WINDOW_COLOR[b.windowStatus]}>{t(`appContent.banners.window.${b.windowStatus}`)}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'windowStart',
      sortable: true,
      priority: 'key',
      width: 180,
      title: t('appContent.banners.column.window'),
      render: (_, b) =>
        !b.windowStart && !b.windowEnd ? (
          t('appContent.banners.always')
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{b.windowStart ? formatDateTime(b.windowStart) : t('appContent.banners.now')}</span>
            <Typography.Text type="secondary">
              {b.windowEnd ? formatDateTime(b.windowEnd) : t('appContent.banners.noEnd')}
            </Typography.Text>
          </Space>
        ),
    },
    {
      key: 'priority',
      sortable: true,
      priority: 'detail',
      width: 110,
      title: t('appContent.banners.column.order'),
      render: (_, b) => `${b.priority} / ${b.position}`,
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('appContent.banners.column.updatedAt'),
      render: (_, b) => `${formatDateTime(b.updatedAt)}${b.updatedBy ? ` · ${b.updatedBy}` : ''}`,
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      width: 250,
      title: t('common.actions'),
      render: (_, b) => (
        <Space size={4} wrap>
          <StateActions
            machine={CONTENT_MACHINE}
            state={b.state}
            allow={() => canEdit}
            onAction={(a) => void run(b, a)}
            busy={move.isPending && move.variables?.id === b.id ? move.variables.action : null}
            testIdPrefix={`banner-${b.id}`}
          />
          {(b.state === 'draft' || b.state === 'archived') && (
            <Can permission={`${page}:delete`}>
              <DeleteAction
                title={t('appContent.banners.confirmDelete', { name: b.name })}
                onConfirm={() => void remove(b)}
                testId={`banner-delete-${b.id}`}
                confirmTestId="banner-delete-confirm"
              />
            </Can>
          )}
        </Space>
      ),
    },
  ];

  const tags = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
  const record = editor && editor.mode !== 'create' ? editor.record : undefined;

  return (
    <>
      <ListPage
        testId={`page-banners-${slot}`}
        title={t(`appContent.banners.title.${slot}`)}
        subtitle={t('appContent.banners.subtitle')}
        endpoint={ep.list}
        state={list}
        keyPrefix={bannerKeys.all(slot)}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('appContent.banners.search'), maxLength: 100, testId: 'banners-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('appContent.banners.allStates'),
            width: 130,
            options: CONTENT_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
            testId: 'banners-state',
          },
          {
            kind: 'select',
            key: 'windowStatus',
            placeholder: t('appContent.banners.allWindows'),
            width: 130,
            options: WINDOW_STATUSES.map((w) => ({ value: w, label: t(`appContent.banners.window.${w}`) })),
            testId: 'banners-window',
          },
          {
            kind: 'select',
            key: 'country',
            placeholder: t('appContent.banners.country'),
            width: 110,
            options: tags(COUNTRIES),
            testId: 'banners-country',
          },
          {
            kind: 'select',
            key: 'platform',
            placeholder: t('appContent.banners.platform'),
            width: 120,
            options: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] })),
            testId: 'banners-platform',
          },
        ]}
        toolbar={
          <>
            <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="banner-preview-open">
              {t('appContent.banners.preview')}
            </Button>
            <Can permission={`${page}:create`}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditor({ mode: 'create' })}
                data-testid="banner-create"
              >
                {t('appContent.banners.create')}
              </Button>
            </Can>
          </>
        }
        columns={columns}
        tableId={`appcontent.banners.${slot}`}
        rowKey="id"
        tableTestId="banners-table"
        emptyText={t('appContent.banners.empty')}
      />
      <BannerPreviewDrawer slot={slot} open={previewing} onClose={() => setPreviewing(false)} />
      <EditDrawer<Banner, Values, Banner>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('appContent.banners.editTitle') : t('appContent.banners.createTitle'))}
        schema={ep.create.body}
        width={760}
        readOnly={(e) => e.mode === 'edit' && (e.record.state === 'archived' || !canEdit)}
        fields={[
          {
            name: 'name',
            label: t('appContent.banners.field.name'),
            extra: t('appContent.banners.field.nameHint'),
            section: t('appContent.banners.field.sectionContent'),
            testId: 'banner-name',
          },
          {
            name: 'imageFileId',
            label: t('appContent.banners.field.image'),
            input: <BannerImageInput slot={slot} size={record ? { width: record.width, height: record.height } : undefined} />,
          },
          {
            name: 'altZh',
            input: 'bilingual',
            label: t('appContent.banners.field.altZh'),
            pair: { name: 'altEn', label: t('appContent.banners.field.altEn'), testId: 'banner-alt-en' },
            requireOne: true,
            testId: 'banner-alt-zh',
          },
          {
            name: 'link',
            label: t('appContent.banners.field.link'),
            extra: t('appContent.banners.field.linkHint'),
            testId: 'banner-link',
          },
          {
            name: 'countries',
            section: t('appContent.banners.field.sectionTargeting'),
            span: 12,
            label: t('appContent.banners.field.countries'),
            extra: t('appContent.banners.field.countriesHint'),
            normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toUpperCase()) : v),
            input: (
              <Select
                mode="tags"
                allowClear
                options={tags(COUNTRIES)}
                tokenSeparators={[',', ' ']}
                data-testid="banner-countries"
              />
            ),
          },
          {
            name: 'languages',
            span: 12,
            label: t('appContent.banners.field.languages'),
            extra: t('appContent.banners.field.languagesHint'),
            normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toLowerCase()) : v),
            input: (
              <Select
                mode="tags"
                allowClear
                options={tags(LANGUAGES)}
                tokenSeparators={[',', ' ']}
                data-testid="banner-languages"
              />
            ),
          },
          {
            name: 'versionRange',
            span: 12,
            label: t('appContent.banners.field.versionRange'),
            extra: t('appContent.banners.field.versionRangeHint'),
            placeholder: '>=3.2.0 <4',
            testId: 'banner-version-range',
          },
          {
            name: 'platforms',
            span: 12,
            label: t('appContent.banners.field.platforms'),
            extra: t('appContent.banners.field.platformsHint'),
            input: (
              <Select
                mode="multiple"
                allowClear
                options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
                data-testid="banner-platforms"
              />
            ),
          },
          {
            name: 'models',
            label: t('appContent.banners.field.models'),
            extra: t('appContent.banners.field.modelsHint'),
            input: (
              <Select
                mode="multiple"
                allowClear
                loading={models.isPending}
                optionFilterProp="label"
                options={(models.data ?? []).map((m) => ({
                  value: m.model.toUpperCase(),
                  label: `${m.model} · ${lang === 'zh-CN' ? m.name : m.nameEn}`,
                }))}
                data-testid="banner-models"
              />
            ),
          },
          {
            name: 'window',
            section: t('appContent.banners.field.sectionSchedule'),
            label: t('appContent.banners.field.window'),
            extra: t('appContent.banners.field.windowHint'),
            input: (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowEmpty={[true, true]}
                placeholder={[t('appContent.banners.now'), t('appContent.banners.noEnd')]}
                data-testid="banner-window"
              />
            ),
          },
          {
            name: 'priority',
            span: 12,
            input: 'number',
            label: t('appContent.banners.field.priority'),
            extra: t('appContent.banners.field.priorityHint'),
            testId: 'banner-priority',
          },
          {
            name: 'position',
            span: 12,
            input: 'number',
            label: t('appContent.banners.field.position'),
            extra: t('appContent.banners.field.positionHint'),
            testId: 'banner-position',
          },
        ]}
        initialValues={(e) =>
          e.record
            ? {
                name: e.record.name,
                imageFileId: e.record.imageFileId,
                altZh: e.record.altZh,
                altEn: e.record.altEn,
                link: e.record.link,
                priority: e.record.priority,
                position: e.record.position,
                ...e.record.targeting,
                window: [
                  e.record.windowStart ? dayjs(e.record.windowStart) : null,
                  e.record.windowEnd ? dayjs(e.record.windowEnd) : null,
                ],
              }
            : {
                altZh: '',
                altEn: '',
                link: '',
                priority: 0,
                position: 0,
                countries: [],
                languages: [],
                versionRange: '',
                platforms: [],
                models: [],
                window: null,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : 0,
            body: {
              name: v.name,
              imageFileId: v.imageFileId,
              altZh: v.altZh ?? '',
              altEn: v.altEn ?? '',
              link: v.link ?? '',
              priority: v.priority ?? 0,
              position: v.position ?? 0,
              countries: v.countries ?? [],
              languages: v.languages ?? [],
              versionRange: v.versionRange ?? '',
              platforms: v.platforms ?? [],
              models: v.models ?? [],
              windowStart: v.window?.[0] ? v.window[0].toISOString() : null,
              windowEnd: v.window?.[1] ? v.window[1].toISOString() : null,
            },
          })
        }
        savedText={(b) => t('appContent.banners.saved', { name: b.name })}
        testId="banner-form"
        saveTestId="banner-save"
      />
    </>
  );
}
