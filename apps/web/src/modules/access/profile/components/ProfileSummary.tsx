import { INTERNAL_ACCOUNT_ID, USER_TYPE } from '@bo/contract';
import type { CurrentUser } from '@bo/contract/access/session';
import { Descriptions, Space, Tag } from 'antd';
import { useAppFlags } from '../../../../shared/app-flags';
import { useTexts } from '../../../../shared/i18n/lang';

/** The signed-in user as the server knows them (GET user/rest/v1/login). */
export function ProfileSummary({ user }: { user: CurrentUser }) {
  const { t, lang } = useTexts();
  const { twoCodeLogin } = useAppFlags();
  const dash = <span className="bo-muted">—</span>;
  const internal = user.accountId === INTERNAL_ACCOUNT_ID;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="middle" data-testid="profile-summary">
      <Descriptions.Item label={t('profile.field.userName')}>{user.userName}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.loginName')}>{user.loginName}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.email')}>{user.email || dash}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.employeeId')}>{user.employeeId || dash}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.account')}>
        <Space size={6}>
          <span>#{user.accountId}</span>
          <Tag color={internal ? 'blue' : 'purple'}>{t(internal ? 'profile.internalAccount' : 'profile.externalAccount')}</Tag>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.field.userType')}>
        {user.userType === USER_TYPE.SHOP ? t('profile.userType.shop') : t('profile.userType.staff')}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.field.country')}>{user.country}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.zoneId')}>{user.zoneId}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.shops')}>{user.shopIds.length}</Descriptions.Item>
      <Descriptions.Item label={t('profile.field.language')}>
        {user.language ? t(`profile.language.${user.language}`) : t('profile.language.auto')}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.field.subsystems')} span={2}>
        {user.subSystems.length ? (
          <Space size={[6, 6]} wrap>
            {user.subSystems.map((s) => (
              <Tag key={s.id} color={s.code === user.defaultSubsystem ? 'geekblue' : undefined}>
                {lang === 'zh-CN' ? s.name : s.nameEn}
              </Tag>
            ))}
          </Space>
        ) : (
          dash
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.field.twoCodeLogin')}>
        {t(twoCodeLogin ? 'common.yes' : 'common.no')}
      </Descriptions.Item>
    </Descriptions>
  );
}
