import { ERROR_CODES, salesBasis as ep, STATUS } from '@bo/contract';
import type { SalesTeam } from '@bo/contract/sales/sales-basis';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { SaveCancel } from '../../../../shared/components/SaveCancel';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { lineOptions } from '../basis-view';
import { basisKeys, directorOptionsQuery, teamLinesQuery, useTeamMutations } from '../sales-basis.queries';
import { detailOf } from './use-basis-error';

export type TeamEditor = { mode: 'create' } | { mode: 'edit'; team: SalesTeam };
interface Values {
  name: string;
  directorId: number | null;
  productLineIds: number[];
}
const shape = ep.createTeam.body.shape;

/** Creates or edits a team: name, director (a user of the company), the product lines it owns. */
export function TeamDrawer({ editor, onClose }: { editor: TeamEditor | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const open = editor !== null;
  const users = useQuery({ ...directorOptionsQuery(), enabled: open });
  const lines = useQuery({ ...teamLinesQuery(), enabled: open });
  const { create, update } = useTeamMutations();
  const [problem, setProblem] = useState<{ stale: boolean; text: string } | null>(null);
  const teamId = editor?.mode === 'edit' ? editor.team.id : null;
  const groups = useMemo(() => lineOptions(lines.data ?? [], teamId, lang), [lines.data, teamId, lang]);

  useEffect(() => {
    if (!editor) return;
    setProblem(null);
    form.resetFields();
    form.setFieldsValue(
      editor.mode === 'edit'
        ? {
            name: editor.team.name,
            directorId: editor.team.directorId,
            productLineIds: editor.team.productLines.map((l) => l.id),
          }
        : { name: '', directorId: null, productLineIds: [] },
    );
  }, [editor, form]);

  const submit = async (v: Values) => {
    setProblem(null);
    const body = { name: v.name, directorId: v.directorId ?? null, productLineIds: v.productLineIds ?? [] };
    try {
      if (editor?.mode === 'edit')
        await update.mutateAsync({ id: editor.team.id, body: { ...body, version: editor.team.version } });
      else await create.mutateAsync(body);
      notify.success(t('salesBasis.teams.saved', { name: v.name }));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) setProblem({ stale: true, text: t('salesBasis.stale') });
      else if (isApiError(err) && err.status === STATUS.CONFLICT && err.fields[0]?.path === 'name')
        form.setFields([{ name: 'name', errors: [t('salesBasis.teams.nameTaken')] }]);
      else if (isApiError(err) && err.status === STATUS.CONFLICT) {
        // Someone else took a line meanwhile: show who, and refresh the owners in the picker.
        form.setFields([
          { name: 'productLineIds', errors: [t('salesBasis.teams.lineTaken', { detail: detailOf(err.message) })] },
        ]);
        void client.invalidateQueries({ queryKey: basisKeys.lines() });
      } else if (!applyFieldErrors(form, err, lang, ['name', 'directorId', 'productLineIds']))
        setProblem({ stale: false, text: errorText(err, lang) });
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title={editor?.mode === 'edit' ? t('salesBasis.teams.edit') : t('salesBasis.teams.create')}
      destroyOnHidden
      extra={
        <SaveCancel
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={create.isPending || update.isPending}
          testId="team-save"
        />
      }
      data-testid="team-drawer"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="team-form">
        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem.text}
            className="bo-form-alert"
            action={
              problem.stale ? (
                <Button
                  size="small"
                  onClick={() => {
                    void client.invalidateQueries({ queryKey: basisKeys.teams() });
                    onClose();
                  }}
                >
                  {t('salesBasis.closeAndReload')}
                </Button>
              ) : undefined
            }
          />
        )}
        <Form.Item name="name" label={t('salesBasis.teams.name')} rules={[zodRule(shape.name, lang)]}>
          <Input maxLength={64} data-testid="team-name" />
        </Form.Item>
        <Form.Item name="directorId" label={t('salesBasis.teams.director')} extra={t('salesBasis.teams.directorHint')}>
          <Select<number>
            allowClear
            showSearch
            loading={users.isPending}
            optionFilterProp="search"
            placeholder={t('salesBasis.teams.noDirector')}
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label: `${u.userName} (${u.loginName})`,
              search: `${u.userName} ${u.loginName}`,
            }))}
            data-testid="team-director"
          />
        </Form.Item>
        <Form.Item name="productLineIds" label={t('salesBasis.teams.lines')} extra={t('salesBasis.teams.linesHint')}>
          <Select<number[]>
            mode="multiple"
            loading={lines.isPending}
            optionFilterProp="search"
            options={groups.map((g) => ({
              label: g.label,
              title: g.label,
              options: g.options.map((o) => ({
                value: o.value,
                search: o.search,
                disabled: o.disabled,
                label: o.ownerName ? (
                  <span>
                    {o.label} <Typography.Text type="secondary">· {o.ownerName}</Typography.Text>
                  </span>
                ) : (
                  o.label
                ),
              })),
            }))}
            data-testid="team-lines"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
