/**
 * Shown while the first navigation loads the session. Plain markup and CSS, the same as
 * index.html paints before any script has run, so the first paint needs no JavaScript
 * and the hand-over to React does not flicker.
 */
export function BootSplash() {
  return (
    <div className="bo-splash" role="status" aria-live="polite">
      <div className="bo-brand-mark">L</div>
      <div className="bo-spinner" />
    </div>
  );
}
