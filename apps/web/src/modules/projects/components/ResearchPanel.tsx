/**
 * A development project's gate review and documents. The review (department leaders and the
 * administrator, while it runs: the contract's `gateReview` row) passes the gate, which moves the
 * project on a stage, or fails it with a reason. Documents go to the file store (type judged by
 * content, 100 MB) and are downloaded through the project.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { projects as ep } from '@bo/contract';
import type { Project, ProjectFile } from '@bo/contract/projects/projects';
import { Button, Card, Flex, List, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatBytes, formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { saveProjectFile, useGateReview, useProjectFiles, useUploadProjectFile } from '../projects.queries';
import { useRun } from './panel-parts';

interface Review {
  decision: 'pass' | 'fail';
}
interface Values {
  decision: 'pass' | 'fail';
  remark: string;
}

export function ResearchPanel({ project, canReview, canWork }: { project: Project; canReview: boolean; canWork: boolean }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const files = useProjectFiles(project.id);
  const upload = useUploadProjectFile();
  const review = useGateReview();
  const [editor, setEditor] = useState<Editor<Review> | null>(null);

  const run = useRun();

  return (
    <Flex vertical gap={12} data-testid="project-research">
      <Card size="small" title={t('projects.research.gate', { stage: project.stage })}>
        {canReview ? (
          <Space>
            <Button
              type="primary"
              onClick={() => setEditor({ mode: 'edit', record: { decision: 'pass' } })}
              data-testid="gate-pass"
            >
              {t('projects.research.pass')}
            </Button>
            <Button danger onClick={() => setEditor({ mode: 'edit', record: { decision: 'fail' } })} data-testid="gate-fail">
              {t('projects.research.fail')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('projects.research.whoReviews')}</Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={t('projects.research.documents')}
        extra={
          canWork && (
            <Upload
              showUploadList={false}
              beforeUpload={(file) => {
                void run(
                  () => upload.mutateAsync({ projectId: project.id, file }),
                  t('projects.research.uploaded', { name: file.name }),
                );
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} loading={upload.isPending} data-testid="research-upload">
                {t('projects.research.upload')}
              </Button>
            </Upload>
          )
        }
      >
        <List<ProjectFile>
          size="small"
          loading={files.isLoading}
          dataSource={files.data ?? []}
          locale={{ emptyText: t('projects.research.none') }}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button
                  key="download"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void saveProjectFile(project.id, f.id).catch((err) => notify.error(errorText(err, lang)))}
                  data-testid={`research-download-${f.id}`}
                >
                  {t('projects.research.download')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={f.name}
                description={`${formatBytes(f.size)} · ${f.uploadedBy.name} · ${formatDateTime(f.at)}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <EditDrawer<Review, Values, Project>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode !== 'create' && e.record.decision === 'fail' ? t('projects.research.fail') : t('projects.research.pass')
        }
        schema={ep.gateReview.body}
        fields={[
          {
            name: 'decision',
            label: t('projects.research.decision'),
            input: 'radio',
            options: [
              { value: 'pass', label: t('projects.research.pass') },
              { value: 'fail', label: t('projects.research.fail') },
            ],
          },
          { name: 'remark', label: t('projects.field.remark'), input: 'textarea', testId: 'gate-remark' },
        ]}
        initialValues={(e) => ({ decision: e.mode === 'create' ? 'pass' : e.record.decision, remark: '' })}
        onSubmit={(v) =>
          review.mutateAsync({ id: project.id, version: project.version, decision: v.decision, remark: v.remark?.trim() ?? '' })
        }
        savedText={() => t('projects.research.reviewed')}
        onSaved={() => setEditor(null)}
        width={480}
        testId="gate-form"
        saveTestId="gate-save"
      />
    </Flex>
  );
}
