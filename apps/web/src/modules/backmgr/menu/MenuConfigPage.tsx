import { ArrowLeftOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { backMgrMenu as ep, GROUP_TITLES, type RouteGroup } from '@bo/contract';
import { MENU_GROUPS, type MenuConfigItem } from '@bo/contract/backmgr/menu-config';
import { Button, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { EditRowActions } from '../components/EditRowActions';
import { menuConfigKeys, useResetMenuItem, useSaveMenuItem } from './menu.queries';

interface Values {
  sort: number | null;
  hidden: boolean;
  titleZh: string | null;
  titleEn: string | null;
}

const catalogueTitle = (i: MenuConfigItem, lang: string) => (lang === 'zh-CN' ? i.catalogueTitleZh : i.catalogueTitleEn);
const shownTitle = (i: MenuConfigItem, lang: string) =>
  (lang === 'zh-CN' ? i.titleZh || i.titleEn : i.titleEn || i.titleZh) || catalogueTitle(i, lang);

/**
 * /backMgr/menuConfig: the overlay on the route catalogue's menu. Without a group the list
 * shows the menu groups; a group's "Routes" opens its routes. Each line: order, hidden, a
 * title override; "Reset" takes the line back to the catalogue.
 */
export default function MenuConfigPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.list, menuConfigKeys.all);
  const save = useSaveMenuItem();
  const reset = useResetMenuItem();
  const [editor, setEditor] = useState<Editor<MenuConfigItem> | null>(null);
  const group = list.query.group;

  const write = async (work: () => Promise<unknown>, done: string) => {
    await notify.run(() => work(), done);
  };
  const bodyOf = (i: MenuConfigItem, v: Partial<Values>) => ({
    kind: i.kind,
    key: i.key,
    sort: v.sort === undefined ? (i.overridden && i.sort !== i.catalogueSort ? i.sort : null) : v.sort,
    hidden: v.hidden ?? i.hidden,
    titleZh: v.titleZh === undefined ? i.titleZh : v.titleZh || null,
    titleEn: v.titleEn === undefined ? i.titleEn : v.titleEn || null,
  });

  const columns: KitColumn<MenuConfigItem>[] = [
    {
      key: 'sort',
      priority: 'key',
      width: 80,
      title: t('backMgr.menu.column.sort'),
      render: (_, i) => (
        <span title={t('backMgr.menu.catalogueSort', { n: i.catalogueSort })}>
          {i.sort}
          {i.sort !== i.catalogueSort && <Typography.Text type="warning"> *</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'title',
      priority: 'key',
      width: 260,
      title: t('backMgr.menu.column.title'),
      render: (_, i) => (
        <Space size={6}>
          <Typography.Text delete={i.hidden} data-testid={`menu-title-${i.key}`}>
            {shownTitle(i, lang)}
          </Typography.Text>
          {(i.titleZh || i.titleEn) && (
            <Typography.Text type="secondary" title={t('backMgr.menu.catalogueTitle')}>
              ({catalogueTitle(i, lang)})
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'key',
      priority: 'detail',
      width: 220,
      ellipsis: true,
      title: group ? t('backMgr.menu.column.path') : t('backMgr.menu.column.routes'),
      render: (_, i) =>
        i.kind === 'group' ? (
          <Button size="small" type="link" onClick={() => list.set({ group: i.key })} data-testid={`menu-group-${i.key}`}>
            {t('backMgr.menu.routesOf', { count: i.routes })}
          </Button>
        ) : (
          <Space size={6}>
            <Typography.Text code>{i.key}</Typography.Text>
            {!i.built && <Tag>{t('backMgr.menu.notBuilt')}</Tag>}
          </Space>
        ),
    },
    {
      key: 'hidden',
      priority: 'key',
      width: 90,
      title: t('backMgr.menu.column.shown'),
      render: (_, i) => (
        <Switch
          size="small"
          checked={!i.hidden}
          loading={save.isPending && save.variables?.key === i.key}
          onChange={(on) =>
            void write(
              () => save.mutateAsync(bodyOf(i, { hidden: !on })),
              on
                ? t('backMgr.menu.shownDone', { title: shownTitle(i, lang) })
                : t('backMgr.menu.hiddenDone', { title: shownTitle(i, lang) }),
            )
          }
          data-testid={`menu-shown-${i.key}`}
        />
      ),
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 170,
      title: t('backMgr.menu.column.changed'),
      render: (_, i) => (i.updatedAt ? `${formatDateTime(i.updatedAt)} · ${i.updatedBy ?? '—'}` : '—'),
    },
    actionsColumn(t, 150, (_, i) => (
      <EditRowActions prefix="menu" id={i.key} onEdit={() => setEditor({ mode: 'edit', record: i })}>
        {i.overridden && (
          <Popconfirm
            title={t('backMgr.menu.confirmReset', { title: catalogueTitle(i, lang) })}
            okText={t('backMgr.menu.reset')}
            cancelText={t('common.cancel')}
            okButtonProps={{ 'data-testid': 'menu-reset-confirm' } as never}
            onConfirm={() =>
              void write(
                () => reset.mutateAsync({ kind: i.kind, key: i.key }),
                t('backMgr.menu.resetDone', { title: catalogueTitle(i, lang) }),
              )
            }
          >
            <Button size="small" type="link" data-testid={`menu-reset-${i.key}`}>
              {t('backMgr.menu.reset')}
            </Button>
          </Popconfirm>
        )}
      </EditRowActions>
    )),
  ];

  const groupName = group ? GROUP_TITLES[group as RouteGroup]?.[lang] : null;
  return (
    <>
      <ListPage
        testId="page-backmgr-menu"
        texts="backMgr.menu"
        list={list}
        above={
          group ? (
            <Space style={{ marginBottom: 12 }}>
              <Button icon={<ArrowLeftOutlined />} onClick={() => list.set({ group: undefined })} data-testid="menu-groups">
                {t('backMgr.menu.allGroups')}
              </Button>
              <Typography.Text strong>{t('backMgr.menu.routesOfGroup', { group: groupName })}</Typography.Text>
            </Space>
          ) : null
        }
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('backMgr.menu.search'), maxLength: 200, testId: 'menu-search' },
          {
            kind: 'select',
            key: 'group',
            placeholder: t('backMgr.menu.allGroups'),
            width: 180,
            options: MENU_GROUPS.map((g) => ({ value: g, label: GROUP_TITLES[g][lang] })),
            testId: 'menu-group',
          },
        ]}
        columns={columns}
        tableId="backmgr.menu"
        rowKey={(i) => `${i.kind}:${i.key}`}
        tableTestId="menu-table"
        emptyText={t('backMgr.menu.empty')}
      />
      <EditDrawer<MenuConfigItem, Values, unknown>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.record ? t('backMgr.menu.editTitle', { title: catalogueTitle(e.record, lang) }) : '')}
        schema={ep.save.body}
        fields={[
          {
            name: 'sort',
            input: 'number',
            label: t('backMgr.menu.column.sort'),
            extra: editor?.record ? t('backMgr.menu.sortHint', { n: editor.record.catalogueSort }) : undefined,
            testId: 'menu-sort',
          },
          { name: 'hidden', input: 'switch', label: t('backMgr.menu.hide'), testId: 'menu-hidden' },
          {
            name: 'titleZh',
            label: t('backMgr.menu.titleZh'),
            extra: editor?.record ? t('backMgr.menu.titleHint', { title: editor.record.catalogueTitleZh }) : undefined,
            testId: 'menu-title-zh',
          },
          {
            name: 'titleEn',
            label: t('backMgr.menu.titleEn'),
            extra: editor?.record ? t('backMgr.menu.titleHint', { title: editor.record.catalogueTitleEn }) : undefined,
            testId: 'menu-title-en',
          },
        ]}
        initialValues={(e) => ({
          sort: e.record && e.record.sort !== e.record.catalogueSort ? e.record.sort : null,
          hidden: e.record?.hidden ?? false,
          titleZh: e.record?.titleZh ?? null,
          titleEn: e.record?.titleEn ?? null,
        })}
        onSubmit={(v, e) => (e.record ? save.mutateAsync(bodyOf(e.record, v)) : Promise.resolve(null))}
        savedText={() => t('backMgr.menu.saved')}
        testId="menu-form"
        saveTestId="menu-save"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        <EyeInvisibleOutlined /> {t('backMgr.menu.neverGrants')}
      </Typography.Paragraph>
    </>
  );
}
