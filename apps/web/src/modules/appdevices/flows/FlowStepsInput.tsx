/**
 * A set-up flow's steps in the edit drawer: one card per step (its order, title and text in
 * Chinese and English, an action with its seconds when timed, a firmware minimum), added and
 * removed, 1 to FLOW_LIMITS.steps.max of them. The order is the step's place in the app: a new
 * step takes the next free one, and an order used twice is flagged here as the server would
 * (`appDevices.orderTaken`); the server's codes land on the step's field (`steps.2.order`).
 */
import { fieldText } from '@bo/contract';
import { FLOW_LIMITS, STEP_ACTIONS, type StepAction, TIMED_ACTIONS } from '@bo/contract/appdevices/pairing-flows';
import { Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTexts } from '../../../shared/i18n/lang';
import { AddRowFooter, RemoveRowButton } from '../components/RowButtons';

const T = 'appDevices.flows';

/** A new step: after the highest order so far. */
export const nextStep = (orders: readonly (number | null | undefined)[]) => ({
  order: Math.min(FLOW_LIMITS.order.max, Math.max(0, ...orders.map((o) => o ?? 0)) + 1),
  titleZh: '',
  titleEn: '',
  textZh: '',
  textEn: '',
  action: 'none' as StepAction,
  seconds: null,
  minFirmware: '',
});

export function FlowStepsInput({ disabled }: { disabled?: boolean }) {
  const { t, lang } = useTexts();
  const form = Form.useFormInstance();
  const orders = (): (number | null)[] =>
    ((form.getFieldValue('steps') as { order?: number | null }[] | undefined) ?? []).map((s) => s?.order ?? null);
  return (
    <Form.List name="steps">
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={t(`${T}.field.steps`)} extra={t(`${T}.field.stepsHint`, { max: FLOW_LIMITS.steps.max })} required>
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="flow-steps">
            {rows.map((row, i) => {
              const at = (f: string): NamePath => [row.name, f];
              return (
                <Card
                  key={row.key}
                  size="small"
                  data-testid={`flow-step-${i}`}
                  extra={
                    <RemoveRowButton
                      disabled={!!disabled || rows.length <= FLOW_LIMITS.steps.min}
                      onClick={() => remove(row.name)}
                      label={t(`${T}.field.stepRemove`)}
                      testId={`flow-step-${i}-remove`}
                    />
                  }
                  title={
                    <Form.Item
                      name={at('order')}
                      style={{ margin: 0 }}
                      dependencies={rows.map((r) => ['steps', r.name, 'order'])}
                      rules={[
                        {
                          validator: async (_, v: number | null) => {
                            if (v != null && orders().filter((o) => o === v).length > 1)
                              throw new Error(fieldText('appDevices.orderTaken', lang, { order: v }));
                          },
                        },
                      ]}
                    >
                      <InputNumber
                        min={FLOW_LIMITS.order.min}
                        max={FLOW_LIMITS.order.max}
                        precision={0}
                        prefix={t(`${T}.field.order`)}
                        disabled={disabled}
                        style={{ width: 120 }}
                        data-testid={`flow-step-${i}-order`}
                      />
                    </Form.Item>
                  }
                >
                  <Row gutter={8}>
                    <Col span={12}>
                      <Form.Item name={at('titleZh')} style={{ marginBottom: 4 }}>
                        <Input
                          maxLength={100}
                          placeholder={t(`${T}.field.stepTitleZh`)}
                          disabled={disabled}
                          data-testid={`flow-step-${i}-title-zh`}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={at('titleEn')} style={{ marginBottom: 4 }}>
                        <Input
                          maxLength={100}
                          placeholder={t(`${T}.field.stepTitleEn`)}
                          disabled={disabled}
                          data-testid={`flow-step-${i}-title-en`}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={at('textZh')} style={{ marginBottom: 4 }}>
                        <Input.TextArea
                          autoSize={{ minRows: 1, maxRows: 4 }}
                          maxLength={1000}
                          placeholder={t(`${T}.field.stepTextZh`)}
                          disabled={disabled}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={at('textEn')} style={{ marginBottom: 4 }}>
                        <Input.TextArea
                          autoSize={{ minRows: 1, maxRows: 4 }}
                          maxLength={1000}
                          placeholder={t(`${T}.field.stepTextEn`)}
                          disabled={disabled}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={10}>
                      <Form.Item name={at('action')} style={{ marginBottom: 0 }}>
                        <Select
                          disabled={disabled}
                          options={STEP_ACTIONS.map((a) => ({ value: a, label: t(`${T}.action.${a}`) }))}
                          onChange={(a: StepAction) => {
                            // A timed action starts at 5 s; another one has no seconds.
                            form.setFieldValue(['steps', row.name, 'seconds'], TIMED_ACTIONS.includes(a) ? 5 : null);
                          }}
                          data-testid={`flow-step-${i}-action`}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      <Form.Item noStyle dependencies={[['steps', row.name, 'action']]}>
                        {() => (
                          <Form.Item name={at('seconds')} style={{ marginBottom: 0 }}>
                            <InputNumber
                              min={FLOW_LIMITS.seconds.min}
                              max={FLOW_LIMITS.seconds.max}
                              precision={0}
                              suffix={t(`${T}.field.seconds`)}
                              disabled={disabled || !TIMED_ACTIONS.includes(form.getFieldValue(['steps', row.name, 'action']))}
                              style={{ width: '100%' }}
                              data-testid={`flow-step-${i}-seconds`}
                            />
                          </Form.Item>
                        )}
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name={at('minFirmware')} style={{ marginBottom: 0 }}>
                        <Input maxLength={20} placeholder={t(`${T}.field.stepFirmware`)} disabled={disabled} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              );
            })}
            <AddRowFooter
              disabled={!!disabled || rows.length >= FLOW_LIMITS.steps.max}
              onClick={() => add(nextStep(orders()))}
              testId="flow-step-add"
              errors={errors}
            >
              {t(`${T}.field.stepAdd`)}
            </AddRowFooter>
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
