/** Small parts the project page's panels share: the add button above a panel, and an action run with its message. */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';

/** "Add …" above a panel, for those who may add. */
export function AddButton({
  show,
  label,
  onClick,
  testId,
}: {
  show: boolean;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  if (!show) return null;
  return (
    <div>
      <Button icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </div>
  );
}

/** Runs a write: its success message (by default "Project updated"), or the server's refusal in the caller's language. */
export function useRun() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  return async (fn: () => Promise<unknown>, done: string = t('projects.acted')) => {
    try {
      await fn();
      notify.success(done);
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
}
