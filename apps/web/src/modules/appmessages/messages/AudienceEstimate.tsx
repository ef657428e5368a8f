import type { AudienceInput } from '@bo/contract/appmessages/messages';
import { Alert, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../shared/i18n/lang';
import { useEstimate } from '../appmessages.queries';

const KEYS = ['countries', 'languages', 'versionRange', 'platforms', 'models'] as const;

/** Under the drawer's audience: how many registered devices it takes now, asked again (after a pause) as it is changed. */
export function AudienceEstimate() {
  const { t } = useTexts();
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Partial<Record<(typeof KEYS)[number], unknown>> | undefined;
  const audience: AudienceInput = {
    countries: (values?.countries as string[] | undefined) ?? [],
    languages: (values?.languages as string[] | undefined) ?? [],
    versionRange: (values?.versionRange as string | undefined) ?? '',
    platforms: (values?.platforms as AudienceInput['platforms']) ?? [],
    models: (values?.models as string[] | undefined) ?? [],
  };
  const key = JSON.stringify(audience);
  const [asked, setAsked] = useState<AudienceInput | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(JSON.parse(key) as AudienceInput), 400);
    return () => clearTimeout(timer);
  }, [key]);
  const estimate = useEstimate(asked);
  return (
    <Alert
      type={estimate.isError ? 'warning' : 'info'}
      showIcon
      title={t('appMessages.estimate.title')}
      description={
        estimate.isError
          ? t('appMessages.estimate.failed')
          : estimate.data
            ? t('appMessages.estimate.devices', estimate.data)
            : t('appMessages.estimate.loading')
      }
      data-testid="app-message-estimate"
    />
  );
}
