/**
 * Pieces the OKR screens share: a score as a bar, a key result's figure, the key results'
 * list input of the objective drawer (antd Form.List, as the app guide's steps), and the
 * check-in drawer (the kit's EditDrawer with the key result's check-ins under it).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/okr/okr';
import { Button, Col, Form, Input, InputNumber, Progress, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, formatAmount, formatCount, formatDateTime, formatPercentValue } from '../../shared/format';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { FitTable } from '../../shared/table/FitTable';
import { useCheckIn, useCheckins } from './okr.queries';

/** Each list type's key in the texts (`okr.list.<key>`, `okr.type.<key>`). */
export const LIST_KEY = { 1: 'gtm', 0: 'keyProject', 21: 'development', 31: 'improvement' } as const;

/** A score 0–1 as a bar with its percentage; "not scored" for null. */
export function ScoreBar({ score, testId }: { score: number | null; testId?: string }) {
  const { t } = useTranslation();
  if (score === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('okr.notScored')}
      </Typography.Text>
    );
  const pct = Math.round(score * 100);
  return (
    <span data-testid={testId} data-score={score}>
      <Progress
        percent={pct}
        size="small"
        status={pct >= 70 ? 'success' : pct >= 40 ? 'normal' : 'exception'}
        style={{ width: 120, margin: 0 }}
      />
    </span>
  );
}

/** A value in its metric's unit. */
export function formatKrValue(metric: ep.KrMetric | null, v: number | null, unit = ''): string {
  if (v === null) return EMPTY;
  if (metric === 'acos') return formatPercentValue(v);
  if (metric === 'sales' || metric === 'adSpend') return `${formatAmount(v)} USD`;
  if (metric === 'units') return formatCount(v);
  return `${v}${unit ? ` ${unit}` : ''}`;
}

/** A key result's actual against its target, with the figure's period in a tooltip. */
export function KrActual({ kr, hasSkus }: { kr: ep.KeyResult; hasSkus: boolean }) {
  const { t } = useTranslation();
  const text = `${formatKrValue(kr.metric, kr.actual, kr.unit)} / ${formatKrValue(kr.metric, kr.target, kr.unit)}`;
  if (kr.kind === 'measurable' && !hasSkus) return <Typography.Text type="secondary">{t('okr.noSkus')}</Typography.Text>;
  if (kr.figure)
    return (
      <Tooltip title={t('okr.figurePeriod', { from: kr.figure.from, to: kr.figure.to })}>
        <span data-testid={`kr-actual-${kr.id}`}>{text}</span>
      </Tooltip>
    );
  return <span data-testid={`kr-actual-${kr.id}`}>{text}</span>;
}

/** A key result's kind in words: "Scored by hand", or its figure ("ACoS (lower is better)"). */
export function useKrKindText() {
  const { t } = useTranslation();
  return (kr: Pick<ep.KeyResult, 'kind' | 'metric'>): string => {
    if (kr.kind === 'manual' || kr.metric === null) return t('okr.kind.manual');
    const name: string = t(`okr.metric.${kr.metric}`);
    return ep.LOWER_IS_BETTER.includes(kr.metric) ? `${name} (${t('okr.lowerBetter')})` : name;
  };
}

export type KrValue = Partial<ep.KeyResultBody>;
export const blankKr = (): KrValue => ({ title: '', weight: 50, kind: 'manual', metric: null, target: 1, unit: '' });

/** The objective's key results in its drawer: title, kind and figure, weight, target and unit, 1 to MAX_KEY_RESULTS. */
export function KeyResultsInput({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.List name="keyResults">
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={t('okr.field.keyResults')} required>
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="okr-krs">
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} align="top" wrap={false} data-testid={`okr-kr-${i}`}>
                <Col flex="auto">
                  <Form.Item
                    name={[row.name, 'title']}
                    style={{ marginBottom: 4 }}
                    rules={[{ required: true, message: t('okr.field.krTitle') }]}
                  >
                    <Input
                      maxLength={200}
                      placeholder={t('okr.field.krTitle')}
                      disabled={disabled}
                      data-testid={`okr-kr-${i}-title`}
                    />
                  </Form.Item>
                  <Space size={4} wrap>
                    <Form.Item name={[row.name, 'kind']} noStyle>
                      <Select
                        style={{ width: 120 }}
                        disabled={disabled}
                        options={ep.KR_KINDS.map((k) => ({ value: k, label: t(`okr.kind.${k}`) }))}
                        data-testid={`okr-kr-${i}-kind`}
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {({ getFieldValue }) =>
                        getFieldValue(['keyResults', row.name, 'kind']) === 'measurable' ? (
                          <Form.Item name={[row.name, 'metric']} noStyle>
                            <Select
                              style={{ width: 130 }}
                              disabled={disabled}
                              placeholder={t('okr.field.metric')}
                              options={ep.KR_METRICS.map((m) => ({ value: m, label: t(`okr.metric.${m}`) }))}
                              data-testid={`okr-kr-${i}-metric`}
                            />
                          </Form.Item>
                        ) : (
                          <Form.Item name={[row.name, 'unit']} noStyle>
                            <Input style={{ width: 100 }} maxLength={20} placeholder={t('okr.field.unit')} disabled={disabled} />
                          </Form.Item>
                        )
                      }
                    </Form.Item>
                    <Form.Item name={[row.name, 'target']} noStyle>
                      <InputNumber
                        min={0}
                        style={{ width: 130 }}
                        placeholder={t('okr.field.target')}
                        disabled={disabled}
                        prefix={<Typography.Text type="secondary">{t('okr.field.target')}</Typography.Text>}
                        data-testid={`okr-kr-${i}-target`}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'weight']} noStyle>
                      <InputNumber
                        min={1}
                        max={100}
                        style={{ width: 110 }}
                        disabled={disabled}
                        prefix={<Typography.Text type="secondary">{t('okr.field.weight')}</Typography.Text>}
                        data-testid={`okr-kr-${i}-weight`}
                      />
                    </Form.Item>
                  </Space>
                  {/* Form.List drops fields it does not render: the id of an existing key result rides along hidden. */}
                  <Form.Item name={[row.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                </Col>
                <Col flex="40px">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={disabled || rows.length <= 1}
                    onClick={() => remove(row.name)}
                    aria-label={t('okr.field.removeKr')}
                    data-testid={`okr-kr-${i}-remove`}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={disabled || rows.length >= ep.MAX_KEY_RESULTS}
              onClick={() => add(blankKr())}
              data-testid="okr-kr-add"
            >
              {t('okr.field.addKr')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** The key-result part of a body from the form's values. */
export const keyResultsOf = (v: readonly KrValue[] | undefined): ep.KeyResultBody[] =>
  (v ?? []).map((k) => ({
    ...(k.id ? { id: Number(k.id) } : {}),
    title: k.title ?? '',
    weight: Number(k.weight ?? 1),
    kind: k.kind ?? 'manual',
    metric: k.kind === 'measurable' ? (k.metric ?? null) : null,
    target: Number(k.target ?? 0),
    unit: k.kind === 'measurable' && k.metric ? ep.KR_METRIC_UNIT[k.metric] : (k.unit ?? ''),
  }));

/** A key result as the check-in drawer needs it. */
export type CheckinTarget = Pick<ep.KeyResult, 'id' | 'title' | 'kind' | 'metric' | 'unit' | 'actual' | 'version' | 'score'>;

interface CheckinValues {
  value: number | null;
  score: number | null;
  comment: string;
}

function CheckinHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useCheckins(id);
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('okr.kr.historyTitle')}</Typography.Title>
      <FitTable<ep.Checkin>
        tableId="okr.checkins"
        rowKey="id"
        size="small"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: t('okr.kr.noCheckins') }}
        data-testid="okr-checkins"
        columns={[
          { key: 'at', width: 150, title: t('okr.kr.at'), render: (_, c) => formatDateTime(c.at) },
          { key: 'by', width: 100, title: t('okr.kr.by'), render: (_, c) => (c.realBy ? `${c.by} (${c.realBy})` : c.by) },
          { key: 'score', width: 70, title: t('okr.column.score'), render: (_, c) => (c.score === null ? EMPTY : c.score) },
          { key: 'comment', width: 200, title: t('okr.kr.comment'), ellipsis: true, render: (_, c) => c.comment },
        ]}
      />
    </div>
  );
}

/**
 * Check in on a key result: a manual one takes a score (and a value), a measurable one records
 * its figure. `readOnly`: only its check-ins are shown (the caller may not check in now).
 */
export function CheckinDrawer({ kr, onClose, readOnly }: { kr: CheckinTarget | null; onClose: () => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const save = useCheckIn();
  const editor: Editor<CheckinTarget> | null = kr ? { mode: 'edit', record: kr } : null;
  const manual = kr?.kind === 'manual';
  return (
    <EditDrawer<CheckinTarget, CheckinValues, ep.KeyResult>
      editor={editor}
      onClose={onClose}
      title={(e) => t('okr.kr.checkInTitle', { title: e.record?.title ?? '' })}
      schema={ep.checkinBody}
      width={620}
      readOnly={() => Boolean(readOnly)}
      intro={(e) =>
        e.record?.kind === 'measurable' ? (
          <Typography.Paragraph type="secondary">
            {t('okr.kr.measurableNote', { actual: formatKrValue(e.record.metric, e.record.actual, e.record.unit) })}
          </Typography.Paragraph>
        ) : null
      }
      fields={[
        ...(manual
          ? [
              {
                name: 'score' as const,
                input: 'number' as const,
                label: t('okr.kr.score'),
                precision: 2,
                span: 12,
                testId: 'okr-checkin-score',
              },
              {
                name: 'value' as const,
                input: 'number' as const,
                label: t('okr.kr.value'),
                span: 12,
                testId: 'okr-checkin-value',
              },
            ]
          : []),
        { name: 'comment', input: 'textarea', label: t('okr.kr.comment'), testId: 'okr-checkin-comment' },
      ]}
      initialValues={(e) => ({ score: e.record?.score ?? null, value: manual ? (e.record?.actual ?? null) : null, comment: '' })}
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.record?.id ?? 0,
          body: { version: e.record?.version ?? 1, score: v.score ?? null, value: v.value ?? null, comment: v.comment ?? '' },
        })
      }
      savedText={(k) => t('okr.kr.checkedIn', { title: k.title })}
      after={(e) => (e.record ? <CheckinHistory id={e.record.id} /> : null)}
      testId="okr-checkin-form"
      saveTestId="okr-checkin-save"
    />
  );
}
