import { catalogLinks as ep } from '@bo/contract';
import type { ProductLink } from '@bo/contract/catalog/links';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { validationText } from '../../../../shared/forms/validation-text';
import { useLang } from '../../../../shared/i18n/lang';
import { marketName, marketOf } from '../../../shops/shops-auth/markets';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useCreateLink, useSkuOptions, useUpdateLink } from '../links.queries';

interface Values {
  skuId: number;
  shopId: number;
  asin: string;
  title: string;
  price: number | null;
  status: 0 | 1;
}

const FIELDS = ['skuId', 'shopId', 'asin', 'title', 'price', 'status'] as const;
const shape = ep.createLink.body.shape;

interface Props {
  link: ProductLink | null;
  onDone: () => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}

/** A new link picks a SKU and a shop (the marketplace follows the shop); an edit changes ASIN, title, price and status. */
export function LinkForm({ link, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateLink();
  const update = useUpdateLink();
  const shops = useQuery(userShopsQuery());
  const [skuSearch, setSkuSearch] = useState('');
  const skus = useSkuOptions(skuSearch, link === null);
  const shopId = Form.useWatch('shopId', form);
  const shop = (shops.data ?? []).find((s) => s.id === shopId);
  const market = shop ? marketOf(shop.marketId) : undefined;
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);

  const submit = async (v: Values) => {
    clear();
    const editable = { asin: v.asin.trim(), title: v.title ?? '', price: v.price ?? null, status: v.status };
    try {
      const saved = link
        ? await update.mutateAsync({ ...editable, id: link.id, version: link.version })
        : await create.mutateAsync({ ...editable, skuId: v.skuId, shopId: v.shopId });
      notify.success(t(link ? 'catalog.links.saved' : 'catalog.links.created', { asin: saved.asin }));
      onDone();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: link ? undefined : { field: 'skuId', text: t('catalog.links.taken') } });
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{
        skuId: link?.skuId,
        shopId: link?.shopId,
        asin: link?.asin ?? '',
        title: link?.title ?? '',
        price: link?.price ?? null,
        status: (link?.status ?? 1) as 0 | 1,
      }}
      data-testid="link-form"
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('catalog.links.stale.title')}
          description={t('catalog.links.stale.text')}
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      <Form.Item
        name="skuId"
        label={t('catalog.links.field.sku')}
        rules={[{ required: true, message: validationText('required', lang) }]}
      >
        {link ? (
          <Select
            disabled
            options={[{ value: link.skuId, label: `${link.sku} · ${link.model}${link.variant ? ` · ${link.variant}` : ''}` }]}
          />
        ) : (
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setSkuSearch }}
            placeholder={t('catalog.links.field.skuSearch')}
            loading={skus.isFetching}
            options={(skus.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.sku} · ${s.model}${s.variant ? ` · ${s.variant}` : ''}`,
            }))}
            data-testid="link-sku"
          />
        )}
      </Form.Item>
      <Form.Item
        name="shopId"
        label={t('catalog.links.field.shop')}
        rules={[{ required: true, message: validationText('required', lang) }]}
        extra={
          market
            ? t('catalog.links.marketFromShop', {
                market: `${market.code} · ${marketName(market, lang)}`,
                currency: market.currency,
              })
            : undefined
        }
      >
        <Select<number>
          disabled={Boolean(link)}
          showSearch={{ optionFilterProp: 'label' }}
          loading={shops.isPending}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          data-testid="link-shop"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="asin"
            label={t('catalog.links.field.asin')}
            extra={t('catalog.links.field.asinHint')}
            rules={[zodRule(shape.asin, lang)]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input maxLength={10} autoComplete="off" data-testid="link-asin" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="price"
            label={`${t('catalog.links.field.price')}${market ? ` (${market.currency})` : link ? ` (${link.currency})` : ''}`}
            rules={[zodRule(shape.price, lang, { optional: true })]}
          >
            <InputNumber
              min={0}
              max={1_000_000}
              precision={2}
              style={{ width: '100%' }}
              placeholder={t('catalog.optional')}
              data-testid="link-price"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="title" label={t('catalog.links.field.title')}>
        <Input.TextArea
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('catalog.optional')}
          data-testid="link-title"
        />
      </Form.Item>
      <Form.Item name="status" label={t('catalog.links.field.status')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('catalog.links.status.active') },
            { value: 0, label: t('catalog.links.status.inactive') },
          ]}
          data-testid="link-status"
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="link-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
