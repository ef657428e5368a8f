import type { TreeKind, TreeNode } from '@bo/contract/mail/cs-trees';
import { Modal, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useMoveNode } from '../cs-trees.queries';
import { buildTree, subtreeIds, type ViewNode } from '../tree-view';

const ROOT = 0;

/** Moves a node under another parent (last among its children), without dragging. */
export function MoveModal({
  kind,
  node,
  nodes,
  onClose,
}: {
  kind: TreeKind;
  node: TreeNode;
  nodes: readonly TreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const move = useMoveNode(kind);
  const [parent, setParent] = useState<number>(node.parentId ?? ROOT);
  const blocked = useMemo(() => subtreeIds(nodes, node.id), [nodes, node.id]);
  type Option = { value: number; title: string; disabled?: boolean; children: Option[] };
  const toData = (list: ViewNode[]): Option[] =>
    list.map((v) => ({ value: v.key, title: v.node.name, disabled: blocked.has(v.key), children: toData(v.children) }));
  const treeData: Option[] = [{ value: ROOT, title: t('csTrees.root'), children: toData(buildTree(nodes)) }];

  const submit = async () => {
    const parentId = parent === ROOT ? null : parent;
    const index = nodes.filter((n) => n.parentId === parentId && n.id !== node.id).length;
    try {
      await move.mutateAsync({ id: node.id, version: node.version, parentId, index });
      notify.success(t('csTrees.moved', { name: node.name }));
      onClose();
    } catch (err) {
      notify.failure(err);
    }
  };

  return (
    <Modal
      open
      title={t('csTrees.moveTitle', { name: node.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={move.isPending}
      okButtonProps={{ 'data-testid': 'tree-move-save' }}
    >
      <TreeSelect<number>
        style={{ width: '100%' }}
        value={parent}
        onChange={setParent}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        data-testid="tree-move-parent"
      />
    </Modal>
  );
}
