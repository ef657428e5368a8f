/**
 * The project's link to the external project tool's project, on its page: the id as a link
 * to the stored address, and for whoever may work on the project Link / Change / Unlink (the
 * kit's edit drawer over the contract's body; the server keeps only the id and address).
 */
import { projects as ep } from '@bo/contract';
import type { ExternalLink, Project } from '@bo/contract/projects/projects';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { useRelateProject } from '../projects.queries';

interface Values {
  externalId: string;
  url: string;
}

export function ExternalLinkField({ project: p, canWork }: { project: Project; canWork: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const relate = useRelateProject();
  const [editor, setEditor] = useState<Editor<ExternalLink> | null>(null);
  const link = p.externalLink;
  return (
    <Space size={8} wrap data-testid="project-external-link">
      {link ? (
        <Typography.Link href={link.url} target="_blank" rel="noopener noreferrer">
          {link.externalId}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{t('projectData.link.none')}</Typography.Text>
      )}
      {canWork && (
        <Button
          size="small"
          onClick={() => setEditor(link ? { mode: 'edit', record: link } : { mode: 'create' })}
          data-testid="project-external-link-edit"
        >
          {link ? t('projectData.link.change') : t('projectData.link.add')}
        </Button>
      )}
      {canWork && link && (
        <Popconfirm
          title={t('projectData.link.remove')}
          onConfirm={() =>
            void notify.run(
              () => relate.mutateAsync({ projectId: p.id, version: p.version, externalId: null }),
              t('projectData.link.removed'),
            )
          }
        >
          <Button size="small" danger data-testid="project-external-link-remove">
            {t('projectData.link.remove')}
          </Button>
        </Popconfirm>
      )}
      <EditDrawer<ExternalLink, Values, { externalLink: ExternalLink | null }>
        editor={editor}
        onClose={() => setEditor(null)}
        title={() => t('projectData.link.title')}
        schema={ep.relevanceProject.body}
        intro={() => <Typography.Paragraph type="secondary">{t('projectData.link.hint')}</Typography.Paragraph>}
        fields={[
          { name: 'externalId', label: t('projectData.link.externalId'), testId: 'external-link-id' },
          { name: 'url', label: t('projectData.link.url'), testId: 'external-link-url' },
        ]}
        initialValues={(e) => ({ externalId: e.record?.externalId ?? '', url: e.record?.url ?? '' })}
        onSubmit={(v) =>
          relate.mutateAsync({ projectId: p.id, version: p.version, externalId: v.externalId.trim(), url: v.url.trim() })
        }
        savedText={(s) => t('projectData.link.saved', { id: s.externalLink?.externalId ?? '' })}
        width={480}
        testId="external-link-form"
        saveTestId="external-link-save"
      />
    </Space>
  );
}
