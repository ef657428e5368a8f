/**
 * The project's approval: the engine's timeline (kit ApprovalTimeline), its buttons from the same
 * rules the server applies (the engine's `allowedActions` and the project table's
 * `projectAllows`), the submission form (approvers, cc, remark) and the remark of a decision.
 */
import { APPROVAL_MACHINE, type ApprovalAction, allowedActions } from '@bo/contract/approvals/approval-flow';
import { PROJECT_FLOW, type Project, type ProjectStateView, projectAllows } from '@bo/contract/projects/projects';
import { Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ApprovalTimeline } from '../../../shared/kit/ApprovalTimeline';
import { StateActions } from '../../../shared/kit/StateTag';
import { useApprovalAct, useCommitProject, usePeople, useTimeline } from '../projects.queries';

export function ApprovalPanel({ project, state, meId }: { project: Project; state: ProjectStateView; meId: number }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const timeline = useTimeline(project.id);
  const people = usePeople().data ?? [];
  const commit = useCommitProject();
  const act = useApprovalAct();
  const [submitting, setSubmitting] = useState(false);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [submitForm] = Form.useForm<{ approverIds: number[]; ccIds: number[]; remark?: string }>();
  const [decideForm] = Form.useForm<{ remark?: string }>();
  const names = new Map([...people.map((p) => [p.id, p.name] as const), ...project.people.map((p) => [p.id, p.name] as const)]);
  const options = people.filter((p) => p.id !== project.owner.id).map((p) => ({ value: p.id, label: p.name }));
  const roles = project.myRoles;
  const allowed = (a: ApprovalAction) =>
    allowedActions(project.approval, meId).includes(a) && projectAllows(state, a === 'submit' ? 'commit' : a, roles);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      notify.success(done);
      return true;
    } catch (err) {
      notify.error(errorText(err, lang));
      return false;
    }
  };
  const onAction = (a: ApprovalAction) => {
    if (a === 'submit') setSubmitting(true);
    else if (a === 'withdraw')
      void run(
        () => act.mutateAsync({ id: project.id, approvalVersion: project.approval.version, action: 'withdraw' }),
        t('projects.acted'),
      );
    else setDeciding(a);
  };
  const submit = async () => {
    const v = await submitForm.validateFields();
    const ok = await run(
      () =>
        commit.mutateAsync({
          id: project.id,
          version: project.version,
          approverIds: v.approverIds ?? [],
          ccIds: v.ccIds ?? [],
          ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
        }),
      t('projects.submitted'),
    );
    if (ok) setSubmitting(false);
  };
  const decide = async () => {
    if (!deciding) return;
    const v = await decideForm.validateFields();
    const ok = await run(
      () =>
        act.mutateAsync({
          id: project.id,
          approvalVersion: project.approval.version,
          action: deciding,
          ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
        }),
      t('projects.approvalDone'),
    );
    if (ok) {
      setDeciding(null);
      decideForm.resetFields();
    }
  };

  return (
    <Flex vertical gap={12} data-testid="project-approval">
      <StateActions
        machine={APPROVAL_MACHINE}
        state={project.approval.status}
        allow={allowed}
        onAction={onAction}
        busy={commit.isPending || act.isPending ? (deciding ?? 'submit') : null}
        testIdPrefix="approval"
      />
      <ApprovalTimeline flow={PROJECT_FLOW} entries={timeline.data ?? []} nameOf={(id) => names.get(id)} />
      <Modal
        open={submitting}
        title={t('projects.submitTitle')}
        onCancel={() => setSubmitting(false)}
        onOk={() => void submit()}
        confirmLoading={commit.isPending}
        okButtonProps={{ 'data-testid': 'commit-save' } as never}
        destroyOnHidden
      >
        <Form form={submitForm} layout="vertical">
          <Form.Item name="approverIds" label={t('projects.field.approvers')} extra={t('projects.approversNone')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} data-testid="commit-approvers" />
          </Form.Item>
          <Form.Item name="ccIds" label={t('projects.field.cc')}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} />
          </Form.Item>
          <Form.Item name="remark" label={t('projects.field.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={deciding !== null}
        title={deciding === 'reject' ? t('projects.rejectReason') : t('projects.approveRemark')}
        onCancel={() => setDeciding(null)}
        onOk={() => void decide()}
        confirmLoading={act.isPending}
        okButtonProps={{ danger: deciding === 'reject', 'data-testid': 'decide-save' } as never}
        destroyOnHidden
      >
        <Form form={decideForm} layout="vertical">
          <Form.Item
            name="remark"
            rules={[{ required: deciding === 'reject', whitespace: true }, { max: 500 }]}
            label={<Typography.Text>{t('projects.field.remark')}</Typography.Text>}
          >
            <Input.TextArea rows={3} data-testid="decide-remark" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
