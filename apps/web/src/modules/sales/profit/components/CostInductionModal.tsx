import { STATUS } from '@bo/contract';
import { COST_CATEGORIES, costInductionBody } from '@bo/contract/sales/sales-profit';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { fieldErrorText, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { marketOf } from '../../../../shared/markets/markets';
import { DAY_FORMAT, type Period } from '../../../../shared/period/period-presets';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useCreateCostInduction, verifyAsin } from '../sales-profit.queries';

interface Values {
  shopId?: number;
  asin: string;
  costDate: Dayjs;
  category?: (typeof COST_CATEGORIES)[number];
  amount: number | null;
  note: string;
}

const FIELDS = ['shopId', 'asin', 'costDate', 'category', 'amount', 'note'] as const;
const shape = costInductionBody.shape;

type Verified = { found: true; sku: string; shops: { id: number; name: string }[] } | { found: false };

interface Props {
  open: boolean;
  onClose: () => void;
  /** The period the screen shows: a new cost is dated on its last day unless changed. */
  period: Period;
}

/**
 * Attributes an other cost to a listing on a day. The ASIN is checked against the
 * chosen shop when the field is left (asin-verify); with no shop chosen yet and the
 * ASIN in exactly one shop, that shop is filled in.
 */
export function CostInductionModal({ open, onClose, period }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateCostInduction();
  const shops = useQuery({ ...userShopsQuery(), enabled: open });
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const verified = useRef(new Map<string, Verified>());
  const shopId = Form.useWatch('shopId', form);
  const currency = useMemo(() => {
    const shop = shops.data?.find((s) => s.id === shopId);
    return shop ? marketOf(shop.marketId)?.currency : undefined;
  }, [shops.data, shopId]);

  /** Checks the ASIN with the server (once per shop and ASIN); may fill in the shop. */
  const asinExists = async (_rule: unknown, value: unknown) => {
    const asin = String(value ?? '')
      .trim()
      .toUpperCase();
    if (!shape.asin.safeParse(asin).success) return;
    const shop = form.getFieldValue('shopId') as number | undefined;
    const key = `${shop ?? '*'}:${asin}`;
    let result = verified.current.get(key);
    if (!result) {
      const answer = await verifyAsin(asin, shop);
      const listing = answer.listings[0];
      const listedIn = new Map(answer.listings.map((l) => [l.shopId, l.shopName]));
      const shops = [...listedIn].map(([id, name]) => ({ id, name }));
      result = listing ? { found: true, sku: listing.sku, shops } : { found: false };
      verified.current.set(key, result);
    }
    if (!result.found) {
      setFound(null);
      throw new Error(t(shop ? 'sales.validation.asinNotInShop' : 'sales.validation.asinUnknown'));
    }
    const names = result.shops.map((s) => s.name).join(', ');
    // Listed in one shop only: that is the shop.
    if (!shop && result.shops.length === 1) form.setFieldValue('shopId', result.shops[0]?.id);
    setFound(
      shop || result.shops.length === 1
        ? t('sales.costs.found', { sku: result.sku, shop: names })
        : t('sales.costs.foundIn', { sku: result.sku, shops: names }),
    );
  };

  const close = () => {
    form.resetFields();
    setProblem(null);
    setFound(null);
    onClose();
  };

  const submit = async (values: Values) => {
    setProblem(null);
    try {
      const created = await create.mutateAsync({
        shopId: values.shopId as number,
        asin: values.asin.trim().toUpperCase(),
        costDate: values.costDate.format(DAY_FORMAT),
        category: values.category as Values['category'] & string,
        amount: values.amount as number,
        note: (values.note ?? '').trim(),
      });
      const shown = created.costDate >= period.startDate && created.costDate <= period.endDate;
      notify.success(
        t(shown ? 'sales.costs.created' : 'sales.costs.createdOutside', { sku: created.sku, date: created.costDate }),
      );
      close();
    } catch (err) {
      const known = new Set<string>(FIELDS);
      const fields = isApiError(err) ? err.fields.filter((f) => known.has(f.path.split('.')[0] ?? '')) : [];
      if (fields.length > 0) {
        form.setFields(fields.map((f) => ({ name: f.path.split('.')[0] as keyof Values, errors: [fieldErrorText(f, lang)] })));
      } else if (isApiError(err) && err.status === STATUS.FORBIDDEN) {
        setProblem(t('auth.errors.permissionDenied', { detail: err.message }));
      } else if (isApiError(err) && err.status === STATUS.NOT_FOUND) {
        form.setFields([{ name: 'shopId', errors: [t('sales.validation.shopGone')] }]);
      } else {
        setProblem(errorText(err, lang));
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t('sales.costs.addTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: create.isPending, ...({ 'data-testid': 'cost-save' } as Record<string, string>) }}
      destroyOnHidden
      width={560}
      data-testid="cost-modal"
    >
      {problem && <Alert type="error" showIcon className="bo-form-alert" title={problem} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ costDate: dayjs(period.endDate), asin: '', amount: null, note: '' }}
        onValuesChange={(changed) => {
          if ('shopId' in changed && form.getFieldValue('asin')) void form.validateFields(['asin']).catch(() => undefined);
          if ('asin' in changed) setFound(null);
        }}
        data-testid="cost-form"
      >
        <Form.Item name="shopId" label={t('sales.costs.field.shop')} rules={[zodRule(shape.shopId, lang)]}>
          <Select<number>
            showSearch
            optionFilterProp="label"
            loading={shops.isPending}
            placeholder={t('sales.costs.shopPlaceholder')}
            options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            data-testid="cost-shop"
          />
        </Form.Item>
        <Form.Item
          name="asin"
          label="ASIN"
          validateTrigger={['onChange', 'onBlur']}
          extra={found}
          normalize={(v: string) => v.toUpperCase()}
          rules={[
            { ...zodRule(shape.asin, lang), validateTrigger: ['onChange', 'onBlur'] },
            { validator: asinExists, validateTrigger: 'onBlur' },
          ]}
        >
          <Input maxLength={10} placeholder="B0XXXXXXXX" data-testid="cost-asin" />
        </Form.Item>
        <Form.Item
          name="costDate"
          label={t('sales.costs.field.date')}
          rules={[{ required: true, message: t('sales.validation.required') }]}
        >
          <DatePicker
            format={DAY_FORMAT}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
            data-testid="cost-date"
          />
        </Form.Item>
        <Form.Item name="category" label={t('sales.costs.field.category')} rules={[zodRule(shape.category, lang)]}>
          <Select
            placeholder={t('sales.costs.categoryPlaceholder')}
            options={COST_CATEGORIES.map((c) => ({ value: c, label: t(`sales.costs.category.${c}`) }))}
            data-testid="cost-category"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('sales.costs.field.amount')}
          extra={t('sales.costs.amountHint')}
          rules={[zodRule(shape.amount, lang)]}
        >
          <InputNumber<number> precision={2} step={1} style={{ width: '100%' }} suffix={currency} data-testid="cost-amount" />
        </Form.Item>
        <Form.Item name="note" label={t('sales.costs.field.note')} rules={[zodRule(shape.note, lang)]}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} data-testid="cost-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
