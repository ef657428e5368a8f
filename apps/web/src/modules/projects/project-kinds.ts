/**
 * The five project types as the screens see them: one generic list, form and page
 * (ProjectListPage, ProjectEditPage, ProjectViewPage) read each type's entry here: its routes
 * (the contract's PROJECT_SCREENS), its own fields (the contract's DETAILS_OF, drawn by kind),
 * the budget and exposure metrics it plans with, and the prefix of its test ids.
 */
import { type MetricCode, MONEY_METRICS, PROJECT_SCREENS, type ProjectType, TYPE_SEGMENTS } from '@bo/contract/projects/projects';

/** How a type's own field is entered and shown. */
export type DetailInput = 'text' | 'textarea' | 'int' | 'money' | 'day' | 'markets' | 'market' | 'tags';

export interface DetailField {
  /** The key in `details` (and under `projects.field.` in the texts). */
  readonly key: string;
  readonly input: DetailInput;
  /** The contract's longest text. */
  readonly max?: number;
  readonly span: 8 | 12 | 24;
  /** The hint under a tags input. */
  readonly hint?: 'channelsHint';
}

export type KindSlug = 'gtm' | 'platform' | 'listing' | 'develop' | 'exposure';

export interface ProjectKind {
  readonly type: ProjectType;
  /** Test ids (`gtm-name`, `platform-save`, …) and the type's texts (`projects.kind.gtm.title`). */
  readonly slug: KindSlug;
  readonly screens: (typeof PROJECT_SCREENS)[ProjectType];
  /** The path segment of its update, PUT {segment}/project/{projectId}. */
  readonly segment: keyof typeof TYPE_SEGMENTS;
  readonly details: readonly DetailField[];
  readonly metrics: readonly MetricCode[];
}

const SEGMENT_OF = Object.fromEntries(Object.entries(TYPE_SEGMENTS).map(([s, type]) => [type, s])) as Record<
  ProjectType,
  keyof typeof TYPE_SEGMENTS
>;

const kind = (type: ProjectType, slug: KindSlug, details: DetailField[], metrics: MetricCode[]): ProjectKind => ({
  type,
  slug,
  screens: PROJECT_SCREENS[type],
  segment: SEGMENT_OF[type],
  details,
  metrics,
});

export const PROJECT_KINDS: Record<ProjectType, ProjectKind> = {
  GTM_PROJECT: kind(
    'GTM_PROJECT',
    'gtm',
    [
      { key: 'markets', input: 'markets', span: 12 },
      { key: 'launchDate', input: 'day', span: 12 },
      { key: 'channels', input: 'tags', span: 12, hint: 'channelsHint' },
      { key: 'targetUnits', input: 'int', span: 12 },
      { key: 'targetRevenue', input: 'money', span: 12 },
      { key: 'positioning', input: 'textarea', max: 1000, span: 24 },
    ],
    ['TOTAL_BUDGET', 'AMZ_ADS', 'KOL', 'DEALS', 'TOTAL_EXPOSURE'],
  ),
  PLATFORM_PROJECT: kind(
    'PLATFORM_PROJECT',
    'platform',
    [
      { key: 'platform', input: 'text', max: 60, span: 12 },
      { key: 'scope', input: 'textarea', max: 1000, span: 24 },
    ],
    ['TOTAL_BUDGET', 'ADS'],
  ),
  NEW_PRODUCTS_PROJECT: kind(
    'NEW_PRODUCTS_PROJECT',
    'listing',
    [
      { key: 'market', input: 'market', span: 8 },
      { key: 'asin', input: 'text', max: 10, span: 8 },
      { key: 'listingDate', input: 'day', span: 8 },
      { key: 'targetUnits', input: 'int', span: 12 },
      { key: 'targetRevenue', input: 'money', span: 12 },
    ],
    ['TOTAL_BUDGET', 'AMZ_ADS', 'DEALS'],
  ),
  BRAND_EXPOSURE_PROJECT: kind(
    'BRAND_EXPOSURE_PROJECT',
    'exposure',
    [
      { key: 'channels', input: 'tags', span: 12, hint: 'channelsHint' },
      { key: 'kolCount', input: 'int', span: 12 },
    ],
    ['TOTAL_BUDGET', 'KOL', 'PR', 'SNS', 'TOTAL_EXPOSURE', 'ROI'],
  ),
  NEW_PRODUCT_DEV_PROJECT: kind(
    'NEW_PRODUCT_DEV_PROJECT',
    'develop',
    [
      { key: 'productLine', input: 'text', max: 60, span: 12 },
      { key: 'targetCost', input: 'money', span: 12 },
      { key: 'prdLink', input: 'text', max: 500, span: 24 },
    ],
    ['TOTAL_BUDGET'],
  ),
};

/** A metric's decimals: money and ROI two, counts none. */
export const metricPrecision = (m: MetricCode) => (MONEY_METRICS.includes(m) || m === 'ROI' ? 2 : 0);

/** A detail's empty value, as the contract's defaults have it. */
export const emptyDetail = (input: DetailInput): unknown =>
  input === 'markets' || input === 'tags' ? [] : input === 'text' || input === 'textarea' ? '' : null;
