/**
 * One employee's badge wall: a medal per badge earned with how many times and when last, the
 * value it stands for, and its awards (reason, who, day) under it; the revoked ones apart, with
 * why. The caller's own wall by default; a leader picks someone of their reporting line, HR and
 * the administrator anyone (the server decides, the picker lists what it allows).
 */
import { HistoryOutlined } from '@ant-design/icons';
import type { Award, BadgeWall as Wall } from '@bo/contract/growth/badges';
import { Card, Col, Collapse, Flex, Row, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryStates } from '../../shared/components/QueryStates';
import { useLang } from '../../shared/i18n/lang';
import { ActionLinks } from '../../shared/kit/RowActions';
import { BadgeIcon } from './BadgeIcon';
import { useBadgeAccess, useBadgeWall } from './badges.queries';

interface Props {
  employeeId: number | null;
  onPick: (employeeId: number | null) => void;
  onRevoke: (a: Award) => void;
  onHistory: (a: Award) => void;
}

/** An award's Revoke (when the server allows the caller) and History: the wall's lines and the company list's rows. */
export function AwardActions({ a, onRevoke, onHistory }: { a: Award } & Pick<Props, 'onRevoke' | 'onHistory'>) {
  const { t } = useTranslation();
  return (
    <ActionLinks
      actions={[
        {
          label: t('badges.revoke'),
          danger: true,
          hidden: !a.canRevoke,
          testId: `badge-revoke-${a.id}`,
          onClick: () => onRevoke(a),
        },
        {
          label: t('badges.history'),
          icon: <HistoryOutlined />,
          testId: `badge-award-history-${a.id}`,
          onClick: () => onHistory(a),
        },
      ]}
    />
  );
}

function AwardLine({ a, onRevoke, onHistory }: { a: Award } & Pick<Props, 'onRevoke' | 'onHistory'>) {
  const { t } = useTranslation();
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={8}
      style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0' }}
      data-testid={`badge-wall-award-${a.id}`}
    >
      <div style={{ minWidth: 0 }}>
        <div>{a.reason}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.state === 'revoked'
            ? t('badges.wall.revokedBy', { name: a.revokedBy ?? '', reason: a.revokeReason ?? '' })
            : `${a.day} · ${t('badges.wall.by', { name: a.awardedBy.name })}`}
        </Typography.Text>
      </div>
      <AwardActions a={a} onRevoke={onRevoke} onHistory={onHistory} />
    </Flex>
  );
}

function WallBody({ wall, ...actions }: { wall: Wall } & Pick<Props, 'onRevoke' | 'onHistory'>) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  if (wall.badges.length === 0 && wall.revoked.length === 0)
    return <EmptyState text={t('badges.wall.empty')} testId="badge-wall-empty" />;
  return (
    <>
      <Row gutter={[16, 16]}>
        {wall.badges.map(({ badge, count, lastDay, awards }) => (
          <Col key={badge.id} xs={24} md={12} xl={8}>
            <Card size="small" data-testid={`badge-wall-${badge.id}`} style={{ height: '100%' }}>
              <Flex gap={12} align="center">
                <BadgeIcon icon={badge.icon} size={22} />
                <div style={{ minWidth: 0 }}>
                  <Space size={6}>
                    <Typography.Text strong>{zh ? badge.nameZh : badge.nameEn}</Typography.Text>
                    <Tag color="gold" data-testid={`badge-wall-count-${badge.id}`}>
                      {t('badges.wall.times', { count })}
                    </Tag>
                  </Space>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('badges.wall.last', { day: lastDay })}
                      {badge.value && ` · ${t('badges.wall.value', { value: zh ? badge.value.nameZh : badge.value.nameEn })}`}
                    </Typography.Text>
                  </div>
                </div>
              </Flex>
              {badge.description && (
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} ellipsis={{ rows: 2 }}>
                  {badge.description}
                </Typography.Paragraph>
              )}
              <div style={{ marginTop: 8 }}>
                {awards.map((a) => (
                  <AwardLine key={a.id} a={a} {...actions} />
                ))}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      {wall.revoked.length > 0 && (
        <Collapse
          ghost
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'revoked',
              label: `${t('badges.wall.revoked')} (${wall.revoked.length})`,
              children: (
                <div data-testid="badge-wall-revoked">
                  {wall.revoked.map((a) => (
                    <AwardLine key={a.id} a={a} {...actions} />
                  ))}
                </div>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

export function BadgeWall({ employeeId, onPick, ...actions }: Props) {
  const { t } = useTranslation();
  const access = useBadgeAccess().data;
  const wall = useBadgeWall(employeeId);
  const people = access?.people ?? [];
  return (
    <div data-testid="badge-wall">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space>
          {people.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('badges.wall.of')}</Typography.Text>
              <Select<number | 0>
                showSearch
                optionFilterProp="label"
                style={{ width: 240 }}
                value={employeeId ?? 0}
                onChange={(v) => onPick(v === 0 ? null : v)}
                options={[
                  { value: 0, label: t('badges.wall.me') },
                  ...people.map((p) => ({ value: p.id, label: p.dept ? `${p.name} · ${p.dept}` : p.name })),
                ]}
                data-testid="badge-wall-person"
              />
            </>
          )}
          {wall.data && (
            <Typography.Text strong data-testid="badge-wall-name">
              {wall.data.employee.name}
              {wall.data.dept ? ` · ${wall.data.dept}` : ''}
            </Typography.Text>
          )}
        </Space>
        {wall.data && (
          <Typography.Text type="secondary" data-testid="badge-wall-total">
            {t('badges.wall.total', { count: wall.data.total })}
          </Typography.Text>
        )}
      </Flex>
      <QueryStates pending={wall.isPending} error={wall.error} onRetry={() => void wall.refetch()}>
        {wall.data && <WallBody wall={wall.data} {...actions} />}
      </QueryStates>
    </div>
  );
}
