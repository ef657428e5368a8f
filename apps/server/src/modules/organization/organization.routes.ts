import { organization as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as depts from './departments.service';
import * as emps from './employees.service';
import * as reads from './organization.service';

export function organizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Spec §7: the fixed argument '1' asks for enabled departments only.
  bind(app, ep.listDepartments, async ({ query, actor }) => depts.listDepartments(ctx.db, actor.accountId, query.status === '1'));
  bind(app, ep.listEmployees, async ({ query, actor }) =>
    emps.employeesAsOfToday(ctx.db, actor.accountId, { deptId: query.deptId, enabledOnly: query.status === '1' }),
  );
  bind(app, ep.organizationTree, async ({ query, actor }) => reads.organizationTree(ctx, actor, query.status === '1'));
  bind(app, ep.deptTree, async ({ query, actor }) => reads.deptTree(ctx, actor, query.status === '1'));

  bind(app, ep.employeePage, async ({ query, actor }) =>
    emps.employeePage(ctx, actor, { ...query, recursive: query.recursive === 'true' }),
  );
  bind(app, ep.userOptions, async ({ actor }) => emps.userOptions(ctx, actor));
  bind(app, ep.employeeMemberships, async ({ params, actor }) => emps.memberships(ctx, actor, params.id));
  bind(app, ep.createDepartment, async ({ body, actor }) => depts.createDepartment(ctx, actor, body));
  bind(app, ep.updateDepartment, async ({ body, actor }) => depts.updateDepartment(ctx, actor, body));
  bind(app, ep.moveDepartment, async ({ body, actor }) => depts.moveDepartment(ctx, actor, body));
  bind(app, ep.deleteDepartment, async ({ params, actor }) => depts.deleteDepartment(ctx, actor, params.id));
  bind(app, ep.createEmployee, async ({ body, actor }) => emps.createEmployee(ctx, actor, body));
  bind(app, ep.updateEmployee, async ({ body, actor }) => emps.updateEmployee(ctx, actor, body));
  bind(app, ep.moveEmployee, async ({ body, actor }) => emps.moveEmployee(ctx, actor, body));
}
