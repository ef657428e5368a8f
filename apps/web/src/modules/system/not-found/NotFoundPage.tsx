import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../shared/paths';

/** Where unknown, unbuilt and refused paths land (spec §2.1). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bo-center-page" data-testid="page-404">
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" onClick={() => void navigate(HOME_PATH)} data-testid="go-home">
            {t('notFound.home')}
          </Button>
        }
      />
    </div>
  );
}
