import { SearchOutlined } from '@ant-design/icons';
import type { PermissionTreeNode } from '@bo/contract/access/roles';
import { Empty, Input, Space, Switch, Tag, Tree, type TreeDataNode, type TreeProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTexts } from '../../../../shared/i18n/lang';
import { allKeys, alsoOpens, builtOnly, checkState, filterTree, type TreeIndex, toggle } from '../permission-tree';

interface Props {
  tree: readonly PermissionTreeNode[];
  index: TreeIndex;
  /** Checked permission ids (a Form.Item passes them in and takes them back). */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

const TREE_HEIGHT = 440;

/**
 * The permission tree with checkboxes and a search box: groups → pages → buttons, only
 * what the signed-in user may grant. See permission-tree.ts for the checking rules.
 */
export function PermissionTreeField({ tree, index, value = [], onChange }: Props) {
  const { t, lang } = useTexts();
  const [search, setSearch] = useState('');
  // Permissions of screens not built yet are hidden unless asked for (they grant nothing today).
  const [showUnbuilt, setShowUnbuilt] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const checked = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => filterTree(showUnbuilt ? tree : builtOnly(tree), search), [tree, search, showUnbuilt]);
  const shownByKey = useMemo(() => {
    const map = new Map<string, PermissionTreeNode>();
    const walk = (n: PermissionTreeNode) => {
      map.set(n.key, n);
      for (const child of n.children) walk(child);
    };
    for (const root of shown) walk(root);
    return map;
  }, [shown]);
  const state = useMemo(() => checkState(index, checked), [index, checked]);
  const granted = useMemo(() => value.filter((id) => index.grantable.has(id)).length, [value, index]);
  const heldUnbuilt = useMemo(
    () => value.filter((id) => index.grantable.has(id) && !index.builtIds.has(id)).length,
    [value, index],
  );

  const treeData = useMemo(() => {
    const toData = (n: PermissionTreeNode): TreeDataNode => ({
      key: n.key,
      title: (
        <span data-testid={`tree-node-${n.key}`}>
          <Space size={6} wrap>
            <span>{n.title[lang]}</span>
            {n.type === 3 && <Tag variant="filled">{t('roles.tree.button')}</Tag>}
            {!n.built && (
              <Tag color="default" data-testid="tree-unbuilt">
                {t('roles.tree.unbuilt')}
              </Tag>
            )}
            {n.authPattern && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {n.authPattern}
              </Typography.Text>
            )}
          </Space>
          {n.type === 2 && alsoOpens(n, lang).length > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="tree-also-opens">
              {t('roles.tree.alsoOpens', { screens: alsoOpens(n, lang).join(lang === 'zh-CN' ? '、' : ', ') })}
            </Typography.Text>
          )}
        </span>
      ),
      children: n.children.map(toData),
    });
    return shown.map(toData);
  }, [shown, lang, t]);

  const onCheck: TreeProps['onCheck'] = (_keys, info) => {
    const node = shownByKey.get(String(info.node.key));
    if (node) onChange?.([...toggle(checked, node, info.checked, index)]);
  };

  return (
    <div data-testid="role-tree">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined className="bo-muted" />}
            placeholder={t('roles.tree.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 320 }}
            data-testid="role-tree-search"
          />
          <Space size={12}>
            <Space size={6}>
              <Switch size="small" checked={showUnbuilt} onChange={setShowUnbuilt} data-testid="role-tree-unbuilt" />
              <Typography.Text type="secondary">
                {t('roles.tree.showUnbuilt')}
                {heldUnbuilt > 0 && ` ${t('roles.tree.heldUnbuilt', { count: heldUnbuilt })}`}
              </Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {t('roles.tree.selected', { count: granted, total: index.grantable.size })}
            </Typography.Text>
          </Space>
        </Space>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.tree.noMatch')} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            height={TREE_HEIGHT}
            treeData={treeData}
            checkedKeys={state}
            onCheck={onCheck}
            expandedKeys={search.trim() ? allKeys(shown) : expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
          />
        )}
      </Space>
    </div>
  );
}
