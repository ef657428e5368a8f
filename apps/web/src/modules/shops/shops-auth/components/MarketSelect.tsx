import { MARKETS } from '@bo/contract';
import { Select, Tag, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useLang } from '../../../../shared/i18n/lang';
import { hiddenMarketsText, marketLabel, marketName, marketOf, marketShortLabel } from '../../../../shared/markets/markets';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  placeholder: string;
  style?: CSSProperties;
  testId?: string;
}

/**
 * The marketplace multi-select of every filter bar. The list shows "🇺🇸 US · United States";
 * a chosen marketplace is a short tag ("🇺🇸 US"), and those that do not fit are named by
 * code ("+ JP CA") instead of a bare count, with all names in the tooltip.
 */
export function MarketSelect({ value, onChange, placeholder, style, testId }: Props) {
  const lang = useLang();
  const names = value.map((id) => {
    const m = marketOf(id);
    return m ? marketName(m, lang) : `#${id}`;
  });
  return (
    <Tooltip title={value.length > 1 ? names.join(', ') : undefined} placement="topLeft">
      <Select<number[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        options={MARKETS.map((m) => ({ value: m.id, label: marketLabel(m, lang) }))}
        optionFilterProp="label"
        popupMatchSelectWidth={false}
        tagRender={({ value: id, label, closable, onClose, isMaxTag }) =>
          // The "+ JP CA" tag of the ones without room comes through here too, with no value.
          isMaxTag || !marketOf(Number(id)) ? (
            <Tag style={{ marginInlineEnd: 4 }} data-testid="market-chip-rest">
              {label}
            </Tag>
          ) : (
            <Tag
              closable={closable}
              onClose={onClose}
              onMouseDown={(e) => e.preventDefault()}
              style={{ marginInlineEnd: 4 }}
              data-testid={`market-chip-${marketOf(Number(id))?.code ?? id}`}
            >
              {marketShortLabel(Number(id))}
            </Tag>
          )
        }
        maxTagPlaceholder={(omitted) => hiddenMarketsText(omitted.map((o) => Number(o.value)))}
        style={style}
        data-testid={testId}
      />
    </Tooltip>
  );
}
