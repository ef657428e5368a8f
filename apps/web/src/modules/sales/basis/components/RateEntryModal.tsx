import { ERROR_CODES, STATUS } from '@bo/contract';
import {
  RATE_CURRENCIES,
  RATE_WARN_DEVIATION,
  type RateEntry,
  type RerateResult,
  rateDeviation,
  rateValue,
} from '@bo/contract/sales/sales-basis';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatPercent } from '../../../../shared/format';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { formatInverse, formatRate, rateReach } from '../basis-view';
import { currenciesQuery, useRateMutations } from '../sales-basis.queries';

export type RateEditor = { mode: 'add'; currency: string } | { mode: 'correct'; entry: RateEntry };

interface Values {
  currency: string;
  effectiveFrom: Dayjs | null;
  rate: number | null;
}

/** Adds a rate from a day on, or corrects one; says how many facts it re-rated. */
export function RateEntryModal({ editor, onClose }: { editor: RateEditor | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const { create, update } = useRateMutations();
  const [error, setError] = useState<string | null>(null);
  const reach = useMemo(() => rateReach(), []);
  const rate = Form.useWatch('rate', form);
  const currency = Form.useWatch('currency', form);
  const currencies = useQuery({ ...currenciesQuery(), enabled: editor !== null });
  /** The rate a new value is compared with: the entry being corrected, else the currency's current rate. */
  const reference =
    editor?.mode === 'correct'
      ? { rate: editor.entry.rate, day: editor.entry.effectiveFrom }
      : (() => {
          const c = currencies.data?.find((x) => x.currency === currency)?.current;
          return c ? { rate: c.rate, day: c.effectiveFrom } : null;
        })();
  /** A value far from the reference waits for a second click ("Save anyway"); any edit asks again. */
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const deviation = typeof rate === 'number' ? rateDeviation(rate, reference?.rate) : null;
  const needsConfirm = deviation !== null && deviation > RATE_WARN_DEVIATION;
  const [warned, setWarned] = useState(false);

  useEffect(() => {
    if (!editor) return;
    setError(null);
    setWarned(false);
    setConfirmed(null);
    form.resetFields();
    form.setFieldsValue(
      editor.mode === 'add'
        ? { currency: editor.currency, effectiveFrom: null, rate: null }
        : { currency: editor.entry.currency, effectiveFrom: dayjs(editor.entry.effectiveFrom), rate: editor.entry.rate },
    );
  }, [editor, form]);

  const done = (r: RerateResult) => {
    notify.success(
      r.facts > 0
        ? t('salesBasis.rates.rerated', { facts: r.facts.toLocaleString('en-US'), days: r.days, shops: r.shops })
        : t('salesBasis.rates.savedNoSales'),
    );
    onClose();
  };

  const submit = async (v: Values) => {
    setError(null);
    if (!editor || v.rate === null) return;
    if (needsConfirm && confirmed !== v.rate) {
      setWarned(true);
      setConfirmed(v.rate);
      return;
    }
    try {
      if (editor.mode === 'add') {
        const day = v.effectiveFrom?.format('YYYY-MM-DD') ?? '';
        done((await create.mutateAsync({ currency: v.currency, effectiveFrom: day, rate: v.rate })).rerated);
      } else {
        const e = editor.entry;
        done(
          (await update.mutateAsync({ currency: e.currency, effectiveFrom: e.effectiveFrom, rate: v.rate, version: e.version }))
            .rerated,
        );
      }
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) setError(t('salesBasis.stale'));
      else if (isApiError(err) && err.status === STATUS.CONFLICT && editor.mode === 'add')
        form.setFields([{ name: 'effectiveFrom', errors: [t('salesBasis.rates.dayTaken')] }]);
      else if (!applyFieldErrors(form, err, lang, ['currency', 'effectiveFrom', 'rate'])) setError(errorText(err, lang));
    }
  };

  const disabledDate = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return day < reach.oldest || day > reach.latest;
  };

  return (
    <Modal
      open={editor !== null}
      title={editor?.mode === 'correct' ? t('salesBasis.rates.correctTitle') : t('salesBasis.rates.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={warned && needsConfirm && confirmed === rate ? t('salesBasis.rates.saveAnyway') : t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'rate-save' }}
      destroyOnHidden
      data-testid="rate-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
        <Form.Item
          name="currency"
          label={t('salesBasis.rates.currency')}
          rules={[{ required: true, message: t('salesBasis.required') }]}
        >
          <Select
            disabled={editor?.mode === 'correct'}
            options={RATE_CURRENCIES.map((c) => ({ value: c, label: c }))}
            data-testid="rate-currency"
          />
        </Form.Item>
        <Form.Item
          name="effectiveFrom"
          label={t('salesBasis.rates.effectiveFrom')}
          rules={[{ required: true, message: t('salesBasis.required') }]}
          extra={
            editor?.mode === 'add' ? t('salesBasis.rates.reachHint', { oldest: reach.oldest, latest: reach.latest }) : undefined
          }
        >
          <DatePicker
            disabled={editor?.mode === 'correct'}
            disabledDate={disabledDate}
            style={{ width: '100%' }}
            data-testid="rate-day"
          />
        </Form.Item>
        <Form.Item
          name="rate"
          label={t('salesBasis.rates.rateLabel', { currency: currency ?? '' })}
          rules={[{ required: true, message: t('salesBasis.required') }, zodRule(rateValue, lang)]}
          extra={
            typeof rate === 'number' && rate > 0 ? (
              <Typography.Text type="secondary">
                1 {currency} = {formatRate(rate)} USD · 1 USD = {formatInverse(rate)} {currency}
              </Typography.Text>
            ) : undefined
          }
        >
          <InputNumber<number> min={0} step={0.0001} style={{ width: '100%' }} data-testid="rate-value" />
        </Form.Item>
        {warned && needsConfirm && deviation !== null && reference && typeof rate === 'number' && (
          <Alert
            type="warning"
            showIcon
            className="bo-form-alert"
            data-testid="rate-deviation"
            title={t('salesBasis.rates.deviation', {
              rate: formatRate(rate),
              currency: currency ?? '',
              reference: formatRate(reference.rate),
              day: reference.day,
              pct: formatPercent(deviation),
            })}
          />
        )}
        <Typography.Paragraph type="secondary" className="bo-basis-small">
          {t('salesBasis.rates.rerateHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
