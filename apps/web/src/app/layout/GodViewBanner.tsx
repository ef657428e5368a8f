import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../modules/access/session/session.queries';
import { stopGodView } from '../session-actions';

/** Shown while someone looks at the app as another user (god view). */
export function GodViewBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [stopping, setStopping] = useState(false);
  if (!user?.godViewBy) return null;
  const stop = async () => {
    setStopping(true);
    try {
      await stopGodView(navigate);
    } finally {
      setStopping(false);
    }
  };
  return (
    <Alert
      banner
      type="warning"
      icon={<EyeOutlined />}
      data-testid="god-view-banner"
      title={t('layout.godView.banner', { user: user.userName, by: user.godViewBy })}
      action={
        <Button size="small" onClick={() => void stop()} loading={stopping} data-testid="stop-god-view">
          {t('layout.godView.stop')}
        </Button>
      }
    />
  );
}
