/**
 * A record's states and the actions that move it between them, declared once in the
 * contract: the server refuses an action its record's state does not allow (409), the web
 * draws the state's tag and offers only the actions the state allows and the user holds.
 * The approval engine and every later workflow (projects, shipments, forecasts) use it.
 */
import type { Lang } from './errors';
import type { Permission } from './permissions';

type Texts = { readonly zh: string; readonly en: string };

export type StateTone = 'default' | 'processing' | 'success' | 'warning' | 'error';

export interface StateDef {
  readonly label: Texts;
  readonly tone: StateTone;
  /** No action leaves it. */
  readonly final?: boolean;
}

export interface TransitionDef<S extends string, A extends string> {
  readonly action: A;
  readonly from: readonly S[];
  readonly to: S;
  readonly label: Texts;
  /** The type-3 permission the action needs (beyond the endpoint's own). */
  readonly permission?: Permission;
  /** An action the web asks about first, with this question. */
  readonly confirm?: Texts;
  /**
   * Whether the action destroys or undoes something (drawn as a danger button). Defaults to
   * true for an action with a question; false for one that only asks (publishing a notice).
   */
  readonly destructive?: boolean;
}

export interface StateMachine<S extends string, A extends string> {
  readonly entity: Texts;
  readonly states: Readonly<Record<S, StateDef>>;
  readonly transitions: readonly TransitionDef<S, A>[];
}

export type StateOf<M> = M extends StateMachine<infer S, string> ? S : never;
export type ActionOf<M> = M extends StateMachine<string, infer A> ? A : never;

export function defineStateMachine<const S extends string, const A extends string>(m: StateMachine<S, A>): StateMachine<S, A> {
  for (const t of m.transitions) {
    for (const from of t.from)
      if (m.states[from]?.final) throw new Error(`state machine: ${t.action} leaves the final state ${from}`);
  }
  return m;
}

/** The transition `action` takes from `state`, or null when the state does not allow it. */
export function transitionFrom<S extends string, A extends string>(
  m: StateMachine<S, A>,
  state: S,
  action: A,
): TransitionDef<S, A> | null {
  return m.transitions.find((t) => t.action === action && t.from.includes(state)) ?? null;
}

/** The actions `state` allows, those the caller may run (by `can`) only. */
export function actionsFrom<S extends string, A extends string>(
  m: StateMachine<S, A>,
  state: S,
  can: (p: Permission) => boolean = () => true,
): TransitionDef<S, A>[] {
  return m.transitions.filter((t) => t.from.includes(state) && (!t.permission || can(t.permission)));
}

const pick = (t: Texts, lang: Lang) => (lang === 'zh-CN' ? t.zh : t.en);

/** "cannot revert an import that is discarded" in the caller's language, for the 409. */
export function refusalText<S extends string, A extends string>(m: StateMachine<S, A>, state: S, action: A, lang: Lang): string {
  const t = m.transitions.find((x) => x.action === action);
  const act = t ? pick(t.label, lang) : action;
  const st = m.states[state] ? pick(m.states[state].label, lang) : state;
  return lang === 'zh-CN'
    ? `${pick(m.entity, lang)}当前为「${st}」，不能${act}`
    : `cannot ${act.toLowerCase()}: the ${pick(m.entity, lang).toLowerCase()} is ${st.toLowerCase()}`;
}

export const stateLabel = <S extends string>(m: StateMachine<S, string>, state: S, lang: Lang): string =>
  m.states[state] ? pick(m.states[state].label, lang) : state;
export const actionLabel = <A extends string>(t: TransitionDef<string, A>, lang: Lang): string => pick(t.label, lang);
export const confirmText = (t: TransitionDef<string, string>, lang: Lang): string | null =>
  t.confirm ? pick(t.confirm, lang) : null;
