import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { ALL_ROUTES, GROUP_TITLES } from '@bo/contract';
import { Avatar, Breadcrumb, Button, Layout, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../modules/access/session/session.queries';
import { useAppFlags } from '../../shared/app-flags';
import { LangSwitch } from '../../shared/components/LangSwitch';
import { useTexts } from '../../shared/i18n/lang';
import { useDeclaredPageTitle } from '../../shared/page-title';
import { PROFILE_PATH } from '../../shared/paths';
import { matchRoute } from '../guard';
import { signOut } from '../session-actions';
import { ForecastReviewBadge } from './ForecastReviewBadge';
import { NotificationBell } from './NotificationBell';

interface Props {
  collapsed: boolean;
  onToggle: () => void;
}

export function AppHeader({ collapsed, onToggle }: Props) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const { externalUser } = useAppFlags();
  const [leaving, setLeaving] = useState(false);
  const route = matchRoute(pathname, ALL_ROUTES);
  // A page that names itself (new / edit on one route) is named so here too.
  const declared = useDeclaredPageTitle();
  const pageTitle = declared ?? route?.title[lang];

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t('app.name')}` : t('app.name');
  }, [pageTitle, t]);

  const leave = async () => {
    setLeaving(true);
    try {
      await signOut(navigate);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Layout.Header className="bo-header">
      <Space size="middle">
        <Button
          type="text"
          aria-label={t(collapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        {route && <Breadcrumb items={[{ title: GROUP_TITLES[route.group][lang] }, { title: pageTitle }]} />}
      </Space>
      <Space size="middle">
        {externalUser && <Tag color="purple">{t('layout.externalUser')}</Tag>}
        <LangSwitch size="small" />
        <ForecastReviewBadge />
        <NotificationBell />
        <Link to={PROFILE_PATH} className="bo-header-user">
          <Avatar size="small" icon={<UserOutlined />} className="bo-header-avatar" />
          <span data-testid="user-name">{user?.userName ?? ''}</span>
        </Link>
        <Tooltip title={t('layout.signOutHint')}>
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void leave()} loading={leaving} data-testid="logout">
            {t('layout.signOut')}
          </Button>
        </Tooltip>
      </Space>
    </Layout.Header>
  );
}
