import type { WatchRow } from '@bo/contract/listings/monitor';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../../shared/forms/FormProblemAlerts';
import { useUpdateWatch } from '../monitor.queries';
import { THRESHOLD_FIELDS, ThresholdsFields, type ThresholdValues, toThresholds } from './ThresholdsFields';

interface Props {
  watch: WatchRow | null;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}

/** Changes one watch's thresholds; a change made meanwhile elsewhere (stale version) is reported, not overwritten. */
export function ThresholdsModal({ watch, onClose, onReload }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<ThresholdValues>();
  const update = useUpdateWatch();
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);

  useEffect(() => {
    if (watch) {
      clear();
      form.setFieldsValue({ unitsDropPct: watch.unitsDropPct, noSalesDays: watch.noSalesDays, minMarginPct: watch.minMarginPct });
    }
  }, [watch, form, clear]);

  const submit = async () => {
    if (!watch) return;
    const values = await form.validateFields();
    clear();
    try {
      await update.mutateAsync({ id: watch.id, version: watch.version, ...toThresholds(values) });
      notify.success(t('listings.monitor.thresholds.saved'));
      onClose();
    } catch (err) {
      report(err, { fields: THRESHOLD_FIELDS });
    }
  };

  return (
    <Modal
      open={watch !== null}
      title={`${t('listings.monitor.thresholds.title')} · ${watch?.asin ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: update.isPending, ...({ 'data-testid': 'thresholds-save' } as Record<string, string>) }}
      destroyOnHidden
      data-testid="thresholds-modal"
    >
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t('listings.monitor.thresholds.stale') }}
        reload={{ onClick: () => void reload().then(onClose), loading: reloading, primary: false }}
      />
      <Form form={form} layout="vertical">
        <ThresholdsFields />
      </Form>
    </Modal>
  );
}
