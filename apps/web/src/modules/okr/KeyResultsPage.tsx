/**
 * /krMgr/index: the key results of every objective, filtered by quarter, owner, kind and list
 * type; measurable ones show their live figure, each its score; the owner (or the
 * administrator) checks in on a published objective's key result.
 */
import * as ep from '@bo/contract/okr/okr';
import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { formatDateTime } from '../../shared/format';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { okrKeys, optionHooks } from './okr.queries';
import { CheckinDrawer, type CheckinTarget, KrActual, LIST_KEY, ScoreBar, useKrKindText } from './okr-parts';

const hooks = optionHooks();

export default function KeyResultsPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listKeyResults, okrKeys.keyResults);
  const [checkin, setCheckin] = useState<CheckinTarget | null>(null);
  const kindText = useKrKindText();

  const columns: KitColumn<ep.KeyResultRow>[] = [
    {
      key: 'title',
      priority: 'key',
      width: 220,
      ellipsis: true,
      title: t('okr.column.kr'),
      render: (_, k) => <span data-testid={`kr-title-${k.id}`}>{k.title}</span>,
    },
    {
      key: 'objective',
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: t('okr.column.objective'),
      render: (_, k) => (
        <Space size={4}>
          <Tag>{t(`okr.type.${LIST_KEY[k.objective.listType as ep.OkrListType]}`)}</Tag>
          <span>{k.objective.title}</span>
        </Space>
      ),
    },
    { key: 'quarter', width: 80, title: t('okr.column.quarter'), render: (_, k) => k.objective.quarter },
    { key: 'owner', priority: 'key', width: 100, ellipsis: true, title: t('okr.column.owner'), render: (_, k) => k.owner.name },
    { key: 'kind', width: 130, title: t('okr.column.kind'), render: (_, k) => kindText(k) },
    { key: 'weight', width: 70, title: t('okr.column.weight'), render: (_, k) => k.weight },
    {
      key: 'actual',
      priority: 'key',
      width: 200,
      title: `${t('okr.column.actual')} / ${t('okr.column.target')}`,
      render: (_, k) => <KrActual kr={k} hasSkus={k.kind === 'manual' || k.figure !== null} />,
    },
    {
      key: 'score',
      priority: 'key',
      width: 140,
      title: t('okr.column.score'),
      render: (_, k) => <ScoreBar score={k.score} testId={`kr-score-${k.id}`} />,
    },
    {
      key: 'state',
      width: 90,
      title: t('okr.column.state'),
      render: (_, k) => <StateTag machine={ep.OBJECTIVE_MACHINE} state={k.objective.state} />,
    },
    {
      key: 'checkins',
      priority: 'detail',
      width: 150,
      title: t('okr.column.checkins'),
      render: (_, k) => (k.lastCheckinAt ? `${k.checkins} · ${formatDateTime(k.lastCheckinAt)}` : k.checkins),
    },
    actionsColumn(t, 90, (_, k) =>
      k.canCheckIn ? (
        <Can permission="okr:kr:edit">
          <Typography.Link onClick={() => setCheckin(k)} data-testid={`kr-checkin-${k.id}`}>
            {t('okr.kr.checkIn')}
          </Typography.Link>
        </Can>
      ) : null,
    ),
  ];

  return (
    <>
      <ListPage
        testId="page-okr-kr"
        texts="okr.kr"
        list={list}
        filters={[
          { kind: 'query-select', key: 'quarter', placeholder: t('okr.allQuarters'), width: 130, useOptions: hooks.quarters },
          { kind: 'query-select', key: 'ownerId', placeholder: t('okr.allOwners'), width: 150, useOptions: hooks.people },
          {
            kind: 'select',
            key: 'kind',
            placeholder: t('okr.allKinds'),
            width: 130,
            options: ep.KR_KINDS.map((k) => ({ value: k, label: t(`okr.kind.${k}`) })),
          },
          {
            kind: 'select',
            key: 'listType',
            placeholder: t('okr.allLists'),
            width: 130,
            options: ep.OKR_LIST_TYPES.map((x) => ({ value: x, label: t(`okr.type.${LIST_KEY[x]}`) })),
          },
          { kind: 'text', key: 'keyword', placeholder: t('okr.search'), maxLength: 100 },
        ]}
        columns={columns}
        tableId="okr.keyResults"
        rowKey="id"
        tableTestId="okr-krs-table"
        emptyText={t('okr.kr.empty')}
      />
      <CheckinDrawer kr={checkin} onClose={() => setCheckin(null)} />
    </>
  );
}
