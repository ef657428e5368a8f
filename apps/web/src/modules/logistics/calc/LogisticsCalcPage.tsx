import { fieldText, MARKETS } from '@bo/contract';
import { calcQuery as calcQuerySchema } from '@bo/contract/logistics/calc';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Form, InputNumber, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { PageHead } from '../../../shared/components/PageHead';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { zodRule } from '../../../shared/forms/form-rules';
import { useTexts } from '../../../shared/i18n/lang';
import { bodyShape } from '../../../shared/kit/schema-meta';
import { useLatestSearchParams } from '../../../shared/url-state';
import { type CalcInput, calcModelsQuery, calcQuery } from '../logistics.queries';
import { CalcResults } from './CalcResults';

const SIZE = ['lengthCm', 'widthCm', 'heightCm', 'weightKg'] as const;
const CARTON = ['unitsPerCarton', 'cartonLengthCm', 'cartonWidthCm', 'cartonHeightCm', 'cartonWeightKg'] as const;
const KEYS = ['productId', ...SIZE, 'units', ...CARTON, 'marketId', 'on'] as const;
/** Each field's limits as the contract's query declares them (the server checks the same). */
const SHAPE = bodyShape(calcQuerySchema) ?? {};

type FormValues = Partial<Record<(typeof KEYS)[number], number | string | null>> & { carton?: boolean; day?: dayjs.Dayjs | null };

/** The calculation the URL names (a copied link reopens it), or null before the first one. */
function useCalcInput(): [CalcInput | null, (values: Record<string, string>) => void] {
  const [params, setParams] = useLatestSearchParams();
  const input = useMemo(() => {
    const raw = Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])));
    if (!raw.productId && !raw.lengthCm) return null;
    const parsed = calcQuerySchema.safeParse(raw);
    return parsed.success ? (raw as CalcInput) : null;
  }, [params]);
  return [input, (values) => setParams(() => new URLSearchParams(values), { replace: true })];
}

/** /logisticsCalc: freight per carrier and mode from the rate cards, FBA tier and fee, landed cost per unit. */
export default function LogisticsCalcPage() {
  const { t, lang } = useTexts();
  const [input, setInput] = useCalcInput();
  const [form] = Form.useForm<FormValues>();
  const [bySize, setBySize] = useState(input ? !input.productId : false);
  const [keyword, setKeyword] = useState('');
  const models = useQuery(calcModelsQuery(keyword));
  const result = useQuery(calcQuery(input));
  const carton = Form.useWatch('carton', form);

  const initial: FormValues = {
    ...Object.fromEntries(KEYS.map((k) => [k, input?.[k] === undefined ? undefined : Number(input[k]) || input[k]])),
    units: input?.units === undefined ? 100 : Number(input.units),
    marketId: input?.marketId === undefined ? 0 : Number(input.marketId),
    carton: input?.unitsPerCarton !== undefined,
    day: input?.on ? dayjs(String(input.on)) : null,
  };

  const submit = (v: FormValues) => {
    const keep = new Set<string>(['units', 'marketId', ...(bySize ? SIZE : ['productId']), ...(v.carton ? CARTON : [])]);
    const out: Record<string, string> = {};
    for (const k of KEYS) if (keep.has(k) && v[k] !== undefined && v[k] !== null && v[k] !== '') out[k] = String(v[k]);
    if (v.day) out.on = v.day.format('YYYY-MM-DD');
    setInput(out);
  };

  const required = { required: true, message: fieldText('required', lang) };
  const rulesOf = (name: (typeof KEYS)[number]) => [
    required,
    ...(SHAPE[name] ? [zodRule(SHAPE[name], lang, { optional: true })] : []),
  ];
  const num = (name: (typeof KEYS)[number], label: string, width = 110) => (
    <Form.Item name={name} label={label} rules={rulesOf(name)}>
      <InputNumber min={0} style={{ width }} data-testid={`calc-${name}`} />
    </Form.Item>
  );

  return (
    <div data-testid="page-logistics-calc">
      <PageHead title={t('logistics.calc.title')} subtitle={t('logistics.calc.subtitle')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
          <Space wrap align="end" size={12}>
            <Segmented
              value={bySize ? 'typed' : 'model'}
              onChange={(v) => setBySize(v === 'typed')}
              options={[
                { value: 'model', label: t('logistics.calc.byModel') },
                { value: 'typed', label: <span data-testid="calc-by-size">{t('logistics.calc.byTyped')}</span> },
              ]}
              style={{ marginBottom: 24 }}
            />
            {bySize ? (
              SIZE.map((k) => <span key={k}>{num(k, t(`logistics.calc.${k}`), 100)}</span>)
            ) : (
              <Form.Item name="productId" label={t('logistics.calc.model')} rules={[required]}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setKeyword }}
                  placeholder={t('logistics.calc.modelPlaceholder')}
                  loading={models.isFetching}
                  style={{ width: 260 }}
                  options={(models.data ?? []).map((m) => ({
                    value: m.productId,
                    label: `${m.model} · ${lang === 'zh-CN' ? m.name : m.nameEn}`,
                  }))}
                  data-testid="calc-model"
                />
              </Form.Item>
            )}
            {num('units', t('logistics.calc.units'))}
            <Form.Item name="marketId" label={t('logistics.calc.market')}>
              <Select
                style={{ width: 150 }}
                options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${lang === 'zh-CN' ? m.zh : m.en}` }))}
                data-testid="calc-market"
              />
            </Form.Item>
            <Form.Item name="day" label={t('logistics.calc.on')}>
              <DatePicker allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="carton" valuePropName="checked" style={{ marginBottom: 30 }}>
              <Checkbox data-testid="calc-carton">{t('logistics.calc.carton')}</Checkbox>
            </Form.Item>
            {carton && CARTON.map((k) => <span key={k}>{num(k, t(`logistics.calc.${k}`), 100)}</span>)}
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={result.isFetching} data-testid="calc-submit">
                {t('logistics.calc.calculate')}
              </Button>
            </Form.Item>
          </Space>
        </Form>
      </Card>
      {input === null ? (
        <Card>
          <EmptyState text={t('logistics.calc.start')} testId="calc-start" />
        </Card>
      ) : (
        <QueryStates pending={result.isPending} error={result.error} onRetry={() => void result.refetch()}>
          {result.data && <CalcResults data={result.data} />}
        </QueryStates>
      )}
    </div>
  );
}
