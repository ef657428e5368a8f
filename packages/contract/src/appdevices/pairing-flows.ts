/**
 * The app's set-up flows (/user-platform/blueTooth and /user-platform/wifi, issue #24): one kind
 * on the publishing model, a slot per connectivity. A flow is its ordered pairing steps (each a
 * title and a text in Chinese and English, an optional action such as "hold the button 5 s", a
 * firmware minimum) and a firmware minimum of its own. Which models it is for is the model's
 * targeting (`models`: one model, or a family of several; empty: every model, a fallback ordered
 * after the specific ones by priority). The app reads `GET app/v1/content/pairingFlow?slot=ble&model=…`.
 */
import { z } from 'zod';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from '../appcontent/kinds';
import { addIssues, type Issue, minimumVersion } from './shared';

export const PAIRING_FLOW_SLOTS = ['ble', 'wifi'] as const;
export type PairingFlowSlot = (typeof PAIRING_FLOW_SLOTS)[number];
/** What the user does at a step; `hold` and `wait` take seconds. */
export const STEP_ACTIONS = ['none', 'press', 'hold', 'powerCycle', 'wait', 'scanQr', 'enterWifi'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];
export const TIMED_ACTIONS: readonly StepAction[] = ['hold', 'wait'];
export const FLOW_LIMITS = { steps: { min: 1, max: 20 }, order: { min: 1, max: 99 }, seconds: { min: 1, max: 60 } } as const;

export const PAIRING_FLOW_SLOT_DEFS = {
  ble: { page: '/user-platform/blueTooth', permission: 'user:platform:blueTooth:config' },
  wifi: { page: '/user-platform/wifi', permission: 'user:platform:wifi:config' },
} as const;

const stepFields = {
  /** The step's place (1–99, unique in the flow); the app shows the steps by it. */
  order: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  textZh: z.string(),
  textEn: z.string(),
  action: z.enum(STEP_ACTIONS),
  /** Seconds of a timed action (hold, wait); null otherwise. */
  seconds: z.number().int().nullable(),
  /** The lowest firmware this step applies to ('' every firmware): older devices skip it. */
  minFirmware: z.string(),
};
export type FlowStep = z.infer<z.ZodObject<typeof stepFields>>;

const pairingFlowFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  /** The lowest firmware the flow works with ('' none). */
  minFirmware: z.string(),
  steps: z.array(z.object(stepFields)),
};
export const pairingFlowPayloadSchema = z.object(pairingFlowFields);
export type PairingFlowPayload = z.infer<typeof pairingFlowPayloadSchema>;

export const pairingFlowSchema = contentRecord(PAIRING_FLOW_SLOTS, pairingFlowFields);
export type PairingFlow = z.infer<typeof pairingFlowSchema>;

const stepBody = z
  .object({
    order: z.number().int().min(FLOW_LIMITS.order.min).max(FLOW_LIMITS.order.max),
    titleZh: bilingualText(100),
    titleEn: bilingualText(100),
    textZh: bilingualText(1000),
    textEn: bilingualText(1000),
    action: z.enum(STEP_ACTIONS).default('none'),
    seconds: z.number().int().min(FLOW_LIMITS.seconds.min).max(FLOW_LIMITS.seconds.max).nullable().default(null),
    minFirmware: minimumVersion,
  })
  .strict();

type StepLike = Pick<FlowStep, 'order' | 'titleZh' | 'titleEn' | 'action' | 'seconds'>;

/**
 * The rules of a flow's steps (pure: the body's refinement and the screen's check): each step has
 * a title in one language at least, a timed action its seconds and no other action any, and no
 * two steps share an order (the second one is named).
 */
export function stepIssues(steps: readonly StepLike[]): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<number>();
  steps.forEach((s, i) => {
    if (!s.titleZh && !s.titleEn) out.push({ path: ['steps', i, 'titleZh'], code: 'appDevices.stepRequired' });
    const timed = TIMED_ACTIONS.includes(s.action);
    if (timed && s.seconds == null) out.push({ path: ['steps', i, 'seconds'], code: 'appDevices.secondsRequired' });
    if (!timed && s.seconds != null) out.push({ path: ['steps', i, 'seconds'], code: 'appDevices.secondsNotTimed' });
    if (seen.has(s.order)) out.push({ path: ['steps', i, 'order'], code: 'appDevices.orderTaken', params: { order: s.order } });
    seen.add(s.order);
  });
  return out;
}

export const pairingFlowBody = contentBody(
  {
    titleZh: bilingualText(100),
    titleEn: bilingualText(100),
    minFirmware: minimumVersion,
    steps: z.array(stepBody).min(FLOW_LIMITS.steps.min).max(FLOW_LIMITS.steps.max),
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    addIssues(stepIssues(v.steps as StepLike[]), ctx);
  },
);
export type PairingFlowBody = z.infer<typeof pairingFlowBody>;

/** The item the app gets: the title and each step's title and text in its language (the other when empty), both languages, the steps by order. */
export const resolvedPairingFlowSchema = resolvedItem(PAIRING_FLOW_SLOTS, {
  title: z.string(),
  stepTexts: z.array(z.object({ order: z.number().int(), title: z.string(), text: z.string() })),
  ...pairingFlowFields,
});
export type ResolvedPairingFlow = z.infer<typeof resolvedPairingFlowSchema>;

const flowEndpoints = (slot: PairingFlowSlot) =>
  contentEndpoints({
    segment: 'pairing-flows',
    slot,
    noun: 'pairing flow',
    permission: PAIRING_FLOW_SLOT_DEFS[slot].permission,
    record: pairingFlowSchema,
    body: pairingFlowBody,
    item: resolvedPairingFlowSchema,
  });
export const PAIRING_FLOW_ENDPOINTS_OF = { ble: flowEndpoints('ble'), wifi: flowEndpoints('wifi') };
