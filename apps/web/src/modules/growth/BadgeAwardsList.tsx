/** The company's awards, newest first (every staff member); HR and the administrator also read the revoked ones. */
import * as ep from '@bo/contract/growth/badges';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { BadgeIcon } from './BadgeIcon';
import { AwardActions } from './BadgeWall';
import { badgeKeys, useActiveBadges, useBadgeAccess } from './badges.queries';

export function BadgeAwardsList({
  onRevoke,
  onHistory,
  onOpenWall,
}: {
  onRevoke: (a: ep.Award) => void;
  onHistory: (a: ep.Award) => void;
  onOpenWall: (employeeId: number) => void;
}) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const list = useKitList(ep.listAwards, badgeKeys.awards);
  const access = useBadgeAccess().data;
  const badges = useActiveBadges(true).data?.list ?? [];
  const readable = new Set((access?.people ?? []).map((p) => p.id));
  const columns: KitColumn<ep.Award>[] = [
    {
      key: 'badge',
      priority: 'key',
      width: 200,
      title: t('badges.list.column.badge'),
      render: (_, a) => (
        <Space size={8}>
          <BadgeIcon icon={a.badge.icon} size={12} muted={a.state === 'revoked'} />
          {zh ? a.badge.nameZh : a.badge.nameEn}
        </Space>
      ),
    },
    {
      key: 'employee',
      priority: 'key',
      width: 160,
      ellipsis: true,
      title: t('badges.list.column.employee'),
      render: (_, a) =>
        readable.has(a.employee.id) ? (
          <Typography.Link onClick={() => onOpenWall(a.employee.id)} data-testid={`badge-open-wall-${a.id}`}>
            {a.employee.name}
          </Typography.Link>
        ) : (
          a.employee.name
        ),
    },
    {
      key: 'dept',
      priority: 'detail',
      width: 130,
      ellipsis: true,
      title: t('badges.list.column.dept'),
      render: (_, a) => a.dept ?? '—',
    },
    {
      key: 'reason',
      priority: 'key',
      width: 280,
      ellipsis: true,
      title: t('badges.list.column.reason'),
      render: (_, a) => a.reason,
    },
    { key: 'day', priority: 'key', width: 110, sortable: true, title: t('badges.list.column.day'), render: (_, a) => a.day },
    {
      key: 'by',
      priority: 'normal',
      width: 140,
      ellipsis: true,
      title: t('badges.list.column.by'),
      render: (_, a) => a.awardedBy.name,
    },
    {
      key: 'state',
      priority: 'normal',
      width: 100,
      when: list.query.state === 'revoked',
      title: t('badges.list.column.state'),
      render: (_, a) => <StateTag machine={ep.AWARD_MACHINE} state={a.state} />,
    },
    actionsColumn(t, 150, (_, a) => <AwardActions a={a} onRevoke={onRevoke} onHistory={onHistory} />),
  ];
  return (
    <ListPage
      bare
      testId="badge-awards"
      title={t('badges.tab.awards')}
      list={list}
      filters={[
        ...(access?.canSeeRevoked
          ? [
              {
                kind: 'segmented' as const,
                key: 'state' as const,
                options: ep.AWARD_STATES.map((s) => ({ value: s, label: t(`badges.list.state.${s}`) })),
                testId: 'badge-awards-state',
              },
            ]
          : []),
        {
          kind: 'select',
          key: 'badgeId',
          placeholder: t('badges.list.allBadges'),
          width: 180,
          options: badges.map((b) => ({ value: b.id, label: zh ? b.nameZh : b.nameEn })),
        },
        { kind: 'text', key: 'keyword', placeholder: t('badges.list.search'), maxLength: 100 },
      ]}
      columns={columns}
      tableId="growth.badge-awards"
      rowKey="id"
      tableTestId="badge-awards-list"
      emptyText={t('badges.list.empty')}
    />
  );
}
