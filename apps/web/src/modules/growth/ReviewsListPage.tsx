/**
 * /performance/index: my reviews, my team's (as their leader) and, for HR and the administrator,
 * all of them; filters cycle, state, name (all in the URL). Each row opens the review, the self
 * review or the leader review as the caller may. HR opens and closes cycles in the cycles drawer.
 */
import { TeamOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/growth/performance';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { CyclesDrawer } from './CyclesDrawer';
import { growthKeys, useCycles } from './growth.queries';
import { RatingTag } from './growth-parts';

export default function ReviewsListPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const list = useKitList(ep.listReviews, growthKeys.reviews);
  const cycles = useCycles();
  const [cyclesOpen, setCyclesOpen] = useState(false);
  const canManage = cycles.data?.canManage ?? false;

  const columns: KitColumn<ep.Review>[] = [
    { key: 'quarter', priority: 'key', width: 90, title: t('growth.reviews.column.quarter'), render: (_, r) => r.cycle.quarter },
    {
      key: 'employee',
      priority: 'key',
      width: 180,
      ellipsis: true,
      title: t('growth.reviews.column.employee'),
      render: (_, r) => (
        <Link to={`/performance/view?id=${r.id}`} data-testid={`growth-review-${r.id}`}>
          {r.employee.name}
        </Link>
      ),
    },
    {
      key: 'dept',
      priority: 'normal',
      width: 140,
      ellipsis: true,
      title: t('growth.reviews.column.dept'),
      render: (_, r) => r.dept ?? '—',
    },
    {
      key: 'leader',
      priority: 'normal',
      width: 160,
      ellipsis: true,
      title: t('growth.reviews.column.leader'),
      render: (_, r) => r.leader?.name ?? t('growth.reviews.noLeader'),
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('growth.reviews.column.state'),
      render: (_, r) => <StateTag machine={ep.REVIEW_MACHINE} state={r.state} testId={`growth-state-${r.id}`} />,
    },
    { key: 'selfMean', width: 90, title: t('growth.reviews.column.selfMean'), render: (_, r) => r.self.mean ?? '—' },
    {
      key: 'rating',
      priority: 'key',
      width: 150,
      title: t('growth.reviews.column.rating'),
      render: (_, r) => <RatingTag rating={r.leaderPart.rating} testId={`growth-rating-${r.id}`} />,
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 150,
      title: t('growth.reviews.column.updatedAt'),
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    actionsColumn(t, 180, (_, r) => (
      <Space size={8}>
        <Link to={`/performance/view?id=${r.id}`}>{t('growth.reviews.open')}</Link>
        {r.canWriteSelf && (
          <Link to={`/performance/report-self?id=${r.id}`} data-testid={`growth-write-self-${r.id}`}>
            {t('growth.reviews.writeSelf')}
          </Link>
        )}
        {r.canWriteLeader && (
          <Link to={`/performance/report-leader?id=${r.id}`} data-testid={`growth-write-leader-${r.id}`}>
            {t('growth.reviews.writeLeader')}
          </Link>
        )}
      </Space>
    )),
  ];

  const views = ep.REVIEW_VIEWS.filter((v) => v !== 'all' || canManage);
  return (
    <>
      <ListPage
        testId="page-performance"
        texts="growth.reviews"
        list={list}
        filters={[
          {
            kind: 'segmented',
            key: 'view',
            options: views.map((v) => ({ value: v, label: t(`growth.reviews.view.${v}`) })),
            testId: 'growth-view',
          },
          {
            kind: 'select',
            key: 'cycleId',
            placeholder: t('growth.reviews.allCycles'),
            width: 130,
            options: (cycles.data?.list ?? []).map((c) => ({ value: c.id, label: c.quarter })),
          },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('growth.reviews.allStates'),
            width: 130,
            options: ep.REVIEW_STATES.map((s) => ({ value: s, label: ep.REVIEW_MACHINE.states[s].label[zh ? 'zh' : 'en'] })),
          },
          { kind: 'text', key: 'keyword', placeholder: t('growth.reviews.search'), maxLength: 100 },
        ]}
        toolbar={
          canManage && (
            <Button icon={<TeamOutlined />} onClick={() => setCyclesOpen(true)} data-testid="growth-cycles">
              {t('growth.reviews.cycles')}
            </Button>
          )
        }
        columns={columns}
        tableId="growth.reviews"
        rowKey="id"
        tableTestId="growth-reviews"
        emptyText={t('growth.reviews.empty')}
      />
      <CyclesDrawer open={cyclesOpen} onClose={() => setCyclesOpen(false)} />
    </>
  );
}
