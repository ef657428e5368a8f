import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

interface Props {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * antd's Result, as the shell's two error panels use it (an icon, a title, a line, the
 * buttons). antd's own Result brings its 403/404/500 illustrations along (about 8 kB
 * gzip), which the entry must not carry; screens keep using Result.
 */
export function StatusPanel({ status, title, subTitle, extra }: Props) {
  return (
    <div className="bo-status-panel">
      <div className={`bo-status-icon bo-status-${status}`}>
        {status === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      </div>
      <div className="bo-status-title">{title}</div>
      {subTitle !== undefined && <div className="bo-status-subtitle">{subTitle}</div>}
      {extra !== undefined && <div className="bo-status-extra">{extra}</div>}
    </div>
  );
}
