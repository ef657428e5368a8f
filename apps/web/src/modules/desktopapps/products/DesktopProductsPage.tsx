import { type DesktopProduct, desktopProducts, PRODUCTS_PAGE } from '@bo/contract/desktopapps/desktop-apps';
import { DESKTOP_PLATFORMS } from '@bo/contract/desktopapps/rollout';
import { Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { desktopKeys, useDeleteProduct, useSaveProduct } from '../desktopapps.queries';

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  platforms: DesktopProduct['platforms'];
  enabled: boolean;
}

const ep = desktopProducts.list;

/** /user-platform/desktopAppProduct: products by code, add/edit drawer, history, delete (refused while it has releases). */
export default function DesktopProductsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, desktopKeys.products);
  const save = useSaveProduct();
  const del = useDeleteProduct();
  const [editor, setEditor] = useState<Editor<DesktopProduct> | null>(null);
  const [historyOf, setHistoryOf] = useState<DesktopProduct | null>(null);
  const platformOptions = DESKTOP_PLATFORMS.map((p) => ({ value: p, label: t(`desktopApps.platform.${p}`) }));
  const nameOf = (p: DesktopProduct) => (lang === 'zh-CN' ? p.nameZh || p.nameEn : p.nameEn || p.nameZh);

  const columns: KitColumn<DesktopProduct>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 170,
      title: t('desktopApps.products.column.code'),
      render: (_, p) => <Typography.Text code>{p.code}</Typography.Text>,
    },
    {
      key: 'name',
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: t('desktopApps.products.column.name'),
      render: (_, p) => nameOf(p),
    },
    {
      key: 'platforms',
      priority: 'key',
      width: 170,
      title: t('desktopApps.products.column.platforms'),
      render: (_, p) => p.platforms.map((x) => <Tag key={x}>{t(`desktopApps.platform.${x}`)}</Tag>),
    },
    {
      key: 'latest',
      priority: 'normal',
      width: 200,
      title: t('desktopApps.products.column.latest'),
      render: (_, p) =>
        p.latest.length ? p.latest.map((l) => `${t(`desktopApps.platform.${l.platform}`)} ${l.version}`).join(' · ') : '—',
    },
    {
      key: 'releases',
      priority: 'normal',
      width: 90,
      title: t('desktopApps.products.column.releases'),
      render: (_, p) => p.releases,
    },
    {
      key: 'enabled',
      priority: 'key',
      width: 90,
      title: t('desktopApps.products.column.enabled'),
      render: (_, p) => (
        <Tag color={p.enabled ? 'green' : 'default'}>
          {p.enabled ? t('desktopApps.products.enabled') : t('desktopApps.products.disabled')}
        </Tag>
      ),
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('desktopApps.products.column.updatedAt'),
      render: (_, p) => formatDateTime(p.updatedAt),
    },
    actionsColumn(t, 180, (_, p) => (
      <RowActions
        prefix="desktop-product"
        id={p.id}
        edit={{ permission: `${PRODUCTS_PAGE}:edit`, onClick: () => setEditor({ mode: 'edit', record: p }) }}
        onHistory={() => setHistoryOf(p)}
        remove={
          p.releases === 0
            ? {
                permission: `${PRODUCTS_PAGE}:delete`,
                title: t('desktopApps.products.confirmDelete', { code: p.code }),
                onConfirm: () =>
                  void notify.run(() => del.mutateAsync(p.id), t('desktopApps.products.deleted', { code: p.code })),
              }
            : undefined
        }
      />
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-desktop-products"
        texts="desktopApps.products"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('desktopApps.products.search'),
            maxLength: 100,
            testId: 'desktop-product-search',
          },
          {
            kind: 'select',
            key: 'enabled',
            placeholder: t('desktopApps.products.allStates'),
            width: 130,
            options: [
              { value: 'true', label: t('desktopApps.products.enabled') },
              { value: 'false', label: t('desktopApps.products.disabled') },
            ],
          },
        ]}
        toolbar={
          <AddButton
            permission={`${PRODUCTS_PAGE}:create`}
            onClick={() => setEditor({ mode: 'create' })}
            testId="desktop-product-create"
          >
            {t('desktopApps.products.create')}
          </AddButton>
        }
        columns={columns}
        tableId="desktopapps.products"
        rowKey="id"
        tableTestId="desktop-products-table"
        emptyText={t('desktopApps.products.empty')}
      />
      <EditDrawer<DesktopProduct, Values, DesktopProduct>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('desktopApps.products.editTitle') : t('desktopApps.products.createTitle'))}
        schema={desktopProducts.create.body}
        fields={[
          {
            name: 'code',
            label: t('desktopApps.products.column.code'),
            extra: t('desktopApps.products.codeHint'),
            testId: 'desktop-product-code',
          },
          {
            name: 'nameZh',
            input: 'bilingual',
            label: t('desktopApps.products.column.nameZh'),
            pair: { name: 'nameEn', label: t('desktopApps.products.column.nameEn'), testId: 'desktop-product-name-en' },
            requireOne: true,
            testId: 'desktop-product-name',
          },
          {
            name: 'platforms',
            label: t('desktopApps.products.column.platforms'),
            input: <Select mode="multiple" options={platformOptions} data-testid="desktop-product-platforms" />,
          },
          {
            name: 'enabled',
            input: 'switch',
            label: t('desktopApps.products.column.enabled'),
            extra: t('desktopApps.products.enabledHint'),
            testId: 'desktop-product-enabled',
          },
        ]}
        initialValues={(e) =>
          e.record ? { ...e.record } : { code: '', nameZh: '', nameEn: '', platforms: ['windows', 'macos'], enabled: true }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              code: v.code,
              nameZh: v.nameZh ?? '',
              nameEn: v.nameEn ?? '',
              platforms: v.platforms,
              enabled: v.enabled ?? true,
            },
          })
        }
        savedText={(p) => t('desktopApps.products.saved', { code: p.code })}
        conflict={() => ({ field: 'code', text: t('desktopApps.products.taken') })}
        testId="desktop-product-form"
        saveTestId="desktop-product-save"
      />
      <HistoryDrawer
        entity="desktop_app_product"
        entityId={historyOf?.id ?? null}
        name={historyOf?.code ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          code: t('desktopApps.products.column.code'),
          nameZh: t('desktopApps.products.column.nameZh'),
          nameEn: t('desktopApps.products.column.nameEn'),
          platforms: t('desktopApps.products.column.platforms'),
          enabled: t('desktopApps.products.column.enabled'),
        }}
      />
    </>
  );
}
