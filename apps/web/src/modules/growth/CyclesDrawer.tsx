/** The review cycles (HR and the administrator): each with its progress per state, close (CYCLE_MACHINE), open a new one. */
import { PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/growth/performance';
import { quarterOf } from '@bo/contract/okr/okr';
import { Button, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { actionsColumn, FitTable } from '../../shared/table/FitTable';
import { useCloseCycle, useCycles, useOpenCycle } from './growth.queries';

export function CyclesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const cycles = useCycles();
  const openCycle = useOpenCycle();
  const close = useCloseCycle();
  const [editor, setEditor] = useState<Editor<ep.Cycle> | null>(null);
  return (
    <Drawer open={open} onClose={onClose} size={720} title={t('growth.cycles.title')} data-testid="growth-cycles-drawer">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditor({ mode: 'create' })}
          data-testid="growth-cycle-open"
        >
          {t('growth.cycles.open')}
        </Button>
        <QueryStates pending={cycles.isPending} error={cycles.error} onRetry={() => void cycles.refetch()}>
          <FitTable<ep.Cycle>
            tableId="growth.cycles"
            rowKey="id"
            dataSource={cycles.data?.list ?? []}
            pagination={false}
            locale={{ emptyText: t('growth.cycles.empty') }}
            columns={[
              { key: 'quarter', priority: 'key', width: 90, title: t('growth.cycles.quarter'), render: (_, c) => c.quarter },
              {
                key: 'state',
                priority: 'key',
                width: 90,
                title: t('growth.reviews.column.state'),
                render: (_, c) => <StateTag machine={ep.CYCLE_MACHINE} state={c.state} />,
              },
              { key: 'reviews', priority: 'key', width: 70, title: t('growth.cycles.reviews'), render: (_, c) => c.reviews },
              {
                key: 'progress',
                priority: 'key',
                width: 220,
                title: t('growth.cycles.progress'),
                render: (_, c) => (
                  <Space size={4} wrap>
                    {ep.REVIEW_STATES.map((s) => (
                      <Typography.Text key={s} type="secondary">
                        <StateTag machine={ep.REVIEW_MACHINE} state={s} /> {c.byState[s]}
                      </Typography.Text>
                    ))}
                  </Space>
                ),
              },
              {
                key: 'openedBy',
                priority: 'detail',
                width: 160,
                title: t('growth.cycles.openedBy'),
                render: (_, c) => `${c.openedBy ?? '—'} · ${formatDateTime(c.openedAt)}`,
              },
              actionsColumn(
                t,
                110,
                (_, c) => (
                  <StateActions
                    machine={ep.CYCLE_MACHINE}
                    state={c.state}
                    busy={close.isPending && close.variables?.id === c.id ? 'close' : null}
                    onAction={() =>
                      void notify.run(
                        () => close.mutateAsync({ id: c.id, version: c.version }),
                        t('growth.cycles.closed', { quarter: c.quarter }),
                      )
                    }
                    testIdPrefix={`growth-cycle-${c.id}`}
                  />
                ),
                { fixed: undefined },
              ),
            ]}
          />
        </QueryStates>
      </Space>
      <EditDrawer<ep.Cycle, { quarter: string }, ep.Cycle>
        editor={editor}
        onClose={() => setEditor(null)}
        title={() => t('growth.cycles.openTitle')}
        schema={ep.openCycleBody}
        fields={[
          {
            name: 'quarter',
            input: 'text',
            label: t('growth.cycles.quarter'),
            extra: t('growth.cycles.quarterHint'),
            testId: 'growth-cycle-quarter',
          },
        ]}
        initialValues={() => ({ quarter: quarterOf(new Date().toISOString().slice(0, 10)) })}
        onSubmit={(v) => openCycle.mutateAsync(v.quarter)}
        savedText={(c) => t('growth.cycles.opened', { quarter: c.quarter, count: c.reviews })}
        testId="growth-cycle-form"
        saveTestId="growth-cycle-save"
      />
    </Drawer>
  );
}
