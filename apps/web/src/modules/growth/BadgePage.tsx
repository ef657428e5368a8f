/**
 * /badge: growth badges. Three tabs, the active one in the URL (`tab`): the badge wall (mine, or
 * with `employee=<id>` someone's I may open), the company's recent awards, and the badges
 * themselves (HR and the administrator keep them). "Award a badge" is there for whoever may award
 * someone (a leader: their reporting line; HR and the administrator: anyone); the server decides.
 */
import { TrophyOutlined } from '@ant-design/icons';
import type { Award } from '@bo/contract/growth/badges';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHead } from '../../shared/components/PageHead';
import type { Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { BadgeAwardsList } from './BadgeAwardsList';
import { BadgeDefinitions } from './BadgeDefinitions';
import { AwardDrawer, RevokeDrawer } from './BadgeForms';
import { BadgeWall } from './BadgeWall';
import { useBadgeAccess } from './badges.queries';

const TABS = ['wall', 'awards', 'badges'] as const;
type Tab = (typeof TABS)[number];

export default function BadgePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'wall';
  const employee = Number(params.get('employee') ?? 0) || null;
  const access = useBadgeAccess().data;
  const [awarding, setAwarding] = useState<Editor<{ employeeId?: number }> | null>(null);
  const [revoking, setRevoking] = useState<Award | null>(null);
  const [historyOf, setHistoryOf] = useState<Award | null>(null);
  // A tab starts from its own defaults: the other tabs' filters and pages stay out of its URL.
  const go = (next: Tab, extra: Record<string, string> = {}) =>
    setParams({ ...(next === 'wall' ? {} : { tab: next }), ...extra });
  const openWall = (id: number | null) => go('wall', id === null ? {} : { employee: String(id) });
  const canAward = (access?.people.length ?? 0) > 0;
  const history = { onRevoke: setRevoking, onHistory: setHistoryOf };

  return (
    <div className="bo-page" data-testid="page-badge">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16 }}>
        <ScreenHead title={t('badges.title')} subtitle={t('badges.subtitle')} />
        {canAward && (
          <Button
            type="primary"
            icon={<TrophyOutlined />}
            onClick={() =>
              setAwarding({
                mode: 'create',
                record: employee !== null && access?.people.some((p) => p.id === employee) ? { employeeId: employee } : {},
              })
            }
            data-testid="badge-award"
          >
            {t('badges.award')}
          </Button>
        )}
      </div>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => go(k as Tab)}
          destroyOnHidden
          items={[
            {
              key: 'wall',
              label: t('badges.tab.wall'),
              children: <BadgeWall employeeId={employee} onPick={openWall} {...history} />,
            },
            {
              key: 'awards',
              label: <span data-testid="badge-tab-awards">{t('badges.tab.awards')}</span>,
              children: <BadgeAwardsList onOpenWall={openWall} {...history} />,
            },
            {
              key: 'badges',
              label: <span data-testid="badge-tab-badges">{t('badges.tab.badges')}</span>,
              children: <BadgeDefinitions />,
            },
          ]}
        />
      </Card>
      <AwardDrawer editor={awarding} onClose={() => setAwarding(null)} />
      <RevokeDrawer award={revoking} onClose={() => setRevoking(null)} />
      <HistoryDrawer
        entity="growth_badge_award"
        entityId={historyOf?.id ?? null}
        name={historyOf ? `${historyOf.employee.name} · ${historyOf.reason}` : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          badge: t('badges.field.badge'),
          employeeId: t('badges.field.employee'),
          reason: t('badges.field.reason'),
          day: t('badges.field.day'),
          state: t('badges.list.column.state'),
        }}
      />
    </div>
  );
}
