import { projects as ep } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { exportLang, replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as items from './project-items.service';
import { exportProjects } from './projects.export';
import { people } from './projects.repository';
import * as svc from './projects.service';

const langOf = (req: FastifyRequest) => replyLang(req.headers['accept-language']);

export function projectsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.list, async ({ query, actor, req }) => svc.list(ctx, actor, query, langOf(req)));
  bind(app, ep.listExport, async ({ query, actor, req }) =>
    exportProjects(ctx, actor, query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.people, async ({ actor }) => people(ctx.db, actor.accountId));
  bind(app, ep.log, async ({ query, actor }) => svc.log(ctx, actor, query.projectId, query));
  bind(app, ep.get, async ({ params, actor, req }) => svc.get(ctx, actor, params.id, langOf(req)));
  bind(app, ep.save, async ({ body, actor, req }) => svc.save(ctx, actor, body, langOf(req)));
  bind(app, ep.commit, async ({ body, actor, req }) => svc.commit(ctx, actor, body, langOf(req)));
  bind(app, ep.approvalAct, async ({ body, actor, req }) => svc.approvalAct(ctx, actor, body, langOf(req)));
  bind(app, ep.released, async ({ body, actor, req }) => svc.release(ctx, actor, body, langOf(req)));
  bind(app, ep.runAct, async ({ body, actor, req }) => svc.runAct(ctx, actor, body, langOf(req)));
  bind(app, ep.remove, async ({ params, actor, req }) => svc.remove(ctx, actor, params.id, langOf(req)));
  bind(app, ep.replaceMember, async ({ body, actor, req }) => svc.replaceMember(ctx, actor, body, langOf(req)));
  bind(app, ep.updateGtm, async ({ params, body, actor, req }) =>
    svc.typeUpdate(ctx, actor, 'gtm', params.projectId, body, langOf(req)),
  );
  bind(app, ep.updatePlatform, async ({ params, body, actor, req }) =>
    svc.typeUpdate(ctx, actor, 'platform', params.projectId, body, langOf(req)),
  );
  bind(app, ep.updateBrand, async ({ params, body, actor, req }) =>
    svc.typeUpdate(ctx, actor, 'brand', params.projectId, body, langOf(req)),
  );
  bind(app, ep.updateNewProduction, async ({ params, body, actor, req }) =>
    svc.typeUpdate(ctx, actor, 'newproduction', params.projectId, body, langOf(req)),
  );
  bind(app, ep.updateResearch, async ({ params, body, actor, req }) =>
    svc.typeUpdate(ctx, actor, 'research', params.projectId, body, langOf(req)),
  );
  bind(app, ep.approvers, async ({ params, actor }) => svc.approvers(ctx, actor, params.id));
  bind(app, ep.ccList, async ({ params, actor }) => svc.ccList(ctx, actor, params.id));
  bind(app, ep.approveRemarks, async ({ params, actor }) => svc.remarks(ctx, actor, params.id));

  bind(app, ep.listEvents, async ({ params, actor }) => items.eventsOf(ctx, actor, params.id));
  bind(app, ep.createEvent, async ({ params, body, actor, req }) => items.createEvent(ctx, actor, params.id, body, langOf(req)));
  bind(app, ep.updateEvent, async ({ params, body, actor, req }) => items.updateEvent(ctx, actor, params.id, body, langOf(req)));
  bind(app, ep.deleteEvent, async ({ params, actor, req }) => items.deleteEvent(ctx, actor, params.id, langOf(req)));

  bind(app, ep.projectTodos, async ({ params, actor }) => items.todosOf(ctx, actor, params.id));
  bind(app, ep.getTodo, async ({ params, actor }) => items.getTodo(ctx, actor, params.id));
  bind(app, ep.createTodo, async ({ body, actor, req }) => items.createTodo(ctx, actor, body, langOf(req)));
  bind(app, ep.updateTodo, async ({ params, body, actor, req }) => items.updateTodo(ctx, actor, params.id, body, langOf(req)));
  bind(app, ep.deleteTodo, async ({ params, actor, req }) => items.deleteTodo(ctx, actor, params.id, langOf(req)));
  bind(app, ep.completeTodo, async ({ params, body, actor, req }) =>
    items.completeTodo(ctx, actor, params.id, body, langOf(req)),
  );
}
