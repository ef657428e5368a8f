import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Where a shop account (user type 0) without an authorised shop lands when it opens a
 * sales, order, listing, mail or product-analysis screen (spec §2.1).
 */
export default function ShopAuthMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bo-center-page" data-testid="page-shop-auth-message">
      <Result
        status="info"
        title={t('shopAuthMessage.title')}
        subTitle={
          <Typography.Paragraph style={{ maxWidth: 560, margin: '0 auto' }}>{t('shopAuthMessage.text')}</Typography.Paragraph>
        }
        extra={
          <Button type="primary" onClick={() => void navigate('/user/info')}>
            {t('shopAuthMessage.profile')}
          </Button>
        }
      />
    </div>
  );
}
