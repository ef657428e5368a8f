import { catalogProducts as ep } from '@bo/contract';
import type { Product } from '@bo/contract/catalog/products';
import { Drawer } from 'antd';
import { useNotify } from '../../../../shared/components/use-notify';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { call } from '../../../../shared/http/http-client';
import { useTexts } from '../../../../shared/i18n/lang';
import { ProductForm } from './ProductForm';

export type ProductEditor = { mode: 'create' } | { mode: 'edit'; product: Product };

interface Props {
  editor: ProductEditor | null;
  onClose: () => void;
  /** The product as the server has it now, after a stale save. */
  onReloaded: (product: Product) => void;
  onSaved?: (product: Product) => void;
}

/** Creates or edits a product in a drawer. */
export function ProductEditDrawer({ editor, onClose, onReloaded, onSaved }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const product = editor?.mode === 'edit' ? editor.product : null;

  const reload = async () => {
    if (!product) return;
    try {
      const { skus: _skus, ...fresh } = await call(ep.getProduct, { params: { id: product.id } }, { silent: true });
      onReloaded(fresh);
    } catch (err) {
      notify.error(isApiError(err) && err.status === 404 ? t('catalog.products.gone') : errorText(err, lang));
      if (isApiError(err) && err.status === 404) onClose();
    }
  };

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={product ? t('catalog.products.editTitle', { model: product.model }) : t('catalog.products.createTitle')}
    >
      {editor && (
        <ProductForm
          key={`${product?.id ?? 'new'}:${product?.version ?? 0}`}
          product={product}
          onDone={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
          onCancel={onClose}
          onReload={reload}
        />
      )}
    </Drawer>
  );
}
