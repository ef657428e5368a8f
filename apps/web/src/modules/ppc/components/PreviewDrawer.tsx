import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditFormProblem } from '../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../shared/forms/FormProblemAlerts';

/**
 * The drawer of an automation's editor (a rule, a bid schedule): Preview and Save in its
 * head, the stale or refused save above the form, and the preview's error under it. The
 * screen brings the form and the preview's result (`children`).
 */
export function PreviewDrawer({
  size,
  title,
  onClose,
  onPreview,
  previewing,
  previewText,
  previewError,
  onSave,
  saving,
  problem,
  staleText,
  testId,
  children,
  after,
}: {
  size: number;
  title: string;
  onClose: () => void;
  onPreview: () => void;
  previewing: boolean;
  previewText: string;
  previewError: string | null;
  onSave: () => void;
  saving: boolean;
  problem: EditFormProblem;
  staleText: string;
  /** Prefix of the buttons' test ids: `<testId>-preview`, `<testId>-save`. */
  testId: string;
  children: ReactNode;
  /** Under the preview's error: the preview itself. */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      // antd 6 takes the width from size (a width beside size="large" was ignored: the drawer was 736 px).
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button icon={<EyeOutlined />} onClick={onPreview} loading={previewing} data-testid={`${testId}-preview`}>
            {previewText}
          </Button>
          <Button type="primary" onClick={onSave} loading={saving} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <FormProblemAlerts problem={problem} stale={{ title: staleText }} />
      {children}
      {previewError && <Alert type="error" showIcon title={previewError} />}
      {after}
    </Drawer>
  );
}
