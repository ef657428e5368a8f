import { SearchOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@bo/contract/access/audit-codes';
import { Button, DatePicker, Flex, Input, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../../shared/i18n/lang';
import type { AuditQuery } from '../audit.queries';

/** Options of a code set in the UI language, sorted by their text; the code is the value. */
const codeOptions = (map: Record<string, { zh: string; en: string }>, lang: 'zh-CN' | 'en-US') =>
  Object.entries(map)
    .map(([code, t]) => ({ value: code, label: lang === 'zh-CN' ? t.zh : t.en }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));

interface Props {
  query: AuditQuery;
  onChange: (patch: Partial<AuditQuery>) => void;
  onReset: () => void;
}

interface Texts {
  actor: string;
  action: string;
  entity: string;
}

const textsOf = (q: Pick<AuditQuery, 'actor' | 'action' | 'entity'>): Texts => ({
  actor: q.actor ?? '',
  action: q.action ?? '',
  entity: q.entity ?? '',
});
const orUndefined = (v: string) => v.trim() || undefined;

/**
 * The actor applies on Enter or Search; action, entity (picked by their text), the date
 * range and the god-view switch apply at once. Everything goes to the query string and back to page 1.
 */
export function AuditFilters({ query, onChange, onReset }: Props) {
  const { t, lang } = useTexts();
  const { actor, action, entity } = query;
  const [texts, setTexts] = useState<Texts>(() => textsOf(query));
  // Back/forward or a pasted link changes the filters under the boxes.
  useEffect(() => setTexts(textsOf({ actor, action, entity })), [actor, action, entity]);

  const applyTexts = () =>
    onChange({
      actor: orUndefined(texts.actor),
      action: orUndefined(texts.action),
      entity: orUndefined(texts.entity),
      pageNum: 1,
    });
  const range: [Dayjs | null, Dayjs | null] = [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null];
  const endOfDay = dayjs().endOf('day');

  return (
    <Flex vertical gap={12} data-testid="audit-filters">
      <Flex wrap gap={12}>
        <Input
          allowClear
          placeholder={t('audit.filter.actor')}
          value={texts.actor}
          maxLength={64}
          onChange={(e) => setTexts({ ...texts, actor: e.target.value })}
          onPressEnter={applyTexts}
          style={{ width: 180 }}
          data-testid="audit-actor"
        />
        <Select<string>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('audit.filter.action')}
          value={texts.action || undefined}
          options={codeOptions(AUDIT_ACTIONS, lang)}
          onChange={(v) => onChange({ action: v || undefined, pageNum: 1 })}
          popupMatchSelectWidth={false}
          style={{ width: 220 }}
          data-testid="audit-action"
        />
        <Select<string>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('audit.filter.entity')}
          value={texts.entity || undefined}
          options={codeOptions(AUDIT_ENTITIES, lang)}
          onChange={(v) => onChange({ entity: v || undefined, pageNum: 1 })}
          popupMatchSelectWidth={false}
          style={{ width: 180 }}
          data-testid="audit-entity"
        />
        <DatePicker.RangePicker
          showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          allowEmpty={[true, true]}
          value={range}
          onChange={(v) => onChange({ from: v?.[0]?.toISOString(), to: v?.[1]?.toISOString(), pageNum: 1 })}
          presets={[
            { label: t('audit.range.day'), value: [dayjs().subtract(1, 'day'), endOfDay] },
            { label: t('audit.range.week'), value: [dayjs().subtract(7, 'day').startOf('day'), endOfDay] },
            { label: t('audit.range.month'), value: [dayjs().subtract(30, 'day').startOf('day'), endOfDay] },
          ]}
          data-testid="audit-range"
        />
      </Flex>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Space size={6}>
          <Switch
            checked={query.godViewOnly === 'true'}
            onChange={(on) => onChange({ godViewOnly: on ? 'true' : 'false', pageNum: 1 })}
            data-testid="audit-god-view"
          />
          <Typography.Text>{t('audit.filter.godViewOnly')}</Typography.Text>
        </Space>
        <Space size={8}>
          <Button onClick={onReset}>{t('common.reset')}</Button>
          <Button type="primary" icon={<SearchOutlined />} onClick={applyTexts} data-testid="audit-search">
            {t('common.search')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
