/**
 * One record's approval timeline (the approval engine of issue #21, platform/approvals on the
 * server): who did what, at which step of which round, the state it moved to and the remark,
 * oldest first, from the server's `timelineOf`. The buttons beside it are `<StateActions
 * machine={APPROVAL_MACHINE} allow={(a) => allowedActions(state, me).includes(a)} />`: the
 * same rules the server applies.
 */
import { actionLabel, type StateTone } from '@bo/contract';
import {
  APPROVAL_MACHINE,
  type ApprovalAction,
  type ApprovalFlowDef,
  statusFromCode,
} from '@bo/contract/approvals/approval-flow';
import { Empty, Flex, Timeline, Typography } from 'antd';
import { formatDateTime } from '../format';
import { useTexts } from '../i18n/lang';
import { StateTag } from './StateTag';

/** One line of the timeline, as the server's `timelineOf` answers it (`from`/`to`: spec §4's codes). */
export interface ApprovalTimelineEntry {
  readonly id: number;
  readonly action: ApprovalAction;
  readonly userId: number;
  readonly impersonatorUserId?: number | null;
  readonly round: number;
  readonly step: number;
  readonly from: number;
  readonly to: number;
  readonly remark: string | null;
  /** ISO 8601, UTC. */
  readonly at: string;
}

const DOT: Record<StateTone, string> = { default: 'gray', processing: 'blue', success: 'green', warning: 'orange', error: 'red' };

export function ApprovalTimeline({
  flow,
  entries,
  nameOf,
  testId = 'approval-timeline',
}: {
  flow: ApprovalFlowDef;
  entries: readonly ApprovalTimelineEntry[];
  /** A user's name to show; the id when the screen does not know it. */
  nameOf: (userId: number) => string | undefined;
  testId?: string;
}) {
  const { t, lang } = useTexts();
  if (entries.length === 0)
    return (
      <div data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kit.approval.empty')} />
      </div>
    );
  const action = (a: ApprovalAction) => {
    const def = APPROVAL_MACHINE.transitions.find((x) => x.action === a);
    return def ? actionLabel(def, lang) : a;
  };
  const stepName = (step: number) => {
    const s = flow.steps[step];
    return s ? (lang === 'zh-CN' ? s.label.zh : s.label.en) : String(step + 1);
  };
  const rounds = new Set(entries.map((e) => e.round)).size;
  return (
    <div data-testid={testId}>
      <Timeline
        items={entries.map((e, i) => {
          const to = statusFromCode(e.to) ?? 'not';
          const newRound = rounds > 1 && e.action === 'submit' && (i === 0 || entries[i - 1]?.round !== e.round);
          const who = nameOf(e.userId) ?? `#${e.userId}`;
          const by = e.impersonatorUserId ? (nameOf(e.impersonatorUserId) ?? `#${e.impersonatorUserId}`) : null;
          return {
            key: e.id,
            color: DOT[APPROVAL_MACHINE.states[to].tone ?? 'default'],
            content: (
              <Flex vertical gap={2} data-testid={`${testId}-entry-${e.id}`}>
                {newRound && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('kit.approval.round', { round: e.round })}
                  </Typography.Text>
                )}
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{who}</Typography.Text>
                  <Typography.Text>{action(e.action)}</Typography.Text>
                  {e.action !== 'submit' && e.action !== 'withdraw' && (
                    <Typography.Text type="secondary">{t('kit.approval.step', { step: stepName(e.step) })}</Typography.Text>
                  )}
                  <StateTag machine={APPROVAL_MACHINE} state={to} />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(e.at)}
                  {by ? ` · ${t('kit.approval.godView', { by })}` : ''}
                </Typography.Text>
                {e.remark && (
                  <Typography.Paragraph style={{ margin: 0 }} data-testid={`${testId}-remark-${e.id}`}>
                    {e.remark}
                  </Typography.Paragraph>
                )}
              </Flex>
            ),
          };
        })}
      />
    </div>
  );
}
