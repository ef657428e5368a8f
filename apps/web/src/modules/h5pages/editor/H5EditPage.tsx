/**
 * The full-page editor of an H5 page (the edit variants, `?id=`; a new page without it): the
 * address and titles, the type's fields (an activity's window and child pages, a new product's
 * SKU and launch date), the block editor with its phone preview, Save (with the version read) and
 * the state moves of the saved page (Publish asks first; it needs the edits saved).
 */

import type { H5BlockInput } from '@bo/contract/h5pages/blocks';
import {
  groupOfType,
  H5_ENDPOINTS_OF,
  H5_GROUPS,
  H5_MACHINE,
  type H5Action,
  type H5Page,
  type H5Type,
} from '@bo/contract/h5pages/h5-pages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { useTexts } from '../../../shared/i18n/lang';
import { EditPage } from '../../../shared/kit/EditPage';
import { useFormDirty, useFormValues } from '../../../shared/kit/FormLines';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { type H5Body, pageQuery, usePageAction, useSavePage } from '../h5pages.queries';
import { BlockEditor } from './BlockEditor';
import { H5Preview } from './H5Preview';
import { ChildPagesInput, InstantInput, SkuInput } from './inputs';

interface Values {
  slug: string;
  titleZh: string;
  titleEn: string;
  blocks: H5BlockInput[];
  windowStart: string | null;
  windowEnd: string | null;
  childIds: number[];
  productSku: string | null;
  launchDate: string | null;
}

const bodyOf = (type: H5Type, v: Partial<Values>): H5Body => ({
  type,
  slug: v.slug ?? '',
  titleZh: v.titleZh ?? '',
  titleEn: v.titleEn ?? '',
  blocks: (v.blocks ?? []) as H5Body['blocks'],
  windowStart: v.windowStart ?? null,
  windowEnd: v.windowEnd ?? null,
  childIds: v.childIds ?? [],
  productSku: v.productSku ?? null,
  launchDate: v.launchDate ?? null,
});

/** The preview of what is typed: the whole form's values as the body a save would send. */
function LivePreview({ type, id }: { type: H5Type; id: number | null }) {
  const values = useFormValues<Values>();
  return <H5Preview ep={H5_ENDPOINTS_OF[groupOfType(type)]} body={values ? bodyOf(type, values) : null} id={id} />;
}

/** The saved page's moves; with unsaved edits they wait (publishing would publish what was saved, not what is typed). */
function PageMoves({ page, onMoved }: { page: H5Page; onMoved: (p: H5Page) => void }) {
  const { t } = useTexts();
  const notify = useNotify();
  const act = usePageAction(H5_ENDPOINTS_OF[groupOfType(page.type)]);
  const [busy, setBusy] = useState<H5Action | null>(null);
  const dirty = useFormDirty();
  const moves = (
    <StateActions
      machine={H5_MACHINE}
      state={page.state}
      busy={busy}
      only={['publish', 'archive']}
      allow={() => !dirty}
      testIdPrefix="h5-edit"
      onAction={(action) => {
        setBusy(action);
        void notify
          .run(
            () => act.mutateAsync({ id: page.id, action, version: page.version }),
            (p) => t('h5Pages.list.moved', { slug: p.slug, state: t(`h5Pages.state.${p.state}`) }),
          )
          .then((p) => p && onMoved(p))
          .finally(() => setBusy(null));
      }}
    />
  );
  return dirty && page.state !== 'archived' ? (
    <Tooltip title={t('h5Pages.edit.publishFirst')}>
      <Typography.Text type="secondary" data-testid="h5-edit-save-first">
        {t('h5Pages.edit.publishFirst')}
      </Typography.Text>
    </Tooltip>
  ) : (
    moves
  );
}

export function H5EditPage({
  type,
  id,
  back,
  opened,
}: {
  type: H5Type;
  id: number | null;
  back: () => void;
  /** A new page saved: the screen opens it by id. */
  opened: (id: number) => void;
}) {
  const { t } = useTexts();
  const group = groupOfType(type);
  const ep = H5_ENDPOINTS_OF[group];
  const segment = H5_GROUPS[group].segment;
  const page = useQuery({ ...pageQuery(ep, segment, id ?? 0), enabled: id !== null });
  const save = useSavePage(ep);
  const [history, setHistory] = useState<H5Page | null>(null);
  const record = id ? page.data : undefined;
  const pageType = record?.type ?? type;
  const typeName = t(`h5Pages.type.${pageType}`);

  return (
    <>
      <EditPage<H5Page, Values, H5Page>
        key={record ? `${record.id}-${record.version}` : 'new'}
        editor={record ? { mode: 'edit', record } : { mode: 'create' }}
        needs={id ? { pending: page.isPending, error: page.error, retry: () => void page.refetch() } : undefined}
        back={back}
        title={(e) =>
          e.mode === 'edit' ? t('h5Pages.edit.editTitle', { type: typeName }) : t('h5Pages.edit.createTitle', { type: typeName })
        }
        subtitle={(e) =>
          e.mode === 'edit' && e.record ? (
            <Space size={6}>
              <StateTag machine={H5_MACHINE} state={e.record.state} testId="h5-edit-state" />
              {t('h5Pages.edit.subtitle', { version: e.record.version, state: t(`h5Pages.state.${e.record.state}`) })}
              {e.record.state === 'published' && (
                <Typography.Link href={e.record.publicPath} target="_blank" rel="noopener" data-testid="h5-edit-public">
                  {e.record.publicPath}
                </Typography.Link>
              )}
            </Space>
          ) : null
        }
        intro={(e) =>
          e.mode === 'edit' && e.record?.state === 'archived' ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('h5Pages.edit.readOnly')} />
          ) : null
        }
        readOnly={(e) => e.mode === 'edit' && e.record?.state === 'archived'}
        schema={ep.create.body}
        initialValues={(e) =>
          e.mode === 'edit' && e.record
            ? {
                slug: e.record.slug,
                titleZh: e.record.draft.titleZh,
                titleEn: e.record.draft.titleEn,
                blocks: e.record.draft.blocks as H5BlockInput[],
                windowStart: e.record.draft.windowStart,
                windowEnd: e.record.draft.windowEnd,
                childIds: e.record.draft.childIds,
                productSku: e.record.draft.productSku,
                launchDate: e.record.draft.launchDate,
              }
            : {
                slug: '',
                titleZh: '',
                titleEn: '',
                blocks: [],
                windowStart: null,
                windowEnd: null,
                childIds: [],
                productSku: null,
                launchDate: null,
              }
        }
        fields={(e) => [
          {
            name: 'slug',
            label: t('h5Pages.edit.slug'),
            extra: t('h5Pages.edit.slugHint'),
            span: 8,
            disabled: e.mode === 'edit' && e.record?.live !== null,
            testId: 'h5-slug',
          },
          {
            name: 'titleZh',
            input: 'bilingual',
            label: t('h5Pages.edit.titleZh'),
            pair: { name: 'titleEn', label: t('h5Pages.edit.titleEn'), testId: 'h5-title-en' },
            requireOne: true,
            span: 16,
            testId: 'h5-title-zh',
          },
          ...(pageType === 'activityHome'
            ? ([
                {
                  name: 'windowStart',
                  label: t('h5Pages.edit.windowStart'),
                  input: <InstantInput testId="h5-window-start" />,
                  span: 6,
                },
                {
                  name: 'windowEnd',
                  label: t('h5Pages.edit.windowEnd'),
                  input: <InstantInput testId="h5-window-end" />,
                  span: 6,
                },
                {
                  name: 'childIds',
                  label: t('h5Pages.edit.childIds'),
                  extra: t('h5Pages.edit.childHint'),
                  input: <ChildPagesInput ep={ep} segment={segment} selfId={id} />,
                  span: 12,
                },
              ] as const)
            : []),
          ...(pageType === 'newProductIntro'
            ? ([
                {
                  name: 'productSku',
                  label: t('h5Pages.edit.productSku'),
                  input: <SkuInput ep={ep} segment={segment} testId="h5-product-sku" />,
                  span: 12,
                },
                { name: 'launchDate', label: t('h5Pages.edit.launchDate'), input: 'date', span: 6, testId: 'h5-launch-date' },
              ] as const)
            : []),
          {
            name: 'blocks',
            label: t('h5Pages.edit.blocks'),
            bare: true,
            input: (
              <BlockEditor
                ep={ep}
                segment={segment}
                disabled={e.mode === 'edit' && e.record?.state === 'archived'}
                preview={<LivePreview type={pageType} id={id} />}
              />
            ),
          },
        ]}
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' && e.record ? e.record.id : null,
            version: e.mode === 'edit' && e.record ? e.record.version : undefined,
            body: bodyOf(pageType, v),
          })
        }
        savedText={(p) => t('h5Pages.edit.saved', { slug: p.slug })}
        onSaved={(p, e) => {
          if (e.mode === 'create') opened(p.id);
        }}
        reload={async (r) => (await page.refetch()).data ?? (r ? null : null)}
        conflict={() => ({ field: 'slug', text: t('h5Pages.edit.taken') })}
        extraActions={(e) =>
          e.mode === 'edit' && e.record ? <PageMoves page={e.record} onMoved={() => void page.refetch()} /> : null
        }
        history={{ open: (r) => setHistory(r), testId: 'h5-edit-history' }}
        testId="h5-form"
        saveTestId="h5-save"
        pageTestId="page-h5-edit"
      />
      <HistoryDrawer
        entity="h5_page"
        entityId={history?.id ?? null}
        name={history?.slug ?? ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          slug: t('h5Pages.list.column.slug'),
          state: t('h5Pages.list.column.state'),
          titleZh: t('h5Pages.edit.titleZh'),
          titleEn: t('h5Pages.edit.titleEn'),
          blocks: t('h5Pages.list.column.blocks'),
          draft: t('h5Pages.edit.blocks'),
          live: t('h5Pages.edit.live'),
        }}
      />
    </>
  );
}
