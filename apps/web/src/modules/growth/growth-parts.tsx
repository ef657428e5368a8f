/** Parts the growth screens share: the rating's words, the scores input (one 1–5 rating per dimension), a scores table. */
import * as ep from '@bo/contract/growth/performance';
import { Rate, Space, Tag, Typography } from 'antd';
import { useLang } from '../../shared/i18n/lang';

export const ratingText = (rating: number | null, zh: boolean) =>
  rating === null ? '—' : `${rating} · ${ep.RATING_LABEL[rating]?.[zh ? 'zh' : 'en'] ?? ''}`;

export const dimensionName = (d: ep.Dimension, zh: boolean) => (zh ? d.nameZh : d.nameEn);

export function RatingTag({ rating, testId }: { rating: number | null; testId?: string }) {
  const zh = useLang() === 'zh-CN';
  if (rating === null) return <span data-testid={testId}>—</span>;
  const color = rating >= 4 ? 'green' : rating === 3 ? 'blue' : 'orange';
  return (
    <Tag color={color} data-testid={testId}>
      {ratingText(rating, zh)}
    </Tag>
  );
}

type Score = { dimension: string; score: number };

/** A Form.Item's value: one 1–5 rating per dimension of the cycle (a dimension left at 0 is not scored yet). */
export function ScoresInput({
  dimensions,
  value,
  onChange,
  disabled,
  testId = 'growth-scores',
}: {
  dimensions: readonly ep.Dimension[];
  value?: Score[];
  onChange?: (v: Score[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const zh = useLang() === 'zh-CN';
  const current = value ?? [];
  const set = (dimension: string, score: number) => {
    const rest = current.filter((s) => s.dimension !== dimension);
    onChange?.(score > 0 ? [...rest, { dimension, score }] : rest);
  };
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid={testId}>
      {dimensions.map((d) => (
        <div key={d.key} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Typography.Text style={{ width: 160 }} title={d.description}>
            {dimensionName(d, zh)}
          </Typography.Text>
          <span data-testid={`${testId}-${d.key}`}>
            <Rate
              count={5}
              value={current.find((s) => s.dimension === d.key)?.score ?? 0}
              onChange={(n) => set(d.key, n)}
              disabled={disabled}
              tooltips={ep.RATINGS.map((r) => ratingText(r, zh))}
            />
          </span>
        </div>
      ))}
    </Space>
  );
}

/** A part's scores, read-only. */
export function ScoresView({ dimensions, scores }: { dimensions: readonly ep.Dimension[]; scores: readonly Score[] }) {
  const zh = useLang() === 'zh-CN';
  return (
    <Space direction="vertical" size={0}>
      {dimensions.map((d) => {
        const s = scores.find((x) => x.dimension === d.key)?.score ?? 0;
        return (
          <div key={d.key} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Typography.Text style={{ width: 160 }}>{dimensionName(d, zh)}</Typography.Text>
            <Rate count={5} value={s} disabled style={{ fontSize: 14 }} />
          </div>
        );
      })}
    </Space>
  );
}
