/**
 * The actions under an import's preview on the cost and ad import screens: "write the good
 * rows only" when there are errors, Commit after a confirmation, and Discard — each shown
 * only when the import allows it (importActions).
 */
import { Button, Checkbox, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { importActions } from '../import-rules';
import { type ImportPreview, useImportActions } from '../imports.queries';
import { DiscardImportButton } from './DiscardImportButton';

export function ImportCommitBar({
  data,
  onCommitted,
  confirmTitle,
  testIdPrefix,
}: {
  data: ImportPreview;
  onCommitted: () => void;
  confirmTitle: string;
  /** e.g. "cost-import": the bar's test ids are `${prefix}-skip-errors` and `${prefix}-commit`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { commit } = useImportActions();
  const [skip, setSkip] = useState(false);
  const may = importActions(data);
  if (!may.commit && !may.discard) return null;
  return (
    <Space wrap>
      {may.commit && data.errorCount > 0 && (
        <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid={`${testIdPrefix}-skip-errors`}>
          {t('imports.skipErrors', { count: data.errorCount })}
        </Checkbox>
      )}
      {may.commit && (
        <Popconfirm
          title={confirmTitle}
          onConfirm={() =>
            commit.mutate(
              { id: data.id, skipErrorRows: skip },
              {
                onSuccess: () => {
                  notify.success(t('imports.committed'));
                  onCommitted();
                },
              },
            )
          }
        >
          <Button
            type="primary"
            disabled={(data.errorCount > 0 && !skip) || data.rowCount === 0}
            loading={commit.isPending}
            data-testid={`${testIdPrefix}-commit`}
          >
            {t('imports.commit')}
          </Button>
        </Popconfirm>
      )}
      {may.discard && <DiscardImportButton id={data.id} />}
    </Space>
  );
}
