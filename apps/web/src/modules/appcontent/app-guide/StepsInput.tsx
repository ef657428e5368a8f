/**
 * An app guide's steps in the edit drawer: one row per step (its text in Chinese and in
 * English), added, removed and moved up or down, 1 to APP_GUIDE_MAX_STEPS of them. The
 * server's codes land on the list (`steps`) or on one step's text (`steps.2.textZh`).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { APP_GUIDE_MAX_STEPS } from '@bo/contract/appcontent/app-guide';
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const T = 'appContent.appGuide';

export function StepsInput({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (
    <Form.List name="steps">
      {(rows, { add, remove, move }, { errors }) => (
        <Form.Item label={tx(`${T}.field.steps`)} extra={tx(`${T}.field.stepsHint`, { max: APP_GUIDE_MAX_STEPS })} required>
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="app-guide-steps">
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} align="top" wrap={false}>
                <Col flex="32px">
                  <Typography.Text strong>{i + 1}.</Typography.Text>
                </Col>
                <Col flex="auto">
                  <Form.Item name={[row.name, 'textZh']} style={{ marginBottom: 4 }}>
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      maxLength={1000}
                      placeholder={tx(`${T}.field.stepZh`)}
                      disabled={disabled}
                      data-testid={`app-guide-step-${i}-zh`}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'textEn']} style={{ marginBottom: 0 }}>
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      maxLength={1000}
                      placeholder={tx(`${T}.field.stepEn`)}
                      disabled={disabled}
                      data-testid={`app-guide-step-${i}-en`}
                    />
                  </Form.Item>
                </Col>
                <Col flex="104px">
                  <Space size={0}>
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={disabled || i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={tx(`${T}.field.stepUp`)}
                    />
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={disabled || i === rows.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={tx(`${T}.field.stepDown`)}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={disabled || rows.length <= 1}
                      onClick={() => remove(row.name)}
                      aria-label={tx(`${T}.field.stepRemove`)}
                      data-testid={`app-guide-step-${i}-remove`}
                    />
                  </Space>
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={disabled || rows.length >= APP_GUIDE_MAX_STEPS}
              onClick={() => add({ textZh: '', textEn: '' })}
              data-testid="app-guide-step-add"
            >
              {tx(`${T}.field.stepAdd`)}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
