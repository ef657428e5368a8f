/**
 * A record's state as a tag, and the actions its state allows as buttons, both from the
 * state machine the contract declares (packages/contract/src/state-machine.ts): the server
 * refuses what the machine refuses, the web offers only what it allows and the user holds.
 */
import { actionLabel, actionsFrom, confirmText, type StateMachine, type StateTone, stateLabel } from '@bo/contract';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../Can';
import { useLang, useTexts } from '../i18n/lang';

const TONE_COLOR: Record<StateTone, string> = {
  default: 'default',
  processing: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};

export function StateTag<S extends string>({
  machine,
  state,
  testId,
}: {
  machine: StateMachine<S, string>;
  state: S;
  testId?: string;
}) {
  const lang = useLang();
  return (
    <Tag color={TONE_COLOR[machine.states[state]?.tone ?? 'default']} data-testid={testId}>
      {stateLabel(machine, state, lang)}
    </Tag>
  );
}

interface ActionsProps<S extends string, A extends string> {
  machine: StateMachine<S, A>;
  state: S;
  /** Runs the action (the screen calls its endpoint); the button spins until it settles. */
  onAction: (action: A) => void;
  /** The action running now, if any. */
  busy?: A | null;
  /** Only these of the state's actions (a screen may offer some elsewhere). */
  only?: readonly A[];
  /** Whether this record offers an action its state allows (what the server decided for the caller). */
  allow?: (action: A) => boolean;
  /** Under a confirmation's question: what exactly the action changes. */
  describe?: (action: A) => ReactNode;
  testIdPrefix?: string;
  /** An action's button test id; `${testIdPrefix}-${action}` by default (its confirmation adds `-confirm`). */
  testId?: (action: A) => string;
}

/** The buttons of the actions `state` allows and the user holds; one with a question asks first (in red when destructive). */
export function StateActions<S extends string, A extends string>({
  machine,
  state,
  onAction,
  busy,
  only,
  allow,
  describe,
  testIdPrefix = 'state-action',
  testId = (action) => `${testIdPrefix}-${action}`,
}: ActionsProps<S, A>) {
  const { t, lang } = useTexts();
  const can = useCan();
  const actions = actionsFrom(machine, state, (p) => can(p as never)).filter(
    (a) => (!only || only.includes(a.action)) && (!allow || allow(a.action)),
  );
  if (actions.length === 0) return null;
  return (
    <Space size={4}>
      {actions.map((a) => {
        const question = confirmText(a, lang);
        const danger = a.destructive ?? Boolean(question);
        const button = (
          <Button
            key={a.action}
            size="small"
            danger={danger}
            loading={busy === a.action}
            disabled={Boolean(busy) && busy !== a.action}
            onClick={question ? undefined : () => onAction(a.action)}
            data-testid={testId(a.action)}
          >
            {actionLabel(a, lang)}
          </Button>
        );
        return question ? (
          <Popconfirm
            key={a.action}
            title={question}
            description={describe && <div style={{ maxWidth: 360 }}>{describe(a.action)}</div>}
            okText={actionLabel(a, lang)}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger, 'data-testid': `${testId(a.action)}-confirm` } as never}
            onConfirm={() => onAction(a.action)}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
    </Space>
  );
}
