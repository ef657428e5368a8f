import { Spin } from 'antd';

/** Shown while the first navigation loads the session. */
export function BootSplash() {
  return (
    <div className="bo-splash" role="status" aria-live="polite">
      <div className="bo-brand-mark">L</div>
      <Spin size="large" />
    </div>
  );
}
