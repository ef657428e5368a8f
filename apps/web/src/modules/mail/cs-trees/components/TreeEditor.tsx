import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TreeKind, TreeNode } from '@bo/contract/mail/cs-trees';
import { Button, Card, Empty, Input, Popconfirm, Space, Tag, Tooltip, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Can, useCan } from '../../../../shared/Can';
import { ScreenHead } from '../../../../shared/components/PageHead';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { useTexts } from '../../../../shared/i18n/lang';
import { AddButton } from '../../../../shared/kit/AddButton';
import type { Editor } from '../../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../../shared/kit/HistoryDrawer';
import { useDeleteNode, useMoveNode, useTree } from '../cs-trees.queries';
import { buildTree, dropTarget, type ViewNode } from '../tree-view';
import { MoveModal } from './MoveModal';
import { NodeDrawer } from './NodeDrawer';

/** /problemTree and /demandTree: the tree with add, edit, move (drag or dialog), disable and delete. */
export function TreeEditor({ kind }: { kind: TreeKind }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const tree = useTree(kind);
  const remove = useDeleteNode(kind);
  const move = useMoveNode(kind);
  const [editor, setEditor] = useState<Editor<TreeNode> | null>(null);
  // The parent a new node goes under (null: top level).
  const [parent, setParent] = useState<TreeNode | null>(null);
  const [history, setHistory] = useState<TreeNode | null>(null);
  const [moving, setMoving] = useState<TreeNode | null>(null);
  const [search, setSearch] = useState('');
  // Every node starts expanded, new ones too (a child added under a leaf shows at once); the user collapses.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const nodes = tree.data ?? [];
  const data = useMemo(() => buildTree(nodes), [nodes]);
  const mayEdit = can('userCenter:cs:configuration:edit');

  const addUnder = (n: TreeNode | null) => {
    setParent(n);
    setEditor({ mode: 'create' });
  };
  // A parent as its name (a deleted one as its id), a flag as the tree's words, a position from 1.
  const historyValue = (field: string, value: unknown) => {
    if (field === 'parentId')
      return value === null ? t('csTrees.root') : (nodes.find((n) => n.id === value)?.name ?? `#${String(value)}`);
    if (field === 'enabled') return value ? t('csTrees.field.enabled') : t('csTrees.disabled');
    if (field === 'sort' && typeof value === 'number') return String(value + 1);
    return undefined;
  };

  const del = (n: TreeNode) => notify.run(() => remove.mutateAsync(n.id), t('csTrees.deleted', { name: n.name }));

  const title = (v: ViewNode) => {
    const n = v.node;
    const hit = search && `${n.name} ${n.nameEn}`.toLowerCase().includes(search.toLowerCase());
    // The name in the reader's language first, the other one beside it in grey.
    const [first, second] = lang === 'en-US' && n.nameEn ? [n.nameEn, n.name] : [n.name, n.nameEn];
    return (
      <Space size={6} data-testid={`tree-node-${n.name}`}>
        <Typography.Text mark={Boolean(hit)} type={n.enabled ? undefined : 'secondary'}>
          {first}
        </Typography.Text>
        {second && second !== first && <Typography.Text type="secondary">{second}</Typography.Text>}
        {!n.enabled && <Tag>{t('csTrees.disabled')}</Tag>}
        <Can permission="userCenter:cs:configuration:create">
          <Tooltip title={t('csTrees.addChild')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => addUnder(n)}
              data-testid={`tree-add-${n.name}`}
            />
          </Tooltip>
        </Can>
        <Can permission="userCenter:cs:configuration:edit">
          <Tooltip title={t('csTrees.rename')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditor({ mode: 'edit', record: n })}
              data-testid={`tree-edit-${n.name}`}
            />
          </Tooltip>
          <Tooltip title={t('csTrees.move')}>
            <Button
              type="text"
              size="small"
              icon={<DragOutlined />}
              onClick={() => setMoving(n)}
              data-testid={`tree-move-${n.name}`}
            />
          </Tooltip>
        </Can>
        <Can permission="userCenter:cs:configuration:delete">
          {n.childCount > 0 ? (
            <Tooltip title={t('csTrees.hasChildren')}>
              <Button type="text" size="small" danger disabled icon={<DeleteOutlined />} />
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('csTrees.confirmDelete', { name: n.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'tree-delete-confirm' }}
              onConfirm={() => del(n)}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid={`tree-delete-${n.name}`} />
            </Popconfirm>
          )}
        </Can>
      </Space>
    );
  };

  return (
    <div className="bo-page" data-testid={`page-tree-${kind}`}>
      <ScreenHead title={t(`csTrees.${kind}.title`)} subtitle={t(`csTrees.${kind}.subtitle`)} />
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Input.Search
            allowClear
            placeholder={t('csTrees.search')}
            onChange={(e) => setSearch(e.target.value.trim())}
            style={{ width: 240 }}
          />
          <AddButton permission="userCenter:cs:configuration:create" onClick={() => addUnder(null)} testId="tree-add-root">
            {t('csTrees.addRoot')}
          </AddButton>
        </Space>
        <QueryStates pending={tree.isPending} error={tree.error} onRetry={() => void tree.refetch()}>
          {data.length === 0 ? (
            <Empty description={t('csTrees.empty')} />
          ) : (
            <Tree<ViewNode>
              blockNode
              expandedKeys={nodes.filter((n) => n.childCount > 0 && !collapsed.has(n.id)).map((n) => n.id)}
              onExpand={(_keys, info) => {
                const id = Number(info.node.key);
                setCollapsed((prev) => {
                  const next = new Set(prev);
                  if (info.expanded) next.delete(id);
                  else next.add(id);
                  return next;
                });
              }}
              draggable={mayEdit ? { icon: false } : false}
              treeData={data}
              titleRender={title}
              selectable={false}
              onDrop={(info) => {
                const drag = nodes.find((n) => n.id === Number(info.dragNode.key));
                if (!drag) return;
                const pos = String(info.node.pos).split('-');
                const side = info.dropPosition - Number(pos[pos.length - 1]) < 0 ? -1 : 1;
                const to = dropTarget(nodes, drag.id, Number(info.node.key), info.dropToGap, side);
                move.mutate(
                  { id: drag.id, version: drag.version, ...to },
                  {
                    onSuccess: () => notify.success(t('csTrees.moved', { name: drag.name })),
                    onError: notify.failure,
                  },
                );
              }}
              data-testid="tree"
            />
          )}
        </QueryStates>
      </Card>
      <NodeDrawer
        kind={kind}
        editor={editor}
        parent={parent}
        onClose={() => setEditor(null)}
        onReloaded={(n) => setEditor({ mode: 'edit', record: n })}
        onHistory={setHistory}
      />
      <HistoryDrawer
        entity={`cs_tree_${kind}`}
        entityId={history?.id ?? null}
        name={history?.name ?? ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          name: t('csTrees.field.name'),
          nameEn: t('csTrees.field.nameEn'),
          enabled: t('csTrees.field.enabled'),
          parentId: t('csTrees.field.parent'),
          sort: t('csTrees.field.sort'),
        }}
        formatValue={historyValue}
      />
      {moving && <MoveModal kind={kind} node={moving} nodes={nodes} onClose={() => setMoving(null)} />}
    </div>
  );
}
