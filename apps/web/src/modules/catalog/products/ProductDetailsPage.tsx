import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { Product, ProductSku } from '@bo/contract/catalog/products';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Can } from '../../../shared/Can';
import { LifecycleTag } from '../../../shared/components/LifecycleTag';
import { useNotify } from '../../../shared/components/use-notify';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { localName, useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { useMayOpen } from '../../sales/shared/sales-reference.queries';
import { categoryLabel, lineLabel } from '../shared/catalog-labels';
import { ProductEditDrawer, type ProductEditor } from './components/ProductEditDrawer';
import { ProductSalesPanel } from './components/ProductSalesPanel';
import { type SkuEditor, SkuModal } from './components/SkuModal';
import { SkuTable } from './components/SkuTable';
import { productQuery, useDeleteProduct } from './products.queries';

const idOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /productMgr/details?id=N: one product, its SKUs with costs and links, and its last 90 days of sales. */
export default function ProductDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const product = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });

  const back = (
    <Link to="/productMgr/list" style={{ display: 'inline-block' }} data-testid="product-back">
      <ArrowLeftOutlined /> {t('catalog.details.back')}
    </Link>
  );
  if (id === null || (isApiError(product.error) && product.error.status === 404)) {
    return <Result status="404" title={t('catalog.details.notFound')} extra={back} data-testid="product-not-found" />;
  }
  if (product.error)
    return (
      <Result
        status="error"
        title={t('list.loadFailed')}
        extra={<Button onClick={() => void product.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!product.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  return <ProductDetails product={product.data} back={back} />;
}

function ProductDetails({ product, back }: { product: Product & { skus: ProductSku[] }; back: React.ReactNode }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const [editor, setEditor] = useState<ProductEditor | null>(null);
  const [skuEditor, setSkuEditor] = useState<SkuEditor | null>(null);
  const remove = useDeleteProduct();
  const mayOpenModelInfo = useMayOpen('product:model');
  const { skus, ...fields } = product;

  const del = async () => {
    try {
      await remove.mutateAsync(product.id);
      notify.success(t('catalog.products.deleted', { model: product.model }));
      void navigate('/productMgr/list');
    } catch (err) {
      notify.error(
        isApiError(err) && err.code === ERROR_CODES.NOT_FOUND
          ? t('catalog.products.gone')
          : isApiError(err) && err.status === STATUS.CONFLICT
            ? t('catalog.products.deleteRefused', { model: product.model })
            : errorText(err, lang),
      );
    }
  };

  return (
    <div className="bo-page" data-testid="page-product-details">
      <div className="bo-page-head">
        <div>{back}</div>
        <Space align="center" wrap style={{ marginTop: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="product-title">
            {product.model}
          </Typography.Title>
          <Typography.Text type="secondary">{lang === 'en-US' ? product.nameEn : product.name}</Typography.Text>
          <LifecycleTag lifecycle={product.lifecycle} />
        </Space>
      </div>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={t('catalog.details.info')}
          extra={
            <Space>
              {mayOpenModelInfo && (
                <Link to={`/modelInfo?keyword=${encodeURIComponent(product.model)}`}>{t('catalog.details.modelInfo')}</Link>
              )}
              <Can permission="product:manage:edit">
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setEditor({ mode: 'edit', product: fields })}
                  data-testid="product-details-edit"
                >
                  {t('common.edit')}
                </Button>
              </Can>
              <Can permission="product:manage:delete">
                <Popconfirm
                  title={t('catalog.products.confirmDelete', { model: product.model })}
                  description={
                    <div style={{ maxWidth: 320 }}>{t('catalog.products.confirmDeleteNote', { count: product.skuCount })}</div>
                  }
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'product-details-delete-confirm' }}
                  onConfirm={del}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid="product-details-delete">
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Can>
            </Space>
          }
        >
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="product-fields">
            <Descriptions.Item label={t('catalog.products.field.model')}>{product.model}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.products.field.name')}>{product.name}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.products.field.nameEn')}>{product.nameEn}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.productLine')}>{lineLabel(product, lang) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.position')}>
              {product.positionId === null ? '—' : localName(lang, product.positionName, product.positionNameEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog.category')}>{categoryLabel(product.categoryCode, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.products.field.lifecycle')}>
              <LifecycleTag lifecycle={product.lifecycle} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog.products.field.launchDate')}>{product.launchDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('catalog.products.field.eolDate')}>{product.eolDate ?? '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          title={`${t('catalog.details.skus')} (${skus.length})`}
          extra={
            <AddButton
              permission="product:manage:edit"
              type="default"
              onClick={() => setSkuEditor({ mode: 'create' })}
              testId="sku-add"
            >
              {t('catalog.details.addSku')}
            </AddButton>
          }
        >
          <SkuTable productId={product.id} skus={skus} onEdit={(sku) => setSkuEditor({ mode: 'edit', sku })} />
        </Card>
        <ProductSalesPanel productId={product.id} model={product.model} />
      </Space>
      <ProductEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(p) => setEditor({ mode: 'edit', product: p })}
      />
      <SkuModal productId={product.id} model={product.model} editor={skuEditor} onClose={() => setSkuEditor(null)} />
    </div>
  );
}
