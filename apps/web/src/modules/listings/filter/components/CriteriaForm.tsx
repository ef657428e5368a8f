import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lifecycleKey, statusKey } from '../../labels';
import { type FilterView, RANGE_KEYS, type Range, type RangeKey } from '../filter-view';

export interface Criteria {
  keyword: string;
  lifecycle: number[];
  status: number[];
  ranges: Record<RangeKey, Range>;
  noSales: boolean;
  missingCost: boolean;
}

interface Props {
  view: FilterView;
  onApply: (c: Criteria) => void;
}

const fromView = (v: FilterView): Criteria => ({
  keyword: v.keyword,
  lifecycle: v.lifecycle,
  status: v.status,
  ranges: v.ranges,
  noSales: v.noSales,
  missingCost: v.missingCost,
});

/**
 * The criteria beyond the shared sales filters. Selects and checkboxes apply at once;
 * the keyword and the ranges apply with Search (or Enter), after checking that no upper
 * bound is below its lower bound.
 */
export function CriteriaForm({ view, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Criteria>(() => fromView(view));
  // Back/forward, a reset or an opened saved filter change the criteria under the form;
  // anything else in the URL (period, page, sort) leaves what is being typed alone.
  const applied = JSON.stringify(fromView(view));
  useEffect(() => setDraft(JSON.parse(applied) as Criteria), [applied]);
  const badRanges = RANGE_KEYS.filter(
    (k) =>
      draft.ranges[k].min !== null &&
      draft.ranges[k].max !== null &&
      (draft.ranges[k].max as number) < (draft.ranges[k].min as number),
  );
  const apply = (next: Criteria) => {
    if (badRanges.length === 0) onApply(next);
  };
  const setRange = (key: RangeKey, side: 'min' | 'max', value: number | null) =>
    setDraft((d) => ({ ...d, ranges: { ...d.ranges, [key]: { ...d.ranges[key], [side]: value } } }));

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        <Input
          allowClear
          placeholder={t('listings.filter.keyword')}
          value={draft.keyword}
          maxLength={100}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
          onPressEnter={() => apply(draft)}
          style={{ width: 240 }}
          data-testid="filter-keyword"
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder={t('listings.filter.lifecycle')}
          value={draft.lifecycle}
          onChange={(lifecycle) => apply({ ...draft, lifecycle })}
          options={[0, 1, 2].map((n) => ({ value: n, label: t(lifecycleKey(n)) }))}
          style={{ minWidth: 160 }}
          data-testid="filter-lifecycle"
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder={t('listings.filter.status')}
          value={draft.status}
          onChange={(status) => apply({ ...draft, status })}
          options={[1, 0].map((n) => ({ value: n, label: t(statusKey(n)) }))}
          style={{ minWidth: 140 }}
          data-testid="filter-status"
        />
        <Checkbox
          checked={draft.noSales}
          onChange={(e) => apply({ ...draft, noSales: e.target.checked })}
          data-testid="filter-no-sales"
        >
          {t('listings.filter.noSales')}
        </Checkbox>
        <Checkbox
          checked={draft.missingCost}
          onChange={(e) => apply({ ...draft, missingCost: e.target.checked })}
          data-testid="filter-missing-cost"
        >
          {t('listings.filter.missingCost')}
        </Checkbox>
      </Flex>
      <Flex wrap gap={16} align="center">
        {RANGE_KEYS.map((key) => (
          <Space key={key} size={4} align="center">
            <Typography.Text type="secondary">{t(`listings.filter.${key}`)}</Typography.Text>
            <InputNumber
              placeholder={t('listings.filter.min')}
              value={draft.ranges[key].min}
              onChange={(v) => setRange(key, 'min', v === null || v === undefined ? null : Number(v))}
              onPressEnter={() => apply(draft)}
              min={key === 'units' ? 0 : undefined}
              max={key === 'margin' ? 100 : undefined}
              precision={key === 'units' ? 0 : 2}
              style={{ width: 100 }}
              data-testid={`filter-${key}-min`}
            />
            <span>–</span>
            <InputNumber
              placeholder={t('listings.filter.max')}
              value={draft.ranges[key].max}
              onChange={(v) => setRange(key, 'max', v === null || v === undefined ? null : Number(v))}
              onPressEnter={() => apply(draft)}
              min={key === 'units' ? 0 : undefined}
              max={key === 'margin' ? 100 : undefined}
              precision={key === 'units' ? 0 : 2}
              status={badRanges.includes(key) ? 'error' : undefined}
              style={{ width: 100 }}
              data-testid={`filter-${key}-max`}
            />
          </Space>
        ))}
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => apply(draft)}
          disabled={badRanges.length > 0}
          data-testid="filter-apply"
        >
          {t('listings.filter.apply')}
        </Button>
        {badRanges.length > 0 && <Typography.Text type="danger">{t('listings.filter.rangeOrder')}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
