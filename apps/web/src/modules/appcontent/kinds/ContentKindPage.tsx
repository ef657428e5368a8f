/**
 * The screen of one slot of a declared content kind (docs/appcontent.md "Declaring a kind"):
 * the list with state and window tags, the model's filters, the kind's columns, the edit
 * drawer (the kind's payload fields, then the model's targeting, window and order), the state
 * moves through StateActions, delete, and "Preview as an app" (the read API's resolver). A kind
 * brings a `KindScreen`; everything else here is the model's.
 */
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContentPagePermission } from '@bo/contract/appcontent/app-api';
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import {
  CONTENT_MACHINE,
  CONTENT_STATES,
  type ContentAction,
  type ContentState,
  PLATFORMS,
  type Targeting,
  WINDOW_STATUSES,
  type WindowStatus,
} from '@bo/contract/appcontent/publishing';
import { Button, DatePicker, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../shared/Can';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import type { FormField } from '../../../shared/kit/edit-form';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { ContentPreviewDrawer } from './ContentPreviewDrawer';
import { contentKeys, type SlotRef, useContentAction, useDeleteContent, useModels, useSaveContent } from './content.queries';

/** The model's fields of every record in a list. */
export interface ContentRow {
  id: number;
  name: string;
  state: ContentState;
  windowStatus: WindowStatus;
  windowStart: string | null;
  windowEnd: string | null;
  priority: number;
  position: number;
  targeting: Targeting;
  version: number;
  updatedBy: string | null;
  updatedAt: string;
}

/** The drawer's values: the kind's payload fields beside the model's. */
export type ContentValues = Record<string, unknown> & {
  name?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
};

/**
 * What a kind declares to the screen: its slot and endpoints, its texts' prefix (title,
 * subtitle, search, create, createTitle, editTitle, empty, saved, deleted, confirmDelete,
 * nameHint under it), its test ids' prefix, its columns and fields, and how the preview draws
 * one item the app gets.
 */
export interface KindScreen<R extends ContentRow> {
  kind: string;
  slot: string;
  endpoints: ContentEndpoints;
  permission: ContentPagePermission;
  /** i18n prefix of the kind's own texts (`appContent.faq`). */
  texts: string;
  /** i18n key of the title (several slots of one kind have one each). */
  title: string;
  /** Test ids: `${testId}-create`, `${testId}s-table`, `${testId}-edit-{id}`… */
  testId: string;
  /** Columns before the name (a thumbnail) and after it (the kind's own). */
  leadColumns?: KitColumn<R>[];
  columns: KitColumn<R>[];
  /** The kind's payload fields in the drawer, given the record edited (none when creating). */
  fields: (record: R | undefined) => FormField<ContentValues>[];
  /** The payload's values of a record, and of a new one. */
  valuesOf: (record: R) => Record<string, unknown>;
  blank: Record<string, unknown>;
  /** The payload's body from the drawer's values. */
  bodyOf: (values: ContentValues) => Record<string, unknown>;
  /** One item of the preview, as the app shows it. */
  renderItem: (item: Record<string, unknown>) => ReactNode;
  drawerWidth?: number;
  /** Before the toolbar's buttons: a switch between the slots of a kind that share one screen (the light effects' libraries). */
  switcher?: ReactNode;
}

/** A text pair in the screen's language, the other one when it is empty (as the app shows it). */
export const inLang = (zh: boolean, textZh: string, textEn: string) => (zh ? textZh || textEn : textEn || textZh);

/** One item of a kind's preview: a card ruled off from the next. */
export const PreviewCard = ({ children }: { children: ReactNode }) => (
  <div style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>{children}</div>
);

/** The declaration of a kind of one slot (`main`): its endpoints, screen permission, texts' prefix (title `${texts}.title`) and test ids. */
export const mainSlot = (kind: string, endpoints: unknown, permission: ContentPagePermission, texts: string, testId: string) => ({
  kind,
  slot: 'main',
  endpoints: endpoints as ContentEndpoints,
  permission,
  texts,
  title: `${texts}.title`,
  testId,
});

/** A kind's title column: the title in the screen's language (the other when it is empty). */
export const titleColumn = <R extends ContentRow & { titleZh: string; titleEn: string }>(
  title: string,
  zh: boolean,
  width = 180,
): KitColumn<R> => ({
  key: 'title',
  priority: 'key',
  width,
  ellipsis: true,
  title,
  render: (_, r) => inLang(zh, r.titleZh, r.titleEn),
});

/** A kind's title in Chinese and English side by side, one of them needed (`titleZh` / `titleEn`, test ids `{testId}-title-zh|en`). */
export const titleField = (labels: { zh: string; en: string }, testId: string): FormField<ContentValues> => ({
  name: 'titleZh',
  input: 'bilingual',
  label: labels.zh,
  pair: { name: 'titleEn', label: labels.en, testId: `${testId}-title-en` },
  requireOne: true,
  testId: `${testId}-title-zh`,
});

const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP', 'CN', 'KR', 'SG', 'AU', 'IN', 'BR'];
const LANGUAGES = ['zh', 'zh-cn', 'zh-tw', 'en', 'en-us', 'en-gb', 'de', 'fr', 'it', 'es', 'ja', 'ko', 'pt'];
export const PLATFORM_LABEL = { ios: 'iOS', android: 'Android' } as const;
const WINDOW_COLOR = { upcoming: 'blue', live: 'green', ended: 'default' } as const;
const C = 'appContent.content';

/** One slot of a declared kind: list, edit drawer, state moves, delete, preview as an app. */
export function ContentKindPage<R extends ContentRow>({ screen: k }: { screen: KindScreen<R> }) {
  const { t } = useTranslation();
  // The kind's own texts, under the prefix it declares (typed keys are the kit's; these are checked by the kind's locale).
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const ref: SlotRef = { kind: k.kind, slot: k.slot, endpoints: k.endpoints };
  const ep = k.endpoints;
  const page = k.permission;
  const id = k.testId;
  const canEdit = can(`${page}:edit`);
  const list = useKitList(ep.list, contentKeys.all(k.kind, k.slot));
  const save = useSaveContent(ref);
  const move = useContentAction(ref);
  const del = useDeleteContent(ref);
  const models = useModels(ref);
  const [editor, setEditor] = useState<Editor<R> | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const stateLabel = (s: ContentState) => CONTENT_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'];

  const run = async (r: R, action: ContentAction) => {
    try {
      await move.mutateAsync({ id: r.id, action, version: r.version });
      notify.success(t(`${C}.done.${action}`, { name: r.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const remove = async (r: R) => {
    try {
      await del.mutateAsync(r.id);
      notify.success(tx(`${k.texts}.deleted`, { name: r.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const targetingText = (r: R) => {
    const g = r.targeting;
    const parts = [
      g.countries.join(' '),
      g.languages.join(' '),
      g.versionRange && `v${g.versionRange}`,
      g.platforms.map((p) => PLATFORM_LABEL[p]).join('/'),
      g.models.join(' '),
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t(`${C}.everyone`);
  };

  const columns: KitColumn<R>[] = [
    ...(k.leadColumns ?? []),
    {
      key: 'name',
      priority: 'key',
      width: 210,
      ellipsis: true,
      title: t(`${C}.column.name`),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: r })} data-testid={`${id}-edit-${r.id}`}>
            {r.name}
          </Typography.Link>
          <Typography.Text type="secondary" ellipsis data-testid={`${id}-targeting-${r.id}`}>
            {targetingText(r)}
          </Typography.Text>
        </Space>
      ),
    },
    ...k.columns,
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t(`${C}.column.state`),
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <StateTag machine={CONTENT_MACHINE} state={r.state} testId={`${id}-state-${r.id}`} />
          {r.state !== 'draft' && r.state !== 'archived' && (
            <Tag color={WINDOW_COLOR[r.windowStatus]}>{t(`${C}.window.${r.windowStatus}`)}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'windowStart',
      sortable: true,
      priority: 'key',
      width: 180,
      title: t(`${C}.column.window`),
      render: (_, r) =>
        !r.windowStart && !r.windowEnd ? (
          t(`${C}.always`)
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{r.windowStart ? formatDateTime(r.windowStart) : t(`${C}.now`)}</span>
            <Typography.Text type="secondary">{r.windowEnd ? formatDateTime(r.windowEnd) : t(`${C}.noEnd`)}</Typography.Text>
          </Space>
        ),
    },
    {
      key: 'priority',
      sortable: true,
      priority: 'detail',
      width: 110,
      title: t(`${C}.column.order`),
      render: (_, r) => `${r.priority} / ${r.position}`,
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t(`${C}.column.updatedAt`),
      render: (_, r) => `${formatDateTime(r.updatedAt)}${r.updatedBy ? ` · ${r.updatedBy}` : ''}`,
    },
    actionsColumn(
      t,
      250,
      (_, r) => (
        <Space size={4} wrap>
          <StateActions
            machine={CONTENT_MACHINE}
            state={r.state}
            allow={() => canEdit}
            onAction={(a) => void run(r, a)}
            busy={move.isPending && move.variables?.id === r.id ? move.variables.action : null}
            testIdPrefix={`${id}-${r.id}`}
          />
          {(r.state === 'draft' || r.state === 'archived') && (
            <Can permission={`${page}:delete`}>
              <DeleteAction
                title={tx(`${k.texts}.confirmDelete`, { name: r.name })}
                onConfirm={() => void remove(r)}
                testId={`${id}-delete-${r.id}`}
                confirmTestId={`${id}-delete-confirm`}
              />
            </Can>
          )}
        </Space>
      ),
      { when: canEdit || can(`${page}:delete`) },
    ),
  ];

  const tags = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
  const record = editor && editor.mode !== 'create' ? editor.record : undefined;

  const targetingFields: FormField<ContentValues>[] = [
    {
      name: 'countries',
      section: t(`${C}.field.sectionTargeting`),
      span: 12,
      label: t(`${C}.field.countries`),
      extra: t(`${C}.field.countriesHint`),
      normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toUpperCase()) : v),
      input: (
        <Select mode="tags" allowClear options={tags(COUNTRIES)} tokenSeparators={[',', ' ']} data-testid={`${id}-countries`} />
      ),
    },
    {
      name: 'languages',
      span: 12,
      label: t(`${C}.field.languages`),
      extra: t(`${C}.field.languagesHint`),
      normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toLowerCase()) : v),
      input: (
        <Select mode="tags" allowClear options={tags(LANGUAGES)} tokenSeparators={[',', ' ']} data-testid={`${id}-languages`} />
      ),
    },
    {
      name: 'versionRange',
      span: 12,
      label: t(`${C}.field.versionRange`),
      extra: t(`${C}.field.versionRangeHint`),
      placeholder: '>=3.2.0 <4',
      testId: `${id}-version-range`,
    },
    {
      name: 'platforms',
      span: 12,
      label: t(`${C}.field.platforms`),
      extra: t(`${C}.field.platformsHint`),
      input: (
        <Select
          mode="multiple"
          allowClear
          options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
          data-testid={`${id}-platforms`}
        />
      ),
    },
    {
      name: 'models',
      label: t(`${C}.field.models`),
      extra: t(`${C}.field.modelsHint`),
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
          data-testid={`${id}-models`}
        />
      ),
    },
    {
      name: 'window',
      section: t(`${C}.field.sectionSchedule`),
      label: t(`${C}.field.window`),
      extra: t(`${C}.field.windowHint`),
      input: (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={[t(`${C}.now`), t(`${C}.noEnd`)]}
          data-testid={`${id}-window`}
        />
      ),
    },
    {
      name: 'priority',
      span: 12,
      input: 'number',
      label: t(`${C}.field.priority`),
      extra: t(`${C}.field.priorityHint`),
      testId: `${id}-priority`,
    },
    {
      name: 'position',
      span: 12,
      input: 'number',
      label: t(`${C}.field.position`),
      extra: t(`${C}.field.positionHint`),
      testId: `${id}-position`,
    },
  ];

  return (
    <>
      <ListPage
        testId={`page-${id}s-${k.slot}`}
        title={tx(k.title)}
        subtitle={tx(`${k.texts}.subtitle`)}
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: tx(`${k.texts}.search`), maxLength: 100, testId: `${id}s-search` },
          {
            kind: 'select',
            key: 'state',
            placeholder: t(`${C}.allStates`),
            width: 130,
            options: CONTENT_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
            testId: `${id}s-state`,
          },
          {
            kind: 'select',
            key: 'windowStatus',
            placeholder: t(`${C}.allWindows`),
            width: 130,
            options: WINDOW_STATUSES.map((w) => ({ value: w, label: t(`${C}.window.${w}`) })),
            testId: `${id}s-window`,
          },
          {
            kind: 'select',
            key: 'country',
            placeholder: t(`${C}.country`),
            width: 110,
            options: tags(COUNTRIES),
            testId: `${id}s-country`,
          },
          {
            kind: 'select',
            key: 'platform',
            placeholder: t(`${C}.platform`),
            width: 120,
            options: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] })),
            testId: `${id}s-platform`,
          },
        ]}
        toolbar={
          <>
            {k.switcher}
            <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid={`${id}-preview-open`}>
              {t(`${C}.preview`)}
            </Button>
            <Can permission={`${page}:create`}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditor({ mode: 'create' })}
                data-testid={`${id}-create`}
              >
                {tx(`${k.texts}.create`)}
              </Button>
            </Can>
          </>
        }
        columns={columns as unknown as KitColumn<never>[]}
        tableId={`appcontent.${k.kind}.${k.slot}`}
        rowKey="id"
        tableTestId={`${id}s-table`}
        emptyText={tx(`${k.texts}.empty`)}
      />
      <ContentPreviewDrawer
        slotRef={ref}
        testId={id}
        renderItem={k.renderItem}
        open={previewing}
        onClose={() => setPreviewing(false)}
      />
      <EditDrawer<R, ContentValues, unknown>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? tx(`${k.texts}.editTitle`) : tx(`${k.texts}.createTitle`))}
        schema={ep.create.body}
        width={k.drawerWidth ?? 760}
        readOnly={(e) => e.mode === 'edit' && (e.record.state === 'archived' || !canEdit)}
        fields={[
          {
            name: 'name',
            label: t(`${C}.field.name`),
            extra: tx(`${k.texts}.nameHint`),
            section: t(`${C}.field.sectionContent`),
            testId: `${id}-name`,
          },
          ...k.fields(record),
          ...targetingFields,
        ]}
        initialValues={(e) =>
          e.record
            ? {
                name: e.record.name,
                ...k.valuesOf(e.record),
                priority: e.record.priority,
                position: e.record.position,
                ...e.record.targeting,
                window: [
                  e.record.windowStart ? dayjs(e.record.windowStart) : null,
                  e.record.windowEnd ? dayjs(e.record.windowEnd) : null,
                ],
              }
            : {
                ...k.blank,
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
              ...k.bodyOf(v),
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
        savedText={(r) => tx(`${k.texts}.saved`, { name: (r as { name: string }).name })}
        testId={`${id}-form`}
        saveTestId={`${id}-save`}
      />
    </>
  );
}
