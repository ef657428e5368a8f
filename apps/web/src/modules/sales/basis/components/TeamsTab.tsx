import { EditOutlined } from '@ant-design/icons';
import { salesBasis as ep } from '@bo/contract';
import type { SalesTeam } from '@bo/contract/sales/sales-basis';
import { TEAM_SORT_FIELDS } from '@bo/contract/sales/sales-basis';
import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { ExportButton } from '../../../../shared/components/ExportButton';
import { EmptyState } from '../../../../shared/components/QueryStates';
import { SearchBox } from '../../../../shared/components/SearchBox';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { download } from '../../../../shared/http/http-client';
import { useLang } from '../../../../shared/i18n/lang';
import { AddButton } from '../../../../shared/kit/AddButton';
import { ActionLinks } from '../../../../shared/kit/RowActions';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../../shared/list-paging';
import type { FitColumnType } from '../../../../shared/table/FitTable';
import { actionsColumn } from '../../../../shared/table/FitTable';
import { QueryTable } from '../../../../shared/table/QueryTable';
import type { BasisView } from '../basis-view';
import { useTeamList, useTeamMutations } from '../sales-basis.queries';
import { editableColumns } from './editable-columns';
import { TeamDrawer, type TeamEditor } from './TeamDrawer';
import { useBasisError } from './use-basis-error';

interface Props {
  view: BasisView;
  setUrl: (patch: Record<string, string>) => void;
}

type SortField = (typeof TEAM_SORT_FIELDS)[number];

/** Sales teams: who directs them and which product lines they own (the director breakdown of sales). */
export function TeamsTab({ view, setUrl }: Props) {
  const { t } = useTranslation();
  const mayEdit = useCan()('sales:basisInfo:edit');
  const lang = useLang();
  const notify = useNotify();
  const basisError = useBasisError();
  const query = {
    keyword: view.keyword || undefined,
    sortField: view.sortField,
    sortOrder: view.sortOrder,
    pageNum: view.pageNum,
    pageSize: view.pageSize,
  };
  const list = useTeamList(query);
  const { remove } = useTeamMutations();
  const [editor, setEditor] = useState<TeamEditor | null>(null);
  useStepBackToLastPage(Boolean(list.data), list.data?.total ?? 0, view, setUrl);

  const del = async (team: SalesTeam) => {
    try {
      await remove.mutateAsync(team.id);
      notify.success(t('salesBasis.teams.deleted', { name: team.name }));
    } catch (err) {
      notify.error(basisError(err, 'team'));
    }
  };

  const sortOf = (field: SortField) => (view.sortField === field ? view.sortOrder : null);

  return (
    <>
      <div className="bo-basis-toolbar">
        <SearchBox
          value={view.keyword}
          onSearch={(text) => setUrl({ keyword: text, pageNum: '1' })}
          placeholder={t('salesBasis.teams.keyword')}
          width={320}
          testId="teams-keyword"
        />
        <Space wrap>
          <Can permission="sales:basisInfo:export">
            <ExportButton
              label={t('salesBasis.export')}
              testId="teams-export"
              disabled={(list.data?.total ?? 0) === 0}
              fetchFile={(options) => download(ep.exportTeams, { query: { keyword: view.keyword || undefined } }, options)}
            />
          </Can>
          <AddButton permission="sales:basisInfo:edit" onClick={() => setEditor({ mode: 'create' })} testId="team-create">
            {t('salesBasis.teams.create')}
          </AddButton>
        </Space>
      </div>
      <QueryTable<SalesTeam>
        query={list}
        tableId="sales.basis.teams"
        rowKey="id"
        data-testid="teams-table"
        locale={{
          emptyText: <EmptyState filtered={!!view.keyword} text={t('salesBasis.teams.empty')} />,
        }}
        onChange={tableChangeHandler<SalesTeam, SortField>(TEAM_SORT_FIELDS, 'name', view.pageSize, (p) =>
          setUrl(toUrlPatch({ ...p })),
        )}
        pagination={{
          current: view.pageNum,
          pageSize: view.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { count: total }),
        }}
        columns={editableColumns<FitColumnType<SalesTeam>>(
          [
            // At 1280 px: the team, its director, its product lines and the actions; when it changed if room allows.
            {
              title: t('salesBasis.teams.name'),
              dataIndex: 'name',
              key: 'name',
              priority: 'key',
              sorter: true,
              sortOrder: sortOf('name'),
              width: 180,
              ellipsis: true,
              render: (v: string) => <strong>{v}</strong>,
            },
            {
              title: t('salesBasis.teams.director'),
              dataIndex: 'directorName',
              key: 'directorName',
              sorter: true,
              sortOrder: sortOf('directorName'),
              priority: 'key',
              width: 160,
              ellipsis: true,
              render: (v: string | null) =>
                v ?? <Typography.Text type="secondary">{t('salesBasis.teams.noDirector')}</Typography.Text>,
            },
            {
              title: t('salesBasis.teams.lines'),
              dataIndex: 'productLines',
              key: 'lineCount',
              sorter: true,
              sortOrder: sortOf('lineCount'),
              priority: 'key',
              width: 320,
              render: (lines: SalesTeam['productLines']) =>
                lines.length ? (
                  <Space size={[4, 4]} wrap>
                    {lines.map((l) => (
                      <Tag key={l.id}>{lang === 'zh-CN' ? l.name : l.nameEn}</Tag>
                    ))}
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('salesBasis.teams.noLines')}</Typography.Text>
                ),
            },
            {
              title: t('salesBasis.changedAt'),
              dataIndex: 'updatedAt',
              key: 'updatedAt',
              sorter: true,
              sortOrder: sortOf('updatedAt'),
              width: 160,
              render: (v: string) => <span className="bo-sales-num">{formatDateTime(v)}</span>,
            },
            actionsColumn(
              t,
              170,
              (_: unknown, team) => (
                <Can permission="sales:basisInfo:edit">
                  <ActionLinks
                    actions={[
                      {
                        testId: `team-edit-${team.id}`,
                        label: t('common.edit'),
                        icon: <EditOutlined />,
                        onClick: () => setEditor({ mode: 'edit', team }),
                      },
                      {
                        testId: `team-delete-${team.id}`,
                        remove: {
                          title: t('salesBasis.teams.confirmDelete', { name: team.name }),
                          description: t('salesBasis.teams.confirmDeleteText'),
                          onConfirm: () => del(team),
                          confirmTestId: 'team-delete-confirm',
                        },
                      },
                    ]}
                  />
                </Can>
              ),
              { fixed: undefined },
            ),
          ],
          mayEdit,
        )}
      />
      <TeamDrawer editor={editor} onClose={() => setEditor(null)} />
    </>
  );
}
