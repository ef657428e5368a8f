import { PLATFORMS } from '@bo/contract/appcontent/publishing';
import { Alert, Button, DatePicker, Drawer, Empty, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { type PreviewInput, type SlotRef, useModels, usePreview } from './content.queries';

interface Values {
  country?: string;
  lang?: string;
  version?: string;
  platform?: (typeof PLATFORMS)[number];
  model?: string;
  at?: Dayjs | null;
}

const PLATFORM_LABEL = { ios: 'iOS', android: 'Android' } as const;

/** The app read API's query for the same inputs, so an operator can hand it to the app team. */
function apiUrl({ kind, slot }: SlotRef, input: PreviewInput): string {
  const q = new URLSearchParams({ slot });
  for (const k of ['country', 'lang', 'version', 'platform', 'model'] as const) {
    const v = input[k];
    if (v) q.set(k, v);
  }
  return `/api/app/v1/content/${kind}?${q.toString()}`;
}

/** What one app sees in this slot of a kind, from the same resolver as the app's read API; `renderItem` draws one item. */
export function ContentPreviewDrawer({
  slotRef,
  testId,
  renderItem,
  open,
  onClose,
}: {
  slotRef: SlotRef;
  testId: string;
  renderItem: (item: Record<string, unknown>) => ReactNode;
  open: boolean;
  onClose: () => void;
}) {
  const { t, lang } = useTexts();
  const [form] = Form.useForm<Values>();
  const [input, setInput] = useState<PreviewInput | null>(null);
  const preview = usePreview(slotRef, input);
  const models = useModels(slotRef);

  const run = (v: Values) => {
    const clean = (s?: string) => (s?.trim() ? s.trim() : undefined);
    setInput({
      country: clean(v.country),
      lang: clean(v.lang),
      version: clean(v.version),
      platform: v.platform,
      model: v.model,
      at: v.at ? v.at.toISOString() : undefined,
    });
  };
  const items = (preview.data?.items ?? []) as ({ id: number } & Record<string, unknown>)[];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={460}
      title={t('appContent.content.previewPanel.title')}
      data-testid={`${testId}-preview`}
    >
      <Typography.Paragraph type="secondary">{t('appContent.content.previewPanel.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={run} size="small">
        <Space wrap size={8}>
          <Form.Item name="country" label={t('appContent.content.previewPanel.country')}>
            <Input placeholder="US" maxLength={2} style={{ width: 80 }} data-testid="preview-country" />
          </Form.Item>
          <Form.Item name="lang" label={t('appContent.content.previewPanel.lang')}>
            <Input placeholder="en" maxLength={10} style={{ width: 90 }} data-testid="preview-lang" />
          </Form.Item>
          <Form.Item name="version" label={t('appContent.content.previewPanel.version')}>
            <Input placeholder="3.4.0" maxLength={30} style={{ width: 100 }} data-testid="preview-version" />
          </Form.Item>
          <Form.Item name="platform" label={t('appContent.content.previewPanel.platform')}>
            <Select
              allowClear
              style={{ width: 110 }}
              options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
              data-testid="preview-platform"
            />
          </Form.Item>
          <Form.Item name="model" label={t('appContent.content.previewPanel.model')}>
            <Select
              allowClear
              showSearch
              style={{ width: 150 }}
              loading={models.isPending}
              options={(models.data ?? []).map((m) => ({ value: m.model, label: m.model }))}
              data-testid="preview-model"
            />
          </Form.Item>
          <Form.Item name="at" label={t('appContent.content.previewPanel.at')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder={t('appContent.content.previewPanel.atNow')}
            />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={preview.isFetching} data-testid="preview-run">
          {t('appContent.content.previewPanel.run')}
        </Button>
      </Form>
      {input && (
        <div style={{ marginTop: 16 }} data-testid="preview-result">
          {preview.isError && <Alert type="error" showIcon message={errorText(preview.error, lang)} />}
          {preview.data && (
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {t('appContent.content.previewPanel.apiUrl')}:{' '}
                <Typography.Text code copyable>
                  {apiUrl(slotRef, input)}
                </Typography.Text>
              </Typography.Text>
              {items.length === 0 ? (
                <Empty description={t('appContent.content.previewPanel.nothing')} data-testid="preview-empty" />
              ) : (
                <>
                  <Typography.Text>{t('appContent.content.previewPanel.count', { count: items.length })}</Typography.Text>
                  {/* A phone's width: what the app shows, in its order. */}
                  <div style={{ width: 375, maxWidth: '100%' }}>
                    {items.map((item) => (
                      <div key={item.id} style={{ margin: '0 0 10px' }} data-testid={`preview-item-${item.id}`}>
                        {renderItem(item)}
                      </div>
                    ))}
                  </div>
                </>
              )}
            </Space>
          )}
        </div>
      )}
    </Drawer>
  );
}
