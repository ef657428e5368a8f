import { BarChartOutlined, NotificationOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../../../shared/components/LangSwitch';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** The frame of the sign-in screens: the product on the left, the form on the right. */
export function AuthShell({ title, subtitle, children, footer, testId }: Props) {
  const { t } = useTranslation();
  const features = [
    { icon: <BarChartOutlined />, text: t('auth.feature.sales') },
    { icon: <NotificationOutlined />, text: t('auth.feature.ads') },
    { icon: <SafetyCertificateOutlined />, text: t('auth.feature.access') },
  ];
  return (
    <div className="bo-auth" data-testid={testId}>
      <aside className="bo-auth-brand">
        <div className="bo-auth-logo">
          <span className="bo-brand-mark">L</span>
          <span>Lumio</span>
        </div>
        <div className="bo-auth-pitch">
          <h1>{t('app.name')}</h1>
          <p>{t('auth.tagline')}</p>
          <ul>
            {features.map((f) => (
              <li key={f.text}>
                <span className="bo-auth-feature-icon">{f.icon}</span>
                {f.text}
              </li>
            ))}
          </ul>
        </div>
        <small>© Lumio · {t('auth.internalOnly')}</small>
      </aside>
      <main className="bo-auth-panel">
        <div className="bo-auth-lang">
          <LangSwitch size="small" />
        </div>
        <div className="bo-auth-compact-brand">
          <span className="bo-brand-mark">L</span>
          <span>{t('app.name')}</span>
        </div>
        <div className="bo-auth-card">
          <h2>{title}</h2>
          {subtitle && <p className="bo-auth-subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="bo-auth-footer">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
