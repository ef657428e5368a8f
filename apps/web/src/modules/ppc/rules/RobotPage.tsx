import type { RuleLevel } from '@bo/contract/ppc/rules';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { type RuleDraft, RuleDrawer } from './RuleDrawer';

type TemplateKey = 'bleeders' | 'highAcos' | 'winners' | 'pauseWaste' | 'budgetUp' | 'adGroupTrim';

/** The robot's presets: each opens the rule drawer filled in; the user picks the shops, previews and saves. */
const TEMPLATES: { key: TemplateKey; level: RuleLevel; list: string; draft: RuleDraft }[] = [
  {
    key: 'bleeders',
    level: 'keyword',
    list: '/ppcRules/keywordRules',
    draft: {
      windowDays: 14,
      conditions: [
        [
          { metric: 'clicks', op: 'gte', value: 20 },
          { metric: 'orders', op: 'eq', value: 0 },
        ],
      ],
      action: { type: 'bid_pct', value: -20, floor: 0.1 },
      scheduleHour: 3,
    },
  },
  {
    key: 'highAcos',
    level: 'keyword',
    list: '/ppcRules/keywordRules',
    draft: {
      windowDays: 7,
      conditions: [
        [
          { metric: 'acos', op: 'gt', value: 0.4 },
          { metric: 'clicks', op: 'gte', value: 10 },
        ],
      ],
      action: { type: 'bid_pct', value: -10 },
      scheduleHour: 3,
    },
  },
  {
    key: 'winners',
    level: 'keyword',
    list: '/ppcRules/keywordRules',
    draft: {
      windowDays: 14,
      conditions: [
        [
          { metric: 'acos', op: 'lt', value: 0.15 },
          { metric: 'orders', op: 'gte', value: 3 },
        ],
      ],
      action: { type: 'bid_pct', value: 10, ceiling: 3 },
      scheduleHour: 3,
    },
  },
  {
    key: 'pauseWaste',
    level: 'target',
    list: '/ppcRules/keywordRules',
    draft: {
      windowDays: 30,
      conditions: [
        [
          { metric: 'spend', op: 'gte', value: 30 },
          { metric: 'orders', op: 'eq', value: 0 },
        ],
      ],
      action: { type: 'pause' },
      scheduleHour: 4,
    },
  },
  {
    key: 'budgetUp',
    level: 'campaign',
    list: '/ppcRules/campaignRules',
    draft: {
      windowDays: 7,
      conditions: [
        [
          { metric: 'roas', op: 'gte', value: 4 },
          { metric: 'spend', op: 'gte', value: 50 },
        ],
      ],
      action: { type: 'budget_pct', value: 20 },
      scheduleHour: 5,
    },
  },
  {
    key: 'adGroupTrim',
    level: 'ad_group',
    list: '/ppcRules/groupRules',
    draft: {
      windowDays: 14,
      conditions: [[{ metric: 'acos', op: 'gt', value: 0.5 }]],
      action: { type: 'bid_pct', value: -10 },
      scheduleHour: 3,
    },
  },
];

/** /robotPpc: rule templates; a saved rule lives on the list of its level. */
export function RobotPage() {
  const { t } = useTranslation();
  const [using, setUsing] = useState<(typeof TEMPLATES)[number] | null>(null);
  return (
    <div className="bo-page" data-testid="page-robot">
      <ScreenHead title={t('ppc.rules.robot.title')} subtitle={t('ppc.rules.robot.subtitle')} />
      <Row gutter={[16, 16]}>
        {TEMPLATES.map((tpl) => (
          <Col key={tpl.key} xs={24} md={12} xl={8}>
            <Card
              title={t(`ppc.rules.robot.templates.${tpl.key}.name`)}
              extra={<Tag>{t(`ppc.rules.levels.${tpl.level}`)}</Tag>}
              actions={[
                <Link key="list" to={tpl.list}>
                  {t(`ppc.rules.title.${tpl.level === 'target' || tpl.level === 'search_term' ? 'keyword' : tpl.level}`)}
                </Link>,
                <Can key="use" permission="ppc:rules:create">
                  <Button type="link" onClick={() => setUsing(tpl)} data-testid={`robot-use-${tpl.key}`}>
                    {t('ppc.rules.robot.use')}
                  </Button>
                </Can>,
              ]}
            >
              <Typography.Paragraph>{t(`ppc.rules.robot.templates.${tpl.key}.text`)}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/robotPpc/high/list">{t('ppc.rules.robot.advanced')}</Link>
      </Typography.Paragraph>
      {using && (
        <RuleDrawer
          family="rules"
          kind="rule"
          levels={[using.level]}
          rule={null}
          draft={{ ...using.draft, name: t(`ppc.rules.robot.templates.${using.key}.name`), level: using.level }}
          onClose={() => setUsing(null)}
        />
      )}
    </div>
  );
}
