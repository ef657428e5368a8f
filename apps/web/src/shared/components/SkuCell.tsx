import { Typography } from 'antd';
import { useLang } from '../i18n/lang';

/** What a listing row names about its product: the SKU, and under it ASIN, model and name. */
export interface SkuNamed {
  sku: string;
  asin: string | null;
  model: string | null;
  productName: string | null;
  productNameEn: string | null;
}

/** A list's SKU cell: the SKU in bold, ASIN · model · product name (in the user's language) below. */
export function SkuCell({ r, testId }: { r: SkuNamed; testId: string }) {
  const lang = useLang();
  const name = lang === 'zh-CN' ? r.productName || r.productNameEn : r.productNameEn || r.productName;
  return (
    <>
      <Typography.Text strong data-testid={testId}>
        {r.sku}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {[r.asin, r.model, name].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    </>
  );
}
