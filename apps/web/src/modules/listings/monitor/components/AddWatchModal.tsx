import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_THRESHOLDS, MAX_WATCH_ADD } from '@bo/contract/listings/monitor';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors } from '../../../../shared/forms/form-rules';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useAddWatches } from '../monitor.queries';
import { parseAsins } from '../monitor-view';
import { ThresholdsFields, type ThresholdValues, toThresholds } from './ThresholdsFields';

interface Values extends ThresholdValues {
  asins: string;
  skus: Array<{ sku?: string; shopId?: number }>;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Adds listings to the caller's watchlist: several ASINs at once (every visible listing
 * with each), and/or SKUs in a chosen shop, with the thresholds the new watches get.
 * The server reports what it skipped (not visible, already watched); the dialog shows it.
 */
export function AddWatchModal({ open, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const add = useAddWatches();
  const shops = useQuery({ ...userShopsQuery(), enabled: open });
  const [outcome, setOutcome] = useState<{ type: 'warning' | 'error'; title: string; lines: string[] } | null>(null);

  const close = () => {
    setOutcome(null);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    setOutcome(null);
    const { asins } = parseAsins(values.asins ?? '');
    const skus = (values.skus ?? [])
      .filter((r) => r.sku?.trim() && r.shopId)
      .map((r) => ({ sku: (r.sku ?? '').trim(), shopId: r.shopId as number }));
    if (asins.length + skus.length === 0) {
      form.setFields([{ name: 'asins', errors: [t('listings.monitor.addModal.nothing')] }]);
      return;
    }
    try {
      const result = await add.mutateAsync({ asins, skus, thresholds: toThresholds(values) });
      const lines = result.skipped.map((s) => t(`listings.monitor.addModal.${s.reason}`, { input: s.input }));
      if (result.added.length > 0) notify.success(t('listings.monitor.addModal.added', { count: result.added.length }));
      if (lines.length === 0) close();
      else
        setOutcome({
          type: 'warning',
          title: result.added.length > 0 ? t('listings.monitor.addModal.skipped') : t('listings.monitor.addModal.nothingAdded'),
          lines,
        });
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, ['asins', 'skus', 'unitsDropPct', 'noSalesDays', 'minMarginPct']))
        setOutcome({ type: 'error', title: errorText(err, lang), lines: [] });
    }
  };

  return (
    <Modal
      open={open}
      title={t('listings.monitor.addModal.title')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('listings.monitor.addModal.submit')}
      okButtonProps={{ loading: add.isPending, ...({ 'data-testid': 'watch-add-submit' } as Record<string, string>) }}
      width={560}
      destroyOnHidden
      data-testid="watch-add-modal"
    >
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          className="bo-form-alert"
          title={outcome.title}
          description={outcome.lines.length ? outcome.lines.map((l) => <div key={l}>{l}</div>) : undefined}
          data-testid="watch-add-outcome"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ asins: '', skus: [], ...DEFAULT_THRESHOLDS }}
        onValuesChange={() => outcome?.type === 'error' && setOutcome(null)}
      >
        <Form.Item
          name="asins"
          label={t('listings.monitor.addModal.asins')}
          rules={[
            {
              validator: async (_r, value: string) => {
                const { asins, invalid } = parseAsins(value ?? '');
                if (invalid.length) throw new Error(t('listings.monitor.addModal.invalidAsin', { value: invalid[0] }));
                if (asins.length > MAX_WATCH_ADD) throw new Error(t('listings.monitor.addModal.tooMany', { max: MAX_WATCH_ADD }));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={t('listings.monitor.addModal.asinsPlaceholder')} data-testid="watch-add-asins" />
        </Form.Item>
        <Typography.Text strong>{t('listings.monitor.addModal.bySku')}</Typography.Text>
        <Form.List name="skus">
          {(fields, { add: addRow, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[field.name, 'sku']}
                    rules={[{ required: true, whitespace: true, message: t('sales.validation.required') }]}
                  >
                    <Input
                      placeholder={t('listings.monitor.addModal.sku')}
                      maxLength={64}
                      style={{ width: 200 }}
                      data-testid="watch-add-sku"
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'shopId']} rules={[{ required: true, message: t('sales.validation.required') }]}>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('listings.monitor.addModal.shop')}
                      loading={shops.isPending}
                      options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                      style={{ width: 220 }}
                      data-testid="watch-add-shop"
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('listings.monitor.addModal.removeRow')}
                    title={t('listings.monitor.addModal.removeRow')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => addRow({})} data-testid="watch-add-row">
                {t('listings.monitor.addModal.addRow')}
              </Button>
            </div>
          )}
        </Form.List>
        <Divider style={{ margin: '16px 0 8px' }}>{t('listings.monitor.thresholds.title')}</Divider>
        <ThresholdsFields />
      </Form>
    </Modal>
  );
}
