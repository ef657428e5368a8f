import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Col, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScreenHead } from '../../../shared/components/PageHead';
import { useCurrentUser } from '../session/session.queries';
import { PasswordForm } from './components/PasswordForm';
import { ProfileForm } from './components/ProfileForm';
import { ProfileSummary } from './components/ProfileSummary';

/** /user/info: own profile, always allowed, and the fallback page (spec §6). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useCurrentUser();

  return (
    <div className="bo-page" data-testid="page-user-info">
      <ScreenHead title={t('profile.title')} subtitle={t('profile.subtitle')} />
      {isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {isError && (
        <Alert
          type="error"
          showIcon
          title={t('profile.loadFailed')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {user && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card>
              <Space size={16} align="center" className="bo-profile-head">
                <Avatar size={56} icon={<UserOutlined />} className="bo-header-avatar" />
                <div>
                  <Typography.Title level={4} className="bo-profile-name">
                    {user.userName}
                  </Typography.Title>
                  <Space size={6} wrap>
                    <Typography.Text type="secondary">@{user.loginName}</Typography.Text>
                    {user.externalUser && <Tag color="purple">{t('layout.externalUser')}</Tag>}
                    {user.godViewBy && <Tag color="orange">{t('profile.godViewBy', { by: user.godViewBy })}</Tag>}
                  </Space>
                </div>
              </Space>
              <ProfileSummary user={user} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card>
              <Tabs
                items={[
                  { key: 'profile', label: t('profile.editTab'), children: <ProfileForm user={user} /> },
                  { key: 'password', label: t('profile.passwordTab'), children: <PasswordForm /> },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
