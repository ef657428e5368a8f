/**
 * Problem and demand trees (/problemTree, /demandTree): the customer-service taxonomy
 * that a mail's "related problems" point at. Nodes are added under a parent, renamed,
 * moved (never under themselves), disabled (kept for history, no longer offered) and
 * deleted only while unused (no child). Edits carry the node's version (409 when stale).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['mail taxonomy'];
const API = 'email/rest/v1/cs-trees/{kind}';

export const TREE_KINDS = ['problem', 'demand'] as const;
export type TreeKind = (typeof TREE_KINDS)[number];
export const TREE_MAX_DEPTH = 5;

const kindParam = z.object({ kind: z.enum(TREE_KINDS) });
const name = z.string().trim().min(1, fieldCode('mail.nameNode')).max(60);
const nameEn = z.string().trim().max(80).default('');

export const treeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameEn: z.string(),
  /** Position among its siblings, from 0. */
  sort: z.number().int(),
  enabled: z.boolean(),
  version: z.number().int(),
  childCount: z.number().int(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const listTreeNodes = defineEndpoint({
  method: 'GET',
  path: API,
  access: 'userCenter:cs:configuration',
  summary: 'Every node of the tree, parents before children, siblings in their order',
  tags,
  params: kindParam,
  data: z.array(treeNodeSchema),
});

export const createTreeNode = defineEndpoint({
  method: 'POST',
  path: API,
  access: 'userCenter:cs:configuration:create',
  summary: 'Add a node under a parent (null: a root), last among its siblings',
  tags,
  write: true,
  params: kindParam,
  body: z.object({ parentId: idValue.nullable(), name, nameEn }).strict(),
  data: treeNodeSchema,
});

export const updateTreeNode = defineEndpoint({
  method: 'PUT',
  path: API,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Rename, enable or disable a node (disabling also disables its descendants)',
  tags,
  write: true,
  params: kindParam,
  body: z.object({ id: idValue, version: idValue, name, nameEn, enabled: z.boolean() }).strict(),
  data: treeNodeSchema,
});

export const moveTreeNode = defineEndpoint({
  method: 'PUT',
  path: `${API}/move`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Move a node under another parent (or to the root) at a position among its new siblings',
  tags,
  write: true,
  params: kindParam,
  body: z
    .object({ id: idValue, version: idValue, parentId: idValue.nullable(), index: z.number().int().min(0).max(10000) })
    .strict(),
  data: treeNodeSchema,
});

export const deleteTreeNode = defineEndpoint({
  method: 'DELETE',
  path: `${API}/{id}`,
  access: 'userCenter:cs:configuration:delete',
  summary: 'Delete a node that is not used (409 while it has children)',
  tags,
  write: true,
  params: kindParam.extend({ id: idParam }),
  data: z.null(),
});
