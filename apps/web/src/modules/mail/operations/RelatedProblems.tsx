import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { useRelatedProblems, useRelatedProblemWrites } from './operations.queries';
import { problemPickerData } from './ops-view';

/** The related problems of a dialogue: linked problem-tree nodes as tags, a tree picker to link more. */
export function RelatedProblems({ dialogueId }: { dialogueId: number }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const q = useRelatedProblems(dialogueId);
  const { add, remove } = useRelatedProblemWrites(dialogueId);
  const [picked, setPicked] = useState<number[]>([]);
  const linked = useMemo(() => new Set((q.data?.problems ?? []).map((p) => p.nodeId)), [q.data]);
  const treeData = useMemo(() => problemPickerData(q.data?.options ?? [], lang, linked), [q.data, lang, linked]);
  const problems = q.data?.problems ?? [];

  const link = () =>
    add.mutate(picked, {
      onSuccess: () => {
        setPicked([]);
        notify.success(t('mail.problems.added'));
      },
      onError: (e) => notify.error(errorText(e, lang)),
    });

  return (
    <Flex vertical gap={6} data-testid="mail-related-problems">
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('mail.problems.title')}:</Typography.Text>
        {problems.length === 0 && <Typography.Text type="secondary">{t('mail.problems.none')}</Typography.Text>}
        {problems.map((p) => (
          <Tag
            key={p.nodeId}
            closable
            color={p.enabled ? 'geekblue' : 'default'}
            onClose={(e) => {
              e.preventDefault();
              remove.mutate(p.nodeId, {
                onSuccess: () => notify.success(t('mail.problems.removed')),
                onError: notify.failure,
              });
            }}
            data-testid="mail-related-problem"
          >
            {(lang === 'en-US' ? p.pathEn : p.path).join(' / ')}
            {!p.enabled && ` (${t('mail.problems.disabled')})`}
          </Tag>
        ))}
      </Space>
      <Space.Compact style={{ maxWidth: 520 }}>
        <TreeSelect<number[]>
          multiple
          treeDefaultExpandAll
          size="small"
          style={{ minWidth: 320 }}
          value={picked}
          onChange={(v) => setPicked(v)}
          treeData={treeData}
          placeholder={t('mail.problems.pick')}
          notFoundContent={t('mail.problems.noTree')}
          showSearch
          treeNodeFilterProp="title"
          data-testid="mail-problem-picker"
        />
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={picked.length === 0}
          loading={add.isPending}
          onClick={link}
          data-testid="mail-problem-add"
        >
          {t('mail.problems.add')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
