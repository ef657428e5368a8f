import { PLATFORMS } from '@bo/contract/appcontent/publishing';
import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { FormField } from '../../../shared/kit/edit-form';
import type { TFunction } from 'i18next';

/** What the drawer holds: the body's fields, the instants as dayjs values. */
export interface MessageValues {
  name: string;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  link: string;
  countries: string[];
  languages: string[];
  versionRange: string;
  platforms: ('ios' | 'android')[];
  models: string[];
  sendAtLocal: Dayjs | null;
  throttlePerMinute: number;
  quietStart: string | null;
  quietEnd: string | null;
  expiresAtLocal: Dayjs | null;
}

const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP', 'CN', 'KR', 'SG', 'AU', 'IN', 'BR'];
const LANGUAGES = ['zh', 'zh-cn', 'zh-tw', 'en', 'en-us', 'en-gb', 'de', 'fr', 'it', 'es', 'ja', 'ko', 'pt'];
export const PLATFORM_LABEL = { ios: 'iOS', android: 'Android' } as const;
const emptyIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const tags = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The drawer's fields: the texts, the audience (the content model's targeting), the sending. */
export function messageFields(
  t: TFunction,
  models: { options: { value: string; label: string }[]; loading: boolean },
): FormField<MessageValues>[] {
  const F = (k: string) => t(`appMessages.field.${k}` as never);
  return [
    { name: 'name', label: F('name'), extra: F('nameHint'), testId: 'app-message-name' },
    {
      name: 'titleZh',
      input: 'bilingual',
      label: F('titleZh'),
      pair: { name: 'titleEn', label: F('titleEn'), testId: 'app-message-title-en' },
      requireOne: true,
      testId: 'app-message-title-zh',
    },
    { name: 'bodyZh', input: 'textarea', span: 12, label: F('bodyZh'), testId: 'app-message-body-zh' },
    { name: 'bodyEn', input: 'textarea', span: 12, label: F('bodyEn'), testId: 'app-message-body-en' },
    { name: 'link', label: F('link'), extra: F('linkHint'), placeholder: 'lumio://scenes', testId: 'app-message-link' },
    {
      name: 'countries',
      section: F('sectionAudience'),
      span: 12,
      label: F('countries'),
      extra: F('countriesHint'),
      normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toUpperCase()) : v),
      input: (
        <Select
          mode="tags"
          allowClear
          options={tags(COUNTRIES)}
          tokenSeparators={[',', ' ']}
          data-testid="app-message-countries"
        />
      ),
    },
    {
      name: 'languages',
      span: 12,
      label: F('languages'),
      extra: F('languagesHint'),
      normalize: (v) => (Array.isArray(v) ? v.map((s: string) => s.trim().toLowerCase()) : v),
      input: (
        <Select
          mode="tags"
          allowClear
          options={tags(LANGUAGES)}
          tokenSeparators={[',', ' ']}
          data-testid="app-message-languages"
        />
      ),
    },
    {
      name: 'versionRange',
      span: 12,
      label: F('versionRange'),
      extra: F('versionRangeHint'),
      placeholder: '>=3.2 <4',
      testId: 'app-message-version-range',
    },
    {
      name: 'platforms',
      span: 12,
      label: F('platforms'),
      extra: F('platformsHint'),
      input: (
        <Select
          mode="multiple"
          allowClear
          options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
          data-testid="app-message-platforms"
        />
      ),
    },
    {
      name: 'models',
      label: F('models'),
      extra: F('modelsHint'),
      input: (
        <Select
          mode="multiple"
          allowClear
          loading={models.loading}
          optionFilterProp="label"
          options={models.options}
          data-testid="app-message-models"
        />
      ),
    },
    {
      name: 'sendAtLocal',
      section: F('sectionSending'),
      span: 12,
      label: F('sendAt'),
      extra: F('sendAtHint'),
      input: (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          data-testid="app-message-send-at"
        />
      ),
    },
    {
      name: 'throttlePerMinute',
      span: 12,
      input: 'number',
      label: F('throttle'),
      extra: F('throttleHint'),
      testId: 'app-message-throttle',
    },
    {
      name: 'quietStart',
      span: 12,
      label: F('quietStart'),
      extra: F('quietHint'),
      placeholder: '22:00',
      normalize: emptyIsNull,
      testId: 'app-message-quiet-start',
    },
    {
      name: 'quietEnd',
      span: 12,
      label: F('quietEnd'),
      placeholder: '08:00',
      normalize: emptyIsNull,
      testId: 'app-message-quiet-end',
    },
    {
      name: 'expiresAtLocal',
      label: F('expiresAt'),
      extra: F('expiresAtHint'),
      input: (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          data-testid="app-message-expires-at"
        />
      ),
    },
  ];
}
