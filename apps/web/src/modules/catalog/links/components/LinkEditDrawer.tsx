import { catalogLinks as ep } from '@bo/contract';
import type { ProductLink } from '@bo/contract/catalog/links';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { fetchLink, useCreateLink, useUpdateLink } from '../links.queries';
import { LinkShopInput, LinkSkuInput } from './LinkInputs';

interface Values {
  skuId: number;
  shopId: number;
  asin: string;
  title: string;
  price: number | null;
  status: 0 | 1;
}

interface Props {
  editor: Editor<ProductLink> | null;
  onClose: () => void;
  onReloaded: (link: ProductLink) => void;
  /** Opens the link's change history. */
  onHistory: (link: ProductLink) => void;
}

/** A new link picks a SKU and a shop (the marketplace follows the shop); an edit changes ASIN, title, price and status. */
export function LinkEditDrawer({ editor, onClose, onReloaded, onHistory }: Props) {
  const { t } = useTranslation();
  const create = useCreateLink();
  const update = useUpdateLink();

  const fields = (e: Editor<ProductLink>): FormField<Values>[] => {
    const link = e.mode === 'edit' ? e.record : null;
    return [
      {
        name: 'skuId',
        label: t('catalog.links.field.sku'),
        input: link ? <LinkSkuFixed link={link} /> : <LinkSkuInput />,
      },
      { name: 'shopId', label: t('catalog.links.field.shop'), input: <LinkShopInput disabled={Boolean(link)} /> },
      {
        name: 'asin',
        label: t('catalog.links.field.asin'),
        extra: t('catalog.links.field.asinHint'),
        normalize: (v) => (typeof v === 'string' ? v.toUpperCase() : v),
        span: 12,
        testId: 'link-asin',
      },
      {
        name: 'price',
        label: `${t('catalog.links.field.price')}${link ? ` (${link.currency})` : ''}`,
        placeholder: t('catalog.optional'),
        precision: 2,
        span: 12,
        testId: 'link-price',
      },
      {
        name: 'title',
        label: t('catalog.links.field.title'),
        input: 'textarea',
        placeholder: t('catalog.optional'),
        testId: 'link-title',
      },
      {
        name: 'status',
        label: t('catalog.links.field.status'),
        input: 'radio',
        options: [
          { value: 1, label: t('catalog.links.status.active') },
          { value: 0, label: t('catalog.links.status.inactive') },
        ],
        testId: 'link-status',
      },
    ];
  };

  return (
    <EditDrawer<ProductLink, Values, ProductLink>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('catalog.links.editTitle', { asin: e.record.asin }) : t('catalog.links.createTitle'))}
      schema={ep.createLink.body}
      updateSchema={ep.updateLink.body}
      fields={fields}
      initialValues={(e) => {
        const l = e.mode === 'create' ? null : e.record;
        return {
          skuId: l?.skuId,
          shopId: l?.shopId,
          asin: l?.asin ?? '',
          title: l?.title ?? '',
          price: l?.price ?? null,
          status: (l?.status ?? 1) as 0 | 1,
        };
      }}
      onSubmit={(v, e) => {
        const editable = { asin: v.asin.trim(), title: v.title ?? '', price: v.price ?? null, status: v.status };
        return e.mode === 'edit'
          ? update.mutateAsync({ ...editable, id: e.record.id, version: e.record.version })
          : create.mutateAsync({ ...editable, skuId: v.skuId, shopId: v.shopId });
      }}
      savedText={(saved, e) => t(e.mode === 'edit' ? 'catalog.links.saved' : 'catalog.links.created', { asin: saved.asin })}
      reload={(l) => fetchLink(l.id, l.asin)}
      onReloaded={onReloaded}
      conflict={(e) => (e.mode === 'edit' ? undefined : { field: 'skuId', text: t('catalog.links.taken') })}
      history={{ open: onHistory, testId: 'link-history' }}
      testId="link-form"
      saveTestId="link-save"
    />
  );
}

/** An existing link's SKU, shown but not changed. */
function LinkSkuFixed({ link, value }: { link: ProductLink; value?: number }) {
  const label = `${link.sku} · ${link.model}${link.variant ? ` · ${link.variant}` : ''}`;
  return <Select disabled value={value} options={[{ value: link.skuId, label }]} data-testid="link-sku" />;
}
