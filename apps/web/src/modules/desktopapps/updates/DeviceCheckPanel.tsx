import { RELEASE_MACHINE } from '@bo/contract/desktopapps/desktop-apps';
import { DESKTOP_CHANNELS, DESKTOP_PLATFORMS } from '@bo/contract/desktopapps/rollout';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { StateTag } from '../../../shared/kit/StateTag';
import { type DeviceCheckBody, useDeviceCheck } from '../desktopapps.queries';

interface Props {
  products: readonly { code: string; label: string }[];
}

/** "Check as a device": the update call's answer for what is typed, through the preview endpoint, and why. */
export function DeviceCheckPanel({ products }: Props) {
  const { t, lang } = useTexts();
  const check = useDeviceCheck();
  const [form] = Form.useForm<DeviceCheckBody>();
  const answer = check.data;
  // The products arrive after the form is drawn: the first one is the default until one is chosen.
  const first = products[0]?.code;
  useEffect(() => {
    if (first && !form.getFieldValue('product')) form.setFieldValue('product', first);
  }, [first, form]);
  const offered = answer?.update?.version ?? null;
  return (
    <Card size="small" title={t('desktopApps.updates.check.title')} style={{ marginTop: 16 }} data-testid="desktop-check-panel">
      <Typography.Paragraph type="secondary">{t('desktopApps.updates.check.hint')}</Typography.Paragraph>
      <Row gutter={24}>
        <Col xs={24} lg={8}>
          <Form
            form={form}
            layout="vertical"
            size="small"
            initialValues={{ platform: 'windows', channel: 'stable', version: '', device: '' }}
            onFinish={(v) => check.mutate(v)}
          >
            <Form.Item name="product" label={t('desktopApps.updates.check.product')} rules={[{ required: true }]}>
              <Select options={products.map((p) => ({ value: p.code, label: p.label }))} data-testid="desktop-check-product" />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name="platform" label={t('desktopApps.updates.check.platform')} style={{ width: '50%' }}>
                <Select
                  options={DESKTOP_PLATFORMS.map((p) => ({ value: p, label: t(`desktopApps.platform.${p}`) }))}
                  data-testid="desktop-check-platform"
                />
              </Form.Item>
              <Form.Item name="channel" label={t('desktopApps.updates.check.channel')} style={{ width: '50%' }}>
                <Select
                  options={DESKTOP_CHANNELS.map((c) => ({ value: c, label: t(`desktopApps.channel.${c}`) }))}
                  data-testid="desktop-check-channel"
                />
              </Form.Item>
            </Space.Compact>
            <Form.Item name="version" label={t('desktopApps.updates.check.version')} rules={[{ required: true }]}>
              <Input placeholder="2.4.0" maxLength={60} data-testid="desktop-check-version" />
            </Form.Item>
            <Form.Item name="device" label={t('desktopApps.updates.check.device')} rules={[{ required: true }]}>
              <Input maxLength={128} data-testid="desktop-check-device" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={check.isPending} data-testid="desktop-check-run">
              {t('desktopApps.updates.check.run')}
            </Button>
          </Form>
        </Col>
        <Col xs={24} lg={16}>
          {check.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorText(check.error, lang)} />}
          {answer && (
            <div data-testid="desktop-check-answer">
              {answer.update ? (
                <Alert
                  type={answer.update.mandatory ? 'warning' : 'success'}
                  showIcon
                  title={
                    <Space wrap>
                      <span data-testid="desktop-check-offer">
                        {t('desktopApps.updates.check.offer', { version: answer.update.version })}
                      </span>
                      <Tag>{t(`desktopApps.channel.${answer.update.channel}`)}</Tag>
                      <Tag color={answer.update.mandatory ? 'red' : 'default'}>
                        {answer.update.mandatory
                          ? t('desktopApps.updates.check.mandatory')
                          : t('desktopApps.updates.check.optional')}
                      </Tag>
                      {answer.update.rollback && <Tag color="red">{t('desktopApps.updates.check.rollback')}</Tag>}
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary" ellipsis>
                      {answer.update.url}
                    </Typography.Text>
                  }
                />
              ) : (
                <Alert type="info" showIcon title={t('desktopApps.updates.check.noUpdate')} data-testid="desktop-check-none" />
              )}
              {answer.considered.length > 0 && (
                <Table
                  style={{ marginTop: 12 }}
                  size="small"
                  pagination={false}
                  rowKey={(r) => `${r.channel}-${r.version}`}
                  title={() => t('desktopApps.updates.check.considered')}
                  dataSource={answer.considered}
                  columns={[
                    {
                      key: 'version',
                      title: t('desktopApps.updates.column.version'),
                      render: (_, r) => `${r.version} · ${t(`desktopApps.channel.${r.channel}`)}`,
                    },
                    {
                      key: 'state',
                      title: t('desktopApps.updates.column.state'),
                      render: (_, r) => <StateTag machine={RELEASE_MACHINE} state={r.state} />,
                    },
                    {
                      key: 'bucket',
                      title: t('desktopApps.updates.check.bucket'),
                      render: (_, r) => `${r.bucket} / ${r.percentage * 100}`,
                    },
                    {
                      key: 'why',
                      title: '',
                      render: (_, r) =>
                        t(`desktopApps.updates.check.reason.${r.skipped ?? (r.version === offered ? 'offered' : 'candidate')}`),
                    },
                  ]}
                />
              )}
            </div>
          )}
        </Col>
      </Row>
    </Card>
  );
}
