import { BIAS_WARNING } from '@bo/contract/forecasts/accuracy';
import { Typography } from 'antd';
import { formatShare } from './forecast-format';

/** A gain in WAPE points: green when positive (the method, or the override, did better), red when negative. */
export function GainText({ value, testId }: { value: number | null; testId?: string }) {
  if (value === null) return <span data-testid={testId}>—</span>;
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} data-testid={testId}>
      {value > 0 ? '+' : ''}
      {formatShare(value)}
    </Typography.Text>
  );
}

/** A signed bias, red beyond BIAS_WARNING either way. */
export function BiasText({ value, testId }: { value: number | null; testId?: string }) {
  if (value === null) return <span data-testid={testId}>—</span>;
  return (
    <Typography.Text type={Math.abs(value) > BIAS_WARNING ? 'danger' : undefined} data-testid={testId}>
      {value > 0 ? '+' : ''}
      {formatShare(value)}
    </Typography.Text>
  );
}
