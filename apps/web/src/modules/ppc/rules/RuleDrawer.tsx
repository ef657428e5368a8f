import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fieldText } from '@bo/contract';
import { CAMPAIGN_TYPES, PPC_METRICS, type PpcMetric } from '@bo/contract/ppc/board';
import {
  ACTIONS_OF_LEVEL,
  HARVEST_BID_MODES,
  type PreviewChange,
  RULE_HARVEST_MATCH_TYPES,
  RULE_NEGATIVE_MATCH_TYPES,
  RULE_OPS,
  type Rule,
  type RuleAction,
  type RuleKind,
  type RuleLevel,
  type RulePreview,
  STOCK_ACTIONS,
  STOCK_CONDITIONS,
  STOCK_HYSTERESIS_DAYS,
  STOCK_LEVELS,
  type StockCondition,
} from '@bo/contract/ppc/rules';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditFormProblem } from '../../../shared/forms/edit-form-problem';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell, MoneyCell } from '../../../shared/table/NumberCells';
import { usePpcShops } from '../board/board.queries';
import { PreviewDrawer } from '../components/PreviewDrawer';
import { useHarvestAdGroups } from '../diagnosis/diagnosis.queries';
import { isPercent, toApiValue, toFormValue, valueText } from './rule-text';
import { type Family, type RuleBody, usePreviewDraft, useSaveRule } from './rules.queries';

interface ConditionValues {
  metric: PpcMetric;
  op: (typeof RULE_OPS)[number];
  value: number;
}
interface Values {
  name: string;
  level: RuleLevel;
  shopIds: number[];
  campaignType: string;
  label: string;
  windowDays: number;
  groups: { conditions: ConditionValues[] }[];
  actionType: RuleAction;
  actionValue?: number;
  target?: number;
  floor?: number | null;
  ceiling?: number | null;
  negativeMatchType: (typeof RULE_NEGATIVE_MATCH_TYPES)[number];
  negativeLevel: 'ad_group' | 'campaign';
  matchType: (typeof RULE_HARVEST_MATCH_TYPES)[number];
  bidMode: (typeof HARVEST_BID_MODES)[number];
  adGroupId?: number;
  negateSource: boolean;
  /** A stock condition ('' none): act while the SKU's cover is low, restore when it is back. */
  stockWhen: StockCondition | '';
  stockDays?: number;
  schedule: string;
  enabled: boolean;
  cooldownDays: number;
  maxChanges: number;
  maxDelta?: number | null;
}

const FIELDS = ['name', 'level', 'windowDays', 'cooldownDays', 'maxChanges', 'maxDelta'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** A preset the drawer opens with (robot templates). */
export type RuleDraft = Partial<Omit<RuleBody, 'scope'>> & { scope?: Partial<RuleBody['scope']> };

/** The form values of a saved rule or a draft. */
function initialValues(rule: Rule | null, draft: RuleDraft | null, level: RuleLevel, kind: RuleKind): Values {
  const src = rule ?? draft;
  const action = src?.action ?? (kind === 'smart' ? { type: 'acos_target' as const, value: 10, target: 0.3 } : undefined);
  const groups = src?.conditions ?? [[{ metric: 'clicks' as const, op: 'gte' as const, value: 20 }]];
  return {
    name: src?.name ?? '',
    level: src?.level ?? level,
    shopIds: src?.scope?.shopIds ?? [],
    campaignType: src?.scope?.campaignType ?? '',
    label: src?.scope?.label ?? '',
    windowDays: src?.windowDays ?? 14,
    groups: groups.map((g) => ({ conditions: g.map((c) => ({ ...c, value: toFormValue(c.metric, c.value) })) })),
    actionType: action?.type ?? (level === 'campaign' ? 'budget_pct' : 'bid_pct'),
    actionValue: action?.value ?? -10,
    target: action?.target === undefined ? undefined : Math.round(action.target * 10000) / 100,
    floor: action?.floor ?? null,
    ceiling: action?.ceiling ?? null,
    negativeMatchType: action?.negativeMatchType ?? 'negative_exact',
    negativeLevel: action?.negativeLevel ?? 'ad_group',
    matchType: action?.matchType ?? 'exact',
    bidMode: action?.bidMode ?? 'fixed',
    adGroupId: action?.adGroupId,
    negateSource: action?.negateSource ?? true,
    stockWhen: action?.stock?.when ?? '',
    stockDays: action?.stock?.days ?? 30,
    schedule: src?.scheduleHour === null || src?.scheduleHour === undefined ? (rule ? 'manual' : '3') : String(src.scheduleHour),
    enabled: src?.enabled ?? false,
    cooldownDays: src?.cooldownDays ?? 7,
    maxChanges: src?.maxChanges ?? 1000,
    maxDelta: src?.maxDelta ?? null,
  };
}

/** The action of the form: the create actions carry their own fields. */
function actionOf(v: Values): RuleBody['action'] {
  if (v.actionType === 'add_negative')
    return { type: 'add_negative', negativeMatchType: v.negativeMatchType, negativeLevel: v.negativeLevel };
  if (v.actionType === 'harvest')
    return {
      type: 'harvest',
      matchType: v.matchType,
      bidMode: v.bidMode,
      value: v.actionValue ?? 0,
      ...(v.adGroupId ? { adGroupId: v.adGroupId } : {}),
      negateSource: v.negateSource,
      ...(v.floor != null ? { floor: v.floor } : {}),
      ...(v.ceiling != null ? { ceiling: v.ceiling } : {}),
    };
  const needsValue = v.actionType !== 'pause' && v.actionType !== 'enable';
  const stock = v.stockWhen
    ? { stock: { when: v.stockWhen, ...(v.stockWhen === 'cover_below_days' ? { days: v.stockDays ?? 30 } : {}) } }
    : {};
  return {
    ...stock,
    type: v.actionType,
    ...(needsValue ? { value: v.actionValue ?? 0 } : {}),
    ...(v.actionType === 'acos_target' && v.target != null ? { target: v.target / 100 } : {}),
    ...(needsValue && v.floor != null ? { floor: v.floor } : {}),
    ...(needsValue && v.ceiling != null ? { ceiling: v.ceiling } : {}),
  };
}

function bodyOf(v: Values, kind: RuleKind): RuleBody {
  return {
    name: v.name.trim(),
    kind,
    level: v.level,
    scope: {
      shopIds: v.shopIds,
      campaignType: v.campaignType ? (v.campaignType as (typeof CAMPAIGN_TYPES)[number]) : null,
      label: v.label.trim() || null,
    },
    windowDays: v.windowDays,
    conditions: v.groups.map((g) =>
      g.conditions.map((c) => ({ metric: c.metric, op: c.op, value: toApiValue(c.metric, c.value) })),
    ),
    action: actionOf(v),
    scheduleHour: v.schedule === 'manual' ? null : Number(v.schedule),
    enabled: v.enabled,
    cooldownDays: v.cooldownDays,
    maxChanges: v.maxChanges,
    maxDelta: v.maxDelta ?? null,
  };
}

/**
 * Creates or edits a rule: name, level, scope, window and conditions (OR groups for
 * advanced rules), action, schedule and guards, with a preview (the dry run) of every
 * change the rule would make now.
 */
export function RuleDrawer(props: {
  family: Family;
  kind: RuleKind;
  levels: readonly RuleLevel[];
  rule: Rule | null;
  draft?: RuleDraft | null;
  onClose: () => void;
}) {
  const { family, kind, levels, rule } = props;
  const { t, lang } = useTexts();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const shops = usePpcShops();
  const save = useSaveRule(family);
  const preview = usePreviewDraft(family);
  const [result, setResult] = useState<RulePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const { problem, clear, report } = useEditFormProblem(form, async () => props.onClose());
  const level = Form.useWatch('level', form) ?? props.rule?.level ?? levels[0] ?? 'keyword';
  const actionType = Form.useWatch('actionType', form);
  const bidMode = Form.useWatch('bidMode', form);
  const chosenShops = Form.useWatch('shopIds', form) ?? [];
  const stockWhen = Form.useWatch('stockWhen', form) ?? '';
  const stockLevel = kind !== 'smart' && (STOCK_LEVELS as readonly string[]).includes(level);
  const stocked = stockLevel && stockWhen !== '';
  const harvestGroups = useHarvestAdGroups(actionType === 'harvest' && chosenShops[0] ? chosenShops[0] : null);
  const advanced = kind === 'advanced';
  const actions = ACTIONS_OF_LEVEL[level]
    .filter((a) => (kind === 'smart' ? a === 'acos_target' : a !== 'acos_target'))
    .filter((a) => !stocked || (STOCK_ACTIONS as readonly string[]).includes(a));
  const required = { required: true, message: fieldText('required', lang) };

  const runPreview = async () => {
    setPreviewError(null);
    try {
      const v = await form.validateFields();
      setResult(await preview.mutateAsync(bodyOf(v, kind)));
    } catch (err) {
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      setPreviewError(errorText(err, lang));
    }
  };

  const submit = async (v: Values) => {
    clear();
    try {
      const saved = await save.mutateAsync({ id: rule?.id, version: rule?.version, body: bodyOf(v, kind) });
      void message.success(t('ppc.rules.saved', { name: saved.name }), 1);
      if (saved.conflicts.length)
        modal.warning({
          title: t('ppc.rules.conflictTitle'),
          content: saved.conflicts.map((c) => `${c.name}: ${c.reason}`).join('; '),
        });
      props.onClose();
    } catch (err) {
      report(err, { fields: FIELDS });
    }
  };

  return (
    <PreviewDrawer
      size={1040}
      title={t(rule ? 'ppc.rules.editTitle' : 'ppc.rules.createTitle')}
      onClose={props.onClose}
      onPreview={() => void runPreview()}
      previewing={preview.isPending}
      previewText={t('ppc.rules.preview')}
      previewError={previewError}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
      staleText={t('ppc.rules.stale')}
      testId="rule"
      after={result && <PreviewResult preview={result} />}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={initialValues(rule, props.draft ?? null, levels[0] ?? 'keyword', kind)}
        onValuesChange={() => setResult(null)}
        data-testid="rule-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('ppc.rules.name')} rules={[required, { max: 100 }]}>
              <Input maxLength={100} data-testid="rule-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="level" label={t('ppc.rules.level')}>
              <Radio.Group
                optionType="button"
                options={levels.map((l) => ({ value: l, label: t(`ppc.rules.levels.${l}`) }))}
                onChange={(e) => {
                  const next = ACTIONS_OF_LEVEL[e.target.value as RuleLevel].filter((a) =>
                    kind === 'smart' ? a === 'acos_target' : a !== 'acos_target',
                  );
                  if (!next.includes(form.getFieldValue('actionType'))) form.setFieldValue('actionType', next[0]);
                  if (!(STOCK_LEVELS as readonly string[]).includes(e.target.value)) form.setFieldValue('stockWhen', '');
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Card size="small" title={t('ppc.rules.scope')} className="bo-form-card">
          <Row gutter={16}>
            <Col span={10}>
              <Form.Item name="shopIds" label={t('ppc.rules.shops')} rules={[{ ...required, type: 'array', min: 1 }]}>
                <Select
                  mode="multiple"
                  loading={shops.isPending}
                  options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: s.name }))}
                  optionFilterProp="label"
                  data-testid="rule-shops"
                />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="campaignType" label={t('ppc.rules.campaignType')}>
                <Select
                  options={[
                    { value: '', label: t('ppc.rules.allTypes') },
                    ...CAMPAIGN_TYPES.map((c) => ({ value: c, label: t(`ppc.campaignType.${c}`) })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="label" label={t('ppc.rules.label')} tooltip={t('ppc.rules.labelHelp')}>
                <Input maxLength={60} allowClear />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('ppc.rules.when')} className="bo-form-card">
          <Form.Item name="windowDays" label={t('ppc.rules.windowDays')} extra={t('ppc.rules.windowHelp')}>
            <Select
              style={{ width: 200 }}
              options={[3, 7, 14, 30, 60].map((d) => ({ value: d, label: t('ppc.rules.days', { count: d }) }))}
              data-testid="rule-window"
            />
          </Form.Item>
          <Form.List name="groups">
            {(groups, groupOps) => (
              <>
                {groups.map((g, gi) => (
                  <div key={g.key}>
                    {gi > 0 && <Divider plain>{t('ppc.rules.or')}</Divider>}
                    <Form.List name={[g.name, 'conditions']}>
                      {(conds, condOps) => (
                        <Flex vertical gap={4}>
                          {conds.map((c, ci) => (
                            <Space key={c.key} align="baseline" wrap>
                              <Typography.Text type="secondary" style={{ width: 36, display: 'inline-block' }}>
                                {ci === 0 ? t('ppc.rules.if') : t('ppc.rules.and')}
                              </Typography.Text>
                              <Form.Item name={[c.name, 'metric']} noStyle>
                                <Select
                                  style={{ width: 140 }}
                                  options={PPC_METRICS.map((m) => ({ value: m, label: t(`ppc.metric.${m}`) }))}
                                  data-testid={`rule-metric-${gi}-${ci}`}
                                />
                              </Form.Item>
                              <Form.Item name={[c.name, 'op']} noStyle>
                                <Select
                                  style={{ width: 90 }}
                                  options={RULE_OPS.map((o) => ({ value: o, label: t(`ppc.rules.ops.${o}`) }))}
                                  data-testid={`rule-op-${gi}-${ci}`}
                                />
                              </Form.Item>
                              <Form.Item noStyle shouldUpdate>
                                {() => {
                                  const metric = form.getFieldValue([
                                    'groups',
                                    g.name,
                                    'conditions',
                                    c.name,
                                    'metric',
                                  ]) as PpcMetric;
                                  return (
                                    <Form.Item name={[c.name, 'value']} rules={[required]} style={{ marginBottom: 0 }}>
                                      <InputNumber
                                        min={0}
                                        style={{ width: 140 }}
                                        suffix={isPercent(metric) ? '%' : undefined}
                                        data-testid={`rule-value-${gi}-${ci}`}
                                      />
                                    </Form.Item>
                                  );
                                }}
                              </Form.Item>
                              {conds.length > 1 && (
                                <Button type="text" icon={<DeleteOutlined />} onClick={() => condOps.remove(c.name)} />
                              )}
                            </Space>
                          ))}
                          <Space>
                            <Button
                              size="small"
                              icon={<PlusOutlined />}
                              disabled={conds.length >= 10}
                              onClick={() => condOps.add({ metric: 'orders', op: 'eq', value: 0 })}
                              data-testid={`rule-add-condition-${gi}`}
                            >
                              {t('ppc.rules.addCondition')}
                            </Button>
                            {advanced && groups.length > 1 && (
                              <Button size="small" danger onClick={() => groupOps.remove(g.name)}>
                                {t('ppc.rules.removeGroup')}
                              </Button>
                            )}
                          </Space>
                        </Flex>
                      )}
                    </Form.List>
                  </div>
                ))}
                {advanced && (
                  <Button
                    style={{ marginTop: 12 }}
                    icon={<PlusOutlined />}
                    disabled={groups.length >= 5}
                    onClick={() => groupOps.add({ conditions: [{ metric: 'clicks', op: 'gte', value: 10 }] })}
                    data-testid="rule-add-group"
                  >
                    {t('ppc.rules.addGroup')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          {stockLevel && (
            <>
              <Divider plain>{t('ppc.rules.and')}</Divider>
              <Space wrap align="start">
                <Form.Item name="stockWhen" label={t('ppc.rules.stock.label')} tooltip={t('ppc.rules.stock.tooltip')}>
                  <Select
                    style={{ width: 260 }}
                    options={[
                      { value: '', label: t('ppc.rules.stock.none') },
                      ...STOCK_CONDITIONS.map((c) => ({ value: c, label: t(`ppc.rules.stock.when.${c}`) })),
                    ]}
                    onChange={(v: StockCondition | '') => {
                      if (!v) return;
                      const current = form.getFieldValue('actionType') as RuleAction;
                      if (!(STOCK_ACTIONS as readonly string[]).includes(current)) form.setFieldValue('actionType', 'pause');
                      if (current === 'bid_pct' && (form.getFieldValue('actionValue') ?? 0) >= 0)
                        form.setFieldValue('actionValue', -30);
                    }}
                    data-testid="rule-stock"
                  />
                </Form.Item>
                {stockWhen === 'cover_below_days' && (
                  <Form.Item
                    name="stockDays"
                    label={t('ppc.rules.stock.days')}
                    rules={[required, { type: 'integer', min: 1, max: 180, message: t('ppc.rules.stock.daysRange') }]}
                  >
                    <InputNumber style={{ width: 120 }} min={1} max={180} precision={0} data-testid="rule-stock-days" />
                  </Form.Item>
                )}
              </Space>
              {stocked && (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="rule-stock-help">
                  {t('ppc.rules.stock.help', { days: STOCK_HYSTERESIS_DAYS })}
                </Typography.Paragraph>
              )}
            </>
          )}
        </Card>
        <Card size="small" title={t('ppc.rules.thenTitle')} className="bo-form-card">
          <Space wrap align="start">
            <Form.Item name="actionType" label={t('ppc.rules.action')}>
              <Select
                style={{ width: 220 }}
                options={actions.map((a) => ({ value: a, label: t(`ppc.rules.actions.${a}`) }))}
                data-testid="rule-action"
              />
            </Form.Item>
            {actionType === 'add_negative' && (
              <>
                <Form.Item name="negativeMatchType" label={t('ppc.rules.negativeMatchType')}>
                  <Select
                    style={{ width: 160 }}
                    options={RULE_NEGATIVE_MATCH_TYPES.map((m) => ({ value: m, label: t(`ppc.rules.negativeMatchTypes.${m}`) }))}
                    data-testid="rule-negative-match"
                  />
                </Form.Item>
                <Form.Item name="negativeLevel" label={t('ppc.rules.negativeLevel')}>
                  <Radio.Group
                    optionType="button"
                    options={(['ad_group', 'campaign'] as const).map((l) => ({
                      value: l,
                      label: t(`ppc.rules.negativeLevels.${l}`),
                    }))}
                    data-testid="rule-negative-level"
                  />
                </Form.Item>
              </>
            )}
            {actionType === 'harvest' && (
              <>
                <Form.Item
                  name="adGroupId"
                  label={t('ppc.rules.harvestAdGroup')}
                  tooltip={t('ppc.rules.harvestAdGroupHelp')}
                  rules={[required]}
                >
                  <Select
                    style={{ width: 320 }}
                    showSearch
                    optionFilterProp="label"
                    loading={harvestGroups.isFetching}
                    options={(harvestGroups.data ?? []).map((g) => ({
                      value: g.adGroupId,
                      label: `${g.campaignName} › ${g.adGroupName}`,
                    }))}
                    data-testid="rule-harvest-adgroup"
                  />
                </Form.Item>
                <Form.Item name="matchType" label={t('ppc.rules.harvestMatchType')}>
                  <Select
                    style={{ width: 120 }}
                    options={RULE_HARVEST_MATCH_TYPES.map((m) => ({ value: m, label: t(`ppc.rules.harvestMatchTypes.${m}`) }))}
                    data-testid="rule-harvest-match"
                  />
                </Form.Item>
                <Form.Item name="bidMode" label={t('ppc.rules.bidMode')}>
                  <Radio.Group
                    optionType="button"
                    options={HARVEST_BID_MODES.map((m) => ({ value: m, label: t(`ppc.rules.bidModes.${m}`) }))}
                    data-testid="rule-harvest-bidmode"
                  />
                </Form.Item>
                <Form.Item
                  name="actionValue"
                  label={t(bidMode === 'cpc_factor' ? 'ppc.rules.cpcFactor' : 'ppc.rules.harvestBid')}
                  rules={[required]}
                >
                  <InputNumber style={{ width: 120 }} min={0.01} step={0.1} data-testid="rule-action-value" />
                </Form.Item>
                <Form.Item name="floor" label={t('ppc.rules.floor')}>
                  <InputNumber style={{ width: 110 }} min={0} />
                </Form.Item>
                <Form.Item name="ceiling" label={t('ppc.rules.ceiling')}>
                  <InputNumber style={{ width: 110 }} min={0} />
                </Form.Item>
                <Form.Item name="negateSource" label={t('ppc.rules.negateSource')} valuePropName="checked">
                  <Switch data-testid="rule-harvest-negate" />
                </Form.Item>
              </>
            )}
            {actionType !== 'pause' && actionType !== 'enable' && actionType !== 'add_negative' && actionType !== 'harvest' && (
              <>
                <Form.Item
                  name="actionValue"
                  label={t(`ppc.rules.valueLabel.${actionType ?? 'bid_pct'}`, { defaultValue: t('ppc.rules.value') })}
                  rules={[
                    required,
                    ...(stocked ? [{ type: 'number' as const, max: -0.01, message: t('ppc.rules.stock.lowerOnly') }] : []),
                  ]}
                >
                  <InputNumber
                    style={{ width: 140 }}
                    min={actionType === 'acos_target' || actionType === 'bid_set' ? 0.01 : -100}
                    suffix={
                      actionType === 'bid_pct' || actionType === 'budget_pct' || actionType === 'acos_target' ? '%' : undefined
                    }
                    data-testid="rule-action-value"
                  />
                </Form.Item>
                {actionType === 'acos_target' && (
                  <Form.Item name="target" label={t('ppc.rules.targetAcos')} rules={[required]}>
                    <InputNumber style={{ width: 120 }} min={1} max={1000} suffix="%" data-testid="rule-target" />
                  </Form.Item>
                )}
                <Form.Item name="floor" label={t('ppc.rules.floor')}>
                  <InputNumber style={{ width: 120 }} min={0} />
                </Form.Item>
                <Form.Item name="ceiling" label={t('ppc.rules.ceiling')}>
                  <InputNumber style={{ width: 120 }} min={0} />
                </Form.Item>
              </>
            )}
          </Space>
          <Typography.Text type="secondary">{t('ppc.rules.currencyNote')}</Typography.Text>
          {(actionType === 'add_negative' || actionType === 'harvest') && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="rule-create-help">
              {t('ppc.rules.createHelp')}
            </Typography.Paragraph>
          )}
        </Card>
        <Card size="small" title={t('ppc.rules.scheduleAndGuards')} className="bo-form-card">
          <Space wrap align="start">
            <Form.Item name="schedule" label={t('ppc.rules.schedule')}>
              <Select
                style={{ width: 200 }}
                options={[
                  { value: 'manual', label: t('ppc.rules.manualOnly') },
                  ...HOURS.map((h) => ({
                    value: String(h),
                    label: t('ppc.rules.dailyAt', { hour: String(h).padStart(2, '0') }),
                  })),
                ]}
                data-testid="rule-schedule"
              />
            </Form.Item>
            <Form.Item name="cooldownDays" label={t('ppc.rules.cooldown')} tooltip={t('ppc.rules.cooldownHelp')}>
              <InputNumber min={1} max={60} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="maxChanges" label={t('ppc.rules.maxChanges')}>
              <InputNumber min={1} max={200000} style={{ width: 130 }} data-testid="rule-max-changes" />
            </Form.Item>
            <Form.Item name="maxDelta" label={t('ppc.rules.maxDelta')} tooltip={t('ppc.rules.maxDeltaHelp')}>
              <InputNumber min={0.01} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('ppc.rules.enabled')} valuePropName="checked">
              <Switch data-testid="rule-enabled" />
            </Form.Item>
          </Space>
        </Card>
      </Form>
    </PreviewDrawer>
  );
}

/** The dry run: its window, counts, warnings and every change with the metrics that triggered it. */
export function PreviewResult({ preview }: { preview: RulePreview }) {
  const { t } = useTranslation();
  const p = preview;
  return (
    <Card size="small" title={t('ppc.rules.previewTitle')} data-testid="rule-preview-result">
      <Flex vertical gap={8}>
        <Typography.Text>
          {p.windowStart
            ? t('ppc.rules.previewSummary', {
                start: p.windowStart,
                end: p.windowEnd,
                matched: p.matched,
                changes: p.changes,
                skipped: p.skipped,
              })
            : t('ppc.rules.noData')}
        </Typography.Text>
        {p.conversionsSettling && <Alert type="info" showIcon title={t('ppc.rules.settling')} />}
        {p.capped && <Alert type="warning" showIcon title={t('ppc.rules.capped', { message: p.capMessage })} />}
        {p.conflicts.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('ppc.rules.conflictTitle')}
            description={p.conflicts.map((c) => `${c.name}: ${c.reason}`).join('; ')}
          />
        )}
        {/* In the 1040 px drawer: what changes, how, the metrics that triggered it and whether it will; the shop when room allows. */}
        <FitTable<PreviewChange>
          tableId="ppc.rules.preview"
          size="small"
          rowKey={(r) =>
            `${r.entityType}:${r.entityId}:${r.field}:${r.create ? `${r.create.entityType}:${r.create.adGroupId}:${r.create.keywordText}:${r.create.matchType}` : ''}`
          }
          dataSource={p.rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          data-testid="rule-preview-table"
          columns={[
            {
              key: 'entity',
              title: t('ppc.rules.entity'),
              priority: 'key',
              ellipsis: true,
              render: (_, r) => r.entityName,
              width: 230,
            },
            { key: 'shop', title: t('ppc.rules.shop'), ellipsis: true, render: (_, r) => r.shopName, width: 110 },
            {
              key: 'field',
              title: t('ppc.rules.field'),
              priority: 'key',
              render: (_, r) => t(`ppc.rules.fields.${r.field as 'bid'}`),
              width: 80,
            },
            {
              key: 'change',
              title: t('ppc.rules.change'),
              priority: 'key',
              ellipsis: true,
              width: 170,
              render: (_, r) => (
                <>
                  {r.create
                    ? createText(r.create, r.currency, t)
                    : `${valueText(r.before, t)} → ${valueText(r.after, t)}${typeof r.after === 'number' ? ` ${r.currency}` : ''}`}
                  {r.stock && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`rule-preview-stock-${r.entityId}`}>
                        {t(r.stock.restore ? 'ppc.rules.stock.restoreText' : 'ppc.rules.stock.lowText', {
                          sku: r.stock.sku,
                          cover: r.stock.daysOfCover === null ? '>180' : r.stock.daysOfCover,
                          threshold: r.stock.threshold,
                        })}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            ...(['clicks', 'spend', 'orders', 'acos'] as const).map(
              (m): FitColumnType<PreviewChange> => ({
                key: m,
                title: t(`ppc.metric.${m}`),
                priority: 'key',
                align: 'right',
                width: m === 'spend' ? 80 : 70,
                render: (_: unknown, r: PreviewChange) => {
                  const v = r.metrics[m];
                  if (v === null || v === undefined) return '-';
                  if (m === 'acos') return `${(v * 100).toFixed(1)}%`;
                  // The row's currency is in the change column; the compact figure has the exact one on hover.
                  return m === 'spend' ? <MoneyCell value={v} /> : <CountCell value={v} />;
                },
              }),
            ),
            {
              key: 'status',
              title: t('ppc.rules.status'),
              priority: 'key',
              ellipsis: true,
              width: 130,
              render: (_, r) =>
                r.skipped ? (
                  <Tag color="orange">{t(`ppc.rules.skip.${r.skipped}`)}</Tag>
                ) : (
                  <Tag color="green">{t('ppc.rules.willChange')}</Tag>
                ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

/** What a create action makes, on screen: the term, its match type, bid and where it goes. */
function createText(c: NonNullable<PreviewChange['create']>, currency: string, t: TFunction) {
  const type =
    c.entityType === 'negative_keyword'
      ? t(`ppc.rules.negativeMatchTypes.${c.matchType as 'negative_exact'}`)
      : t(`ppc.rules.harvestMatchTypes.${c.matchType as 'exact'}`);
  const where = c.adGroupName ? `${c.campaignName} › ${c.adGroupName}` : c.campaignName;
  return `"${c.keywordText}" ${type}${c.bid === null ? '' : ` ${c.bid.toFixed(2)} ${currency}`} → ${where}`;
}
