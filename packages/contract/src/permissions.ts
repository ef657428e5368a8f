/**
 * The permission catalogue, derived from the route catalogue: a type-2 (page) item per
 * route permission pattern, a type-3 (button) item per `${page}:${action}` a screen
 * guards, and the few capabilities that belong to no screen. Seeded into
 * permission_items at every start.
 */
import type { ButtonAction, Title } from './route-types';
import { GROUP_TITLES, type PagePermission, ROUTES } from './routes';

type RouteEntry = (typeof ROUTES)[number];
type ButtonOf<R> = R extends { permission: infer P extends string; buttons: readonly (infer A extends ButtonAction)[] }
  ? `${P}:${A}`
  : never;
export type ButtonPermission = ButtonOf<RouteEntry>;

/** Capabilities that no screen owns. */
export const CAPABILITIES = {
  'user:godView': { 'zh-CN': '上帝视角登录', 'en-US': 'God-view sign-in' },
} as const satisfies Record<string, Title>;
export type Capability = keyof typeof CAPABILITIES;

/** Every pattern an endpoint or a `<Can>` may name: a typo is a compile error. */
export type Permission = PagePermission | ButtonPermission | Capability;

export const PERMISSION_TYPE = { PAGE: 2, BUTTON: 3 } as const;

const ACTION_TITLES: Record<ButtonAction, Title> = {
  create: { 'zh-CN': '新建', 'en-US': 'Create' },
  edit: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  approve: { 'zh-CN': '审批', 'en-US': 'Approve' },
  send: { 'zh-CN': '发送', 'en-US': 'Send' },
};

export interface PermissionItemDef {
  authPattern: string;
  type: 2 | 3;
  /** zh-CN name, as the original system names items. */
  name: string;
  /** en-US name. */
  description: string;
  /** The first route that needs it (for type 2), or its page's route (type 3). */
  url: string;
  group: string;
  /** For type 3: the page pattern it belongs under. */
  parent?: string;
}

function buildCatalogue(): PermissionItemDef[] {
  const items = new Map<string, PermissionItemDef>();
  for (const r of ROUTES as readonly {
    path: string;
    permission: string;
    group: string;
    title: Title;
    buttons?: readonly ButtonAction[];
    mirrorOf?: string;
    redirect?: string;
  }[]) {
    if (r.permission === 'public' || r.permission === 'login') continue;
    if (!items.has(r.permission)) {
      items.set(r.permission, {
        authPattern: r.permission,
        type: 2,
        name: r.title['zh-CN'],
        description: r.title['en-US'],
        url: r.path,
        group: r.group,
      });
    }
    for (const action of r.buttons ?? []) {
      const pattern = `${r.permission}:${action}`;
      if (items.has(pattern)) continue;
      items.set(pattern, {
        authPattern: pattern,
        type: 3,
        name: `${r.title['zh-CN']}-${ACTION_TITLES[action]['zh-CN']}`,
        description: `${r.title['en-US']}: ${ACTION_TITLES[action]['en-US']}`,
        url: r.path,
        group: r.group,
        parent: r.permission,
      });
    }
  }
  for (const [pattern, title] of Object.entries(CAPABILITIES)) {
    if (items.has(pattern)) continue;
    items.set(pattern, {
      authPattern: pattern,
      type: 3,
      name: title['zh-CN'],
      description: title['en-US'],
      url: '/user/info',
      group: 'settings',
    });
  }
  return [...items.values()];
}

export const PERMISSION_CATALOGUE: readonly PermissionItemDef[] = buildCatalogue();
export { GROUP_TITLES };

const TITLE_BY_PATTERN = new Map(PERMISSION_CATALOGUE.map((i) => [i.authPattern, { zh: i.name, en: i.description }]));

/** The title of a permission pattern in `lang` (what users read); null for a pattern outside the catalogue. */
export function permissionTitle(pattern: string, lang: 'zh-CN' | 'en-US'): string | null {
  const t = TITLE_BY_PATTERN.get(pattern);
  return t ? (lang === 'zh-CN' ? t.zh : t.en) : null;
}

/** The refusal text of a missing permission, by its title (the code stays in the reply's data). */
export function permissionDeniedText(pattern: string, lang: 'zh-CN' | 'en-US'): string {
  const title = permissionTitle(pattern, lang);
  if (lang === 'zh-CN') return title ? `没有权限：需要「${title}」` : '没有权限执行此操作';
  return title ? `Not allowed: this needs the permission "${title}"` : 'Not allowed: you lack a permission this needs';
}
