import { Layout } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { splitPermissions, usePermissionItems } from '../../modules/access/session/session.queries';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { readItem, writeItem } from '../../shared/session/session-storage';
import { AppHeader } from './AppHeader';
import { GodViewBanner } from './GodViewBanner';
import { NoticeGate } from './NoticeGate';
import { SideMenu } from './SideMenu';

const COLLAPSED_KEY = 'menuCollapsed';

/** The signed-in frame: side menu, header, god-view banner, the screen. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { data: items } = usePermissionItems();
  const buttons = useMemo(() => splitPermissions(items ?? []).buttons, [items]);
  const [collapsed, setCollapsed] = useState(() => readItem('local', COLLAPSED_KEY) === '1');
  const collapse = (next: boolean) => {
    setCollapsed(next);
    writeItem('local', COLLAPSED_KEY, next ? '1' : null);
  };

  return (
    <ButtonPermissionsProvider value={buttons}>
      <Layout className="bo-shell">
        <Layout.Sider width={232} collapsedWidth={64} collapsed={collapsed} trigger={null} className="bo-sider">
          <div className="bo-sider-brand">
            <span className="bo-brand-mark">L</span>
            {!collapsed && <span className="bo-sider-title">{t('app.name')}</span>}
          </div>
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
        <Layout className="bo-main">
          <GodViewBanner />
          <NoticeGate />
          <AppHeader collapsed={collapsed} onToggle={() => collapse(!collapsed)} />
          <Layout.Content className="bo-content">
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ButtonPermissionsProvider>
  );
}
