import { PPC_METRICS, type PpcMetric } from '@bo/contract/ppc/board';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { isRatio } from './metric-format';
import { useCreateMonitor } from './monitoring.queries';

export interface WatchTarget {
  listingId: number;
  shopId: number;
  sku: string;
}

interface Values {
  name: string;
  metric: PpcMetric;
  comparator: 'gt' | 'lt';
  threshold: number;
  windowDays: number;
}

/** Creates a monitor of one SKU (listing): a metric over a trailing window against a threshold. */
export function WatchSkuModal({ target, onClose }: { target: WatchTarget | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const create = useCreateMonitor();
  const [form] = Form.useForm<Values>();
  const metric = Form.useWatch('metric', form) ?? 'acos';

  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields();
    try {
      await create.mutateAsync({
        name: v.name,
        shopId: target.shopId,
        scope: 'sku',
        listingId: target.listingId,
        metric: v.metric,
        comparator: v.comparator,
        threshold: isRatio(v.metric) ? v.threshold / 100 : v.threshold,
        windowDays: v.windowDays,
        enabled: true,
      });
      notify.success(t('ppc.monitor.created'));
      onClose();
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('ppc.monitor.watchTitle', { sku: target?.sku ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'ppc-watch-ok' } as Record<string, string>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: `${target?.sku ?? ''} ACoS`, metric: 'acos', comparator: 'gt', threshold: 30, windowDays: 7 }}
      >
        <Form.Item name="name" label={t('ppc.monitor.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input data-testid="ppc-watch-name" />
        </Form.Item>
        <Form.Item name="metric" label={t('ppc.monitor.metric')} rules={[{ required: true }]}>
          <Select options={PPC_METRICS.map((m) => ({ value: m, label: t(`ppc.metric.${m}`) }))} />
        </Form.Item>
        <Form.Item name="comparator" label={t('ppc.monitor.comparator')} rules={[{ required: true }]}>
          <Select
            options={[
              { value: 'gt', label: t('ppc.monitor.gt') },
              { value: 'lt', label: t('ppc.monitor.lt') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={isRatio(metric) ? t('ppc.monitor.thresholdPercent') : t('ppc.monitor.threshold')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0} max={isRatio(metric) ? 1000 : 1e9} style={{ width: '100%' }} data-testid="ppc-watch-threshold" />
        </Form.Item>
        <Form.Item name="windowDays" label={t('ppc.monitor.windowDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={90} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
