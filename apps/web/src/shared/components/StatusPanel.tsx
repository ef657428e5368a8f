import type { ReactNode } from 'react';
import { ShellIcon } from './shell-controls';

interface Props {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * antd's Result with status error or warning (an icon, a title, a line, the buttons),
 * without antd: the shell's error panels live in the entry, and the chunk panel must show
 * even when antd's own chunk is the one that failed to load. antd's Result also brings its
 * 403/404/500 illustrations (about 10 kB gzip) along, so QueryStates uses this one too.
 */
export function StatusPanel({ status, title, subTitle, extra }: Props) {
  return (
    <div className="bo-status-panel">
      <div className={`bo-status-icon bo-status-${status}`}>
        <ShellIcon name={status === 'error' ? 'closeCircleFilled' : 'exclamationCircleFilled'} />
      </div>
      <div className="bo-status-title">{title}</div>
      {subTitle !== undefined && <div className="bo-status-subtitle">{subTitle}</div>}
      {extra !== undefined && <div className="bo-status-extra">{extra}</div>}
    </div>
  );
}
