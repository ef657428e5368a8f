import { Tag, Tooltip } from 'antd';
import { useLang } from '../i18n/lang';
import { flagOf, flagsSupported, marketName, marketOf } from './markets';

interface Props {
  marketId: number;
  /** Tag colour, e.g. green for an authorised shop. */
  color?: string;
}

/** A marketplace as flag (where the system draws flags) and code, its name in a tooltip. */
export function MarketTag({ marketId, color }: Props) {
  const lang = useLang();
  const market = marketOf(marketId);
  if (!market) return <Tag color={color}>#{marketId}</Tag>;
  return (
    <Tooltip title={marketName(market, lang)}>
      <Tag color={color} data-testid={`market-${market.code}`}>
        {flagsSupported() && <span aria-hidden>{flagOf(market.code)} </span>}
        {market.code}
      </Tag>
    </Tooltip>
  );
}
