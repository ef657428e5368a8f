/**
 * What a screen shows while its chunk loads: antd's active Skeleton (a title and eight
 * lines), drawn with CSS (styles.css `.bo-skeleton`) because it lives in the entry, where
 * antd is not.
 */
export function ScreenSkeleton() {
  return (
    <div className="bo-skeleton" role="status" aria-busy="true" data-testid="screen-skeleton">
      <div className="bo-skeleton-title" />
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder lines
        <div key={i} className="bo-skeleton-line" />
      ))}
    </div>
  );
}
