/** `npm run routes`: every route of the catalogue, built or not, then the count of screens. */
import { ALL_ROUTES as ROUTES } from '@bo/contract';

const rows = ROUTES.map((r) => ({
  built: r.built ? 'built' : '-',
  path: r.path,
  permission: r.permission,
  group: r.group,
  title: r.title['en-US'],
}));
const w = (k: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => r[k].length));
for (const r of rows) {
  console.log(
    `${r.built.padEnd(w('built'))}  ${r.path.padEnd(w('path'))}  ${r.permission.padEnd(w('permission'))}  ${r.group.padEnd(w('group'))}  ${r.title}`,
  );
}
console.log(`routes with a screen: ${ROUTES.filter((r) => r.built).length} of ${ROUTES.length}`);
