/**
 * A project's nodes and bonuses: each stage gate with its plan day, bonus and the day it was
 * reached (overdue in red), what is planned and earned, and the result bonus. Planning (day,
 * bonus) needs `edit`, reporting a node reached `reportNode`: the contract's table, as the server.
 */
import { projects as ep } from '@bo/contract';
import type { NodeKey, Project, ProjectNode } from '@bo/contract/projects/projects';
import { Button, Card, Descriptions, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { useNodeBonus, useNodeReport, useResultBonus } from '../projects.queries';
import { DayInput } from './DayInput';

/** The row a node's form edits: a stage gate, or RESULT. */
interface NodeRecord {
  node: NodeKey;
  planDate: string | null;
  bonus: number;
  reachedDate: string | null;
  remark: string;
  version: number;
}
interface Values {
  planDate: string | null;
  bonus: number;
  reachedDate: string | null;
  remark: string;
}

export function NodesPanel({ project, canPlan, canReport }: { project: Project; canPlan: boolean; canReport: boolean }) {
  const { t } = useTranslation();
  const nodes = useNodeBonus(project.id);
  const result = useResultBonus(project.id);
  const report = useNodeReport();
  const [editor, setEditor] = useState<Editor<NodeRecord> | null>(null);
  const none = t('projects.none');
  const money = (v: number) => formatAmount(v);
  const r = result.data;

  return (
    <Flex vertical gap={12} data-testid="project-nodes">
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('projects.node.planned')}>{money(nodes.data?.planned ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t('projects.node.earned')}>
          <span data-testid="node-earned">{money(nodes.data?.earned ?? 0)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.field.NODE_BONUS_TIME')}>{nodes.data?.issueDate ?? none}</Descriptions.Item>
      </Descriptions>
      <Table<ProjectNode>
        rowKey="stage"
        size="small"
        loading={nodes.isLoading}
        dataSource={nodes.data?.nodes ?? []}
        pagination={false}
        columns={[
          { key: 'stage', width: 70, title: t('projects.field.stage'), render: (_, n) => n.stage },
          {
            key: 'plan',
            width: 150,
            title: t('projects.node.planDate'),
            render: (_, n) => (
              <Flex gap={4}>
                {n.planDate ?? none}
                {n.overdue && <Tag color="red">{t('projects.todo.overdue')}</Tag>}
              </Flex>
            ),
          },
          { key: 'bonus', width: 120, align: 'right', title: t('projects.node.bonus'), render: (_, n) => money(n.bonus) },
          {
            key: 'reached',
            width: 120,
            title: t('projects.node.reachedDate'),
            render: (_, n) => <span data-testid={`node-reached-${n.stage}`}>{n.reachedDate ?? none}</span>,
          },
          { key: 'earned', width: 120, align: 'right', title: t('projects.node.earned'), render: (_, n) => money(n.earned) },
          { key: 'remark', ellipsis: true, title: t('projects.field.remark'), render: (_, n) => n.remark || none },
          { key: 'by', width: 130, title: t('projects.node.by'), render: (_, n) => n.reportedBy?.name ?? none },
          {
            key: 'edit',
            width: 90,
            render: (_, n) =>
              (canPlan || canReport) && (
                <Button
                  size="small"
                  onClick={() => setEditor({ mode: 'edit', record: { ...n, node: n.stage } })}
                  data-testid={`node-edit-${n.stage}`}
                >
                  {t('projects.edit')}
                </Button>
              ),
          },
        ]}
      />
      <Card
        size="small"
        title={t('projects.node.result')}
        extra={
          canPlan &&
          r && (
            <Button
              size="small"
              onClick={() =>
                setEditor({
                  mode: 'edit',
                  record: {
                    node: 'RESULT',
                    planDate: null,
                    bonus: r.planned,
                    reachedDate: null,
                    remark: r.remark,
                    version: r.version,
                  },
                })
              }
              data-testid="node-edit-RESULT"
            >
              {t('projects.edit')}
            </Button>
          )
        }
      >
        {r && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('projects.node.planned')}>{money(r.planned)}</Descriptions.Item>
            <Descriptions.Item label={t('projects.node.earned')}>{money(r.earned)}</Descriptions.Item>
            <Descriptions.Item label={t('projects.node.state')}>
              <Tag color={r.state === 'earned' ? 'green' : r.state === 'forfeited' ? 'default' : 'blue'}>
                {t(`projects.node.states.${r.state}`)}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <EditDrawer<NodeRecord, Values, unknown>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => t('projects.node.editTitle', { node: e.mode === 'create' ? '' : e.record.node })}
        schema={ep.nodeReportBody}
        fields={(e) => {
          const result = e.mode !== 'create' && e.record.node === 'RESULT';
          return [
            ...(result
              ? []
              : [
                  {
                    name: 'planDate' as const,
                    label: t('projects.node.planDate'),
                    input: <DayInput />,
                    span: 12,
                    disabled: !canPlan,
                  },
                ]),
            {
              name: 'bonus',
              label: t('projects.node.bonus'),
              input: 'number',
              precision: 2,
              span: 12,
              disabled: !canPlan,
              testId: 'node-bonus',
            },
            ...(result
              ? []
              : [
                  {
                    name: 'reachedDate' as const,
                    label: t('projects.node.reachedDate'),
                    input: <DayInput testId="node-reached" />,
                    span: 12,
                    disabled: !canReport,
                  },
                ]),
            { name: 'remark', label: t('projects.field.remark'), input: 'textarea', disabled: !canReport && !canPlan },
          ];
        }}
        initialValues={(e) =>
          e.mode === 'create'
            ? {}
            : { planDate: e.record.planDate, bonus: e.record.bonus, reachedDate: e.record.reachedDate, remark: e.record.remark }
        }
        onSubmit={(v, e) => {
          if (e.mode === 'create') throw new Error('a node is always edited');
          return report.mutateAsync({
            projectId: project.id,
            node: e.record.node,
            version: e.record.version,
            planDate: e.record.node === 'RESULT' ? null : (v.planDate ?? null),
            bonus: v.bonus ?? 0,
            reachedDate: e.record.node === 'RESULT' ? null : (v.reachedDate ?? null),
            remark: v.remark?.trim() ?? '',
          });
        }}
        savedText={() => t('projects.node.saved')}
        onSaved={() => setEditor(null)}
        width={520}
        testId="node-form"
        saveTestId="node-save"
      />
    </Flex>
  );
}
