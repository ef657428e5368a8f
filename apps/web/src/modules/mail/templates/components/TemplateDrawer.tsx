import type { TemplateRow } from '@bo/contract/mail/templates';
import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useTemplateContent } from '../mail-templates.queries';
import { TemplateForm } from './TemplateForm';

export type TemplateEditor = { mode: 'create' } | { mode: 'edit'; row: TemplateRow };

interface Props {
  kind: 'reply' | 'faq';
  editor: TemplateEditor | null;
  onClose: () => void;
}

/** Create or edit in a drawer; an edit first loads the body (the list carries none). */
export function TemplateDrawer({ kind, editor, onClose }: Props) {
  const { t } = useTranslation();
  const row = editor?.mode === 'edit' ? editor.row : null;
  const content = useTemplateContent(row?.templateId ?? null);

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
      title={row ? t('mailTemplates.editTitle', { name: row.name }) : t('mailTemplates.createTitle')}
      data-testid="template-drawer"
    >
      {editor?.mode === 'create' && (
        <TemplateForm kind={kind} template={null} onDone={onClose} onCancel={onClose} onReload={async () => {}} />
      )}
      {row && (
        <QueryStates pending={content.isPending} error={content.error} onRetry={() => void content.refetch()}>
          {content.data ? (
            <TemplateForm
              key={`${content.data.templateId}:${content.data.version}`}
              kind={kind}
              template={content.data}
              onDone={onClose}
              onCancel={onClose}
              onReload={async () => {
                await content.refetch();
              }}
            />
          ) : (
            <Skeleton active />
          )}
        </QueryStates>
      )}
    </Drawer>
  );
}
