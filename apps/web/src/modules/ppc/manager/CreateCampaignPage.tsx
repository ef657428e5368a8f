import { ppcManager as ep } from '@bo/contract';
import { CAMPAIGN_TYPES, type CampaignType } from '@bo/contract/ppc/board';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { call } from '../../../shared/http/http-client';
import { currentLang } from '../../../shared/i18n/lang';
import { shopLabel } from '../../../shared/markets/markets';
import { usePpcShops } from '../board/board.queries';
import { readPpcPreferences, savePpcPreferences } from '../ppc-preferences';
import { pickPpcShop, rememberPpcShop } from '../use-ppc-shop';
import { badAsins, type CreateFormValues, createBody } from './create-form';
import { managerKeys, usePortfolios, useProducts } from './manager.queries';
import { label } from './manager-view';

type FormShape = Omit<CreateFormValues, 'startDate' | 'endDate'> & { startDate?: Dayjs; endDate?: Dayjs };

/** /ppcMgr/{sp,sb,sd}/create: a whole campaign — settings, one ad group, products, targeting, negatives — in one call. */
export default function CreateCampaignPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = (CAMPAIGN_TYPES.find((c) => location.pathname.startsWith(`/ppcMgr/${c}/`)) ?? 'sp') as CampaignType;
  const [form] = Form.useForm<FormShape>();
  const shops = usePpcShops();
  const shopId = Form.useWatch('shopId', form) ?? null;
  const targeting = Form.useWatch('targeting', form) ?? 'manual';
  const chosenAsins = Form.useWatch('asins', form) ?? [];
  const [productSearch, setProductSearch] = useState('');
  const products = useProducts(shopId, productSearch);
  const portfolios = usePortfolios(shopId);
  const [problem, setProblem] = useState<string | null>(null);
  const qc = useQueryClient();
  const shop = shops.data?.find((s) => s.shopId === shopId);
  const limits = adLimitsOf(shop?.currency ?? 'USD');

  useEffect(() => savePpcPreferences({ campaignType: type }), [type]);
  useEffect(() => {
    if (!shops.data || form.getFieldValue('shopId')) return;
    const fromUrl = Number(params.get('shopId'));
    const pick = pickPpcShop(shops.data, fromUrl, readPpcPreferences().shopId);
    if (pick?.shopId === fromUrl) rememberPpcShop(pick);
    if (pick) form.setFieldValue('shopId', pick.shopId);
  }, [shops.data, params, form]);

  const create = useMutation({
    mutationFn: (v: CreateFormValues) => {
      const body = createBody(type, v);
      const endpoint = type === 'sp' ? ep.createSp : type === 'sb' ? ep.createSb : ep.createSd;
      return call(endpoint as typeof ep.createSp, { body: body as never }, { silent: true });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: managerKeys.all() }),
  });

  const submit = async (v: FormShape) => {
    setProblem(null);
    const values: CreateFormValues = {
      ...v,
      startDate: v.startDate?.format('YYYY-MM-DD'),
      endDate: v.endDate?.format('YYYY-MM-DD'),
    };
    try {
      await create.mutateAsync(values);
      rememberPpcShop(shops.data?.find((s) => s.shopId === values.shopId));
      void message.success(t('ppc.create.done', { name: values.name }));
      navigate({
        pathname: `/ppcMgr/${type}/campaigns`,
        search: `?shopId=${values.shopId}&keyword=${encodeURIComponent(values.name ?? '')}`,
      });
    } catch (err) {
      setProblem(
        isApiError(err) && err.status === 409 ? `${t('ppc.create.duplicate')} ${err.message}` : errorText(err, currentLang()),
      );
    }
  };

  const asinRule = {
    validator: (_: unknown, text: string | undefined) => {
      const bad = badAsins(text);
      return bad.length ? Promise.reject(new Error(t('ppc.create.badAsins', { list: bad.join(', ') }))) : Promise.resolve();
    },
  };
  const money = (label: string, name: keyof FormShape, min: number, max: number, required = true) => (
    <Form.Item
      label={label}
      name={name}
      rules={[
        ...(required ? [{ required: true, message: t('ppc.create.required') }] : []),
        { type: 'number' as const, min, max, message: t('ppc.create.range', { min, max, currency: shop?.currency ?? '' }) },
      ]}
    >
      <InputNumber
        style={{ width: '100%' }}
        step={0.05}
        precision={2}
        addonAfter={shop?.currency}
        data-testid={`ppc-create-${name}`}
      />
    </Form.Item>
  );

  return (
    <div className="bo-page" data-testid={`page-ppc-create-${type}`}>
      <Typography.Title level={3}>{t(`ppc.create.title.${type}`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('ppc.create.subtitle')}</Typography.Paragraph>
      <Form<FormShape>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          targeting: 'manual',
          biddingStrategy: 'down_only',
          matchTypes: ['exact', 'phrase'],
          negativeMatchType: 'negative_exact',
          topOfSearch: 0,
          productPages: 0,
          restOfSearch: 0,
          adGroupName: t('ppc.create.defaultGroup'),
        }}
      >
        <Card size="small" title={t('ppc.create.campaign')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('ppc.mgr.shop')} name="shopId" rules={[{ required: true, message: t('ppc.create.required') }]}>
                <Select
                  loading={shops.isPending}
                  options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
                  onChange={() => form.setFieldsValue({ asins: [], portfolioId: undefined, landingAsin: undefined })}
                  data-testid="ppc-create-shop"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('ppc.create.name')}
                name="name"
                rules={[{ required: true, whitespace: true, max: 128, message: t('ppc.create.nameRule') }]}
              >
                <Input maxLength={128} data-testid="ppc-create-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              {money(t('ppc.mgr.dailyBudget'), 'dailyBudget', limits.minBudget, limits.maxBudget)}
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('ppc.mgr.startDate')} name="startDate">
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label={t('ppc.mgr.endDate')}
                name="endDate"
                dependencies={['startDate']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, end: Dayjs | undefined) => {
                      const start = getFieldValue('startDate') as Dayjs | undefined;
                      return end && start && end.isBefore(start, 'day')
                        ? Promise.reject(new Error(t('ppc.create.endBeforeStart')))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('ppc.mgr.portfolio')} name="portfolioId">
                <Select
                  allowClear
                  placeholder={t('ppc.create.noPortfolio')}
                  options={(portfolios.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
            {type === 'sp' && (
              <>
                <Col xs={24} md={8}>
                  <Form.Item label={t('ppc.mgr.targeting')} name="targeting">
                    <Radio.Group data-testid="ppc-create-targeting">
                      <Radio value="manual">{t('ppc.mgr.targetings.manual')}</Radio>
                      <Radio value="auto">{t('ppc.mgr.targetings.auto')}</Radio>
                    </Radio.Group>
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item label={t('ppc.mgr.strategy')} name="biddingStrategy">
                    <Select
                      options={['legacy', 'down_only', 'up_and_down', 'fixed'].map((s) => ({
                        value: s,
                        label: label(t, 'strategies', s),
                      }))}
                    />
                  </Form.Item>
                </Col>
                {(
                  [
                    ['topOfSearch', 'top_of_search'],
                    ['productPages', 'product_pages'],
                    ['restOfSearch', 'rest_of_search'],
                  ] as const
                ).map(([name, p]) => (
                  <Col xs={8} key={name}>
                    <Form.Item label={label(t, 'placements', p)} name={name}>
                      <InputNumber min={0} max={900} precision={0} addonAfter="%" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ))}
              </>
            )}
            {type === 'sb' && (
              <>
                <Col xs={24} md={8}>
                  <Form.Item
                    label={t('ppc.create.brandName')}
                    name="brandName"
                    rules={[{ required: true, whitespace: true, max: 30 }]}
                  >
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item
                    label={t('ppc.create.headline')}
                    name="headline"
                    rules={[{ required: true, whitespace: true, max: 50 }]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Card>

        <Card size="small" title={t('ppc.create.adGroup')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('ppc.mgr.adGroup')} name="adGroupName" rules={[{ required: true, whitespace: true, max: 128 }]}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {money(t('ppc.mgr.defaultBid'), 'defaultBid', limits.minBid, limits.maxBid)}
            </Col>
            <Col xs={24}>
              <Form.Item
                label={t('ppc.create.products')}
                name="asins"
                extra={t('ppc.create.productsHint')}
                rules={[
                  { required: true, message: t('ppc.create.needProducts') },
                  ...(type === 'sb' ? [{ type: 'array' as const, max: 3, message: t('ppc.create.max3') }] : []),
                ]}
              >
                <Select
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  onSearch={setProductSearch}
                  loading={products.isFetching}
                  options={(products.data ?? []).map((p) => ({
                    value: p.asin,
                    label: `${p.asin} · ${p.sku}${p.title ? ` · ${p.title}` : ''}`,
                  }))}
                  data-testid="ppc-create-products"
                />
              </Form.Item>
            </Col>
            {type === 'sb' && (
              <Col xs={24} md={12}>
                <Form.Item label={t('ppc.create.landing')} name="landingAsin">
                  <Select
                    allowClear
                    placeholder={t('ppc.create.landingList')}
                    options={chosenAsins.map((a) => ({ value: a, label: a }))}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>

        {(type === 'sb' || (type === 'sp' && targeting === 'manual')) && (
          <Card size="small" title={t('ppc.create.keywords')} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('ppc.create.keywordLines')}
                  name="keywordLines"
                  rules={[{ required: true, whitespace: true, message: t('ppc.create.needKeywords') }]}
                >
                  <Input.TextArea rows={5} data-testid="ppc-create-keywords" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('ppc.mgr.matchType')}
                  name="matchTypes"
                  rules={[{ required: true, message: t('ppc.create.required') }]}
                >
                  <Checkbox.Group
                    options={['exact', 'phrase', 'broad'].map((m) => ({ value: m, label: label(t, 'matchTypes', m) }))}
                  />
                </Form.Item>
                {money(t('ppc.create.keywordBid'), 'keywordBid', limits.minBid, limits.maxBid, false)}
              </Col>
            </Row>
          </Card>
        )}

        {type === 'sd' && (
          <Card size="small" title={t('ppc.create.targets')} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('ppc.create.targetLines')}
                  name="targetLines"
                  rules={[{ required: true, whitespace: true, message: t('ppc.create.needTargets') }, asinRule]}
                >
                  <Input.TextArea rows={4} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                {money(t('ppc.create.targetBid'), 'targetBid', limits.minBid, limits.maxBid, false)}
              </Col>
            </Row>
          </Card>
        )}

        <Card size="small" title={t('ppc.create.negatives')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {type !== 'sd' && (
              <Col xs={24} md={12}>
                <Form.Item label={t('ppc.create.negativeLines')} name="negativeLines">
                  <Input.TextArea rows={4} data-testid="ppc-create-negatives" />
                </Form.Item>
                <Form.Item label={t('ppc.mgr.matchType')} name="negativeMatchType">
                  <Radio.Group>
                    <Radio value="negative_exact">{t('ppc.mgr.matchTypes.negative_exact')}</Radio>
                    <Radio value="negative_phrase">{t('ppc.mgr.matchTypes.negative_phrase')}</Radio>
                  </Radio.Group>
                </Form.Item>
              </Col>
            )}
            {type !== 'sb' && (
              <Col xs={24} md={12}>
                <Form.Item label={t('ppc.create.negativeAsins')} name="negativeAsinLines" rules={[asinRule]}>
                  <Input.TextArea rows={4} data-testid="ppc-create-negative-asins" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>

        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="ppc-create-error" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="ppc-create-submit">
            {t('ppc.create.submit')}
          </Button>
          <Button onClick={() => navigate(`/ppcMgr/${type}/campaigns${shopId ? `?shopId=${shopId}` : ''}`)}>
            {t('ppc.create.cancel')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
