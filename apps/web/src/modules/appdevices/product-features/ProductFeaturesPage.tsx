/**
 * The app's product settings (/user-platform/productSetting) as a declared kind: for the catalogue
 * models it targets (one at least; a model is set by one live record), the features the app shows
 * and their limits. The preview shows the features on and the limits, as the app gets them.
 */
import {
  APP_FEATURES,
  FEATURE_LIMITS,
  PRODUCT_FEATURES_SLOT_DEFS,
  type ProductFeatures,
  productFeaturesEndpoints,
} from '@bo/contract/appdevices/product-features';
import { Space, Tag, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';
import { FeatureFlagsInput, noFeatures } from './FeatureFlagsInput';

const T = 'appDevices.productFeatures';
const ID = 'product-features';

export default function ProductFeaturesPage() {
  const { t } = useTexts();
  const feature = (f: string) => t(`${T}.feature.${f as (typeof APP_FEATURES)[number]}`);
  const onList = (flags: Record<string, boolean>) => APP_FEATURES.filter((f) => flags[f]);
  const screen: KindScreen<ProductFeatures> = {
    ...mainSlot('productFeatures', productFeaturesEndpoints, PRODUCT_FEATURES_SLOT_DEFS.main.permission, T, ID),
    columns: [
      {
        key: 'models',
        priority: 'key',
        width: 150,
        ellipsis: true,
        title: t(`${T}.column.models`),
        render: (_, r) => r.targeting.models.join(' '),
      },
      {
        key: 'features',
        priority: 'normal',
        width: 280,
        title: t(`${T}.column.features`),
        render: (_, r) => (
          <Space size={[4, 4]} wrap>
            {onList(r.features).map((f) => (
              <Tag key={f}>{feature(f)}</Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'limits',
        priority: 'detail',
        width: 130,
        title: t(`${T}.column.limits`),
        render: (_, r) => t(`${T}.limits`, { segments: r.maxSegments, scenes: r.maxScenes }),
      },
    ],
    fields: () => [
      {
        name: 'features',
        label: t(`${T}.field.features`),
        extra: t(`${T}.field.featuresHint`),
        input: <FeatureFlagsInput />,
      },
      {
        name: 'maxSegments',
        input: 'number',
        span: 12,
        label: t(`${T}.field.maxSegments`),
        extra: t(`${T}.field.range`, FEATURE_LIMITS.maxSegments),
        testId: `${ID}-max-segments`,
      },
      {
        name: 'maxScenes',
        input: 'number',
        span: 12,
        label: t(`${T}.field.maxScenes`),
        extra: t(`${T}.field.range`, FEATURE_LIMITS.maxScenes),
        testId: `${ID}-max-scenes`,
      },
    ],
    valuesOf: (r) => ({ features: r.features, maxSegments: r.maxSegments, maxScenes: r.maxScenes }),
    blank: { features: { ...noFeatures(), scenes: true, timer: true }, maxSegments: 1, maxScenes: 20 },
    bodyOf: (v) => ({ features: v.features ?? noFeatures(), maxSegments: v.maxSegments, maxScenes: v.maxScenes }),
    renderItem: (i) => (
      <PreviewCard>
        <Space size={[4, 4]} wrap>
          {((i.enabled as string[] | undefined) ?? []).map((f) => (
            <Tag key={f} color="blue">
              {feature(f)}
            </Tag>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t(`${T}.limits`, { segments: Number(i.maxSegments), scenes: Number(i.maxScenes) })}
        </Typography.Paragraph>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
