import { mailCsTrees as ep } from '@bo/contract';
import type { TreeKind, TreeNode } from '@bo/contract/mail/cs-trees';
import { useTranslation } from 'react-i18next';
import { EditDrawer, type Editor } from '../../../../shared/kit/EditDrawer';
import { useCreateNode, useFetchNode, useUpdateNode } from '../cs-trees.queries';

interface Values {
  name: string;
  nameEn: string;
  enabled: boolean;
}

/**
 * Adds a node under `parent` (null: a top-level node), or renames / enables / disables one.
 * A sibling with the same name lands on the name field; a stale version offers Reload.
 */
export function NodeDrawer({
  kind,
  editor,
  parent,
  onClose,
  onReloaded,
  onHistory,
}: {
  kind: TreeKind;
  editor: Editor<TreeNode> | null;
  parent: TreeNode | null;
  onClose: () => void;
  onReloaded: (node: TreeNode) => void;
  onHistory: (node: TreeNode) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateNode(kind);
  const update = useUpdateNode(kind);
  const fetchNode = useFetchNode(kind);

  return (
    <EditDrawer<TreeNode, Values, TreeNode>
      editor={editor}
      onClose={onClose}
      title={(e) =>
        e.mode === 'edit'
          ? t('csTrees.editTitle')
          : parent
            ? t('csTrees.createChildTitle', { parent: parent.name })
            : t('csTrees.createTitle')
      }
      schema={ep.createTreeNode.body}
      updateSchema={ep.updateTreeNode.body}
      fields={[
        { name: 'name', label: t('csTrees.field.name'), testId: 'tree-node-name' },
        { name: 'nameEn', label: t('csTrees.field.nameEn'), testId: 'tree-node-name-en' },
        { name: 'enabled', label: t('csTrees.field.enabled'), hiddenIn: ['create'], testId: 'tree-node-enabled' },
      ]}
      initialValues={(e) => {
        const n = e.mode === 'edit' ? e.record : null;
        return { name: n?.name ?? '', nameEn: n?.nameEn ?? '', enabled: n?.enabled ?? true };
      }}
      onSubmit={(v, e) => {
        const names = { name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '' };
        return e.mode === 'edit'
          ? update.mutateAsync({ ...names, id: e.record.id, version: e.record.version, enabled: v.enabled })
          : create.mutateAsync({ ...names, parentId: parent?.id ?? null });
      }}
      savedText={(saved, e) => t(e.mode === 'edit' ? 'csTrees.saved' : 'csTrees.created', { name: saved.name })}
      reload={(n) => fetchNode(n.id)}
      onReloaded={onReloaded}
      history={{ open: onHistory, testId: 'tree-node-history' }}
      testId="tree-node-form"
      saveTestId="tree-node-save"
    />
  );
}
