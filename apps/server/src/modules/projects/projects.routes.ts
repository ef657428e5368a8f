import { projects as ep, idParam } from '@bo/contract';
import { FILE_PURPOSES } from '@bo/contract/files/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { exportLang } from '../../platform/export/lang';
import { fileStoreOf } from '../../platform/files/file-store';
import { bind } from '../../platform/http/binder';
import { readMultipart } from '../../platform/upload/multipart';
import * as goals from './gtm-goals.service';
import * as kpi from './gtm-kpi.service';
import * as data from './project-data.service';
import * as files from './project-files.service';
import * as items from './project-items.service';
import * as nodes from './project-nodes.service';
import * as warnings from './project-warnings.service';
import { exportBonuses, exportBrandMould, exportProjects } from './projects.export';
import { people } from './projects.repository';
import * as svc from './projects.service';

export function projectsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.list, async ({ query, actor, lang }) => svc.list(ctx, actor, query, lang));
  bind(app, ep.listExport, async ({ query, actor, req }) =>
    exportProjects(ctx, actor, query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.brandMouldExport, async ({ body, actor, req }) =>
    exportBrandMould(ctx, actor, body, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.people, async ({ actor }) => people(ctx.db, actor.accountId));
  bind(app, ep.log, async ({ query, actor }) => svc.log(ctx, actor, query.projectId, query));
  bind(app, ep.get, async ({ params, actor, lang }) => svc.get(ctx, actor, params.id, lang));
  bind(app, ep.save, async ({ body, actor, lang }) => svc.save(ctx, actor, body, lang));
  bind(app, ep.commit, async ({ body, actor, lang }) => svc.commit(ctx, actor, body, lang));
  bind(app, ep.approvalAct, async ({ body, actor, lang }) => svc.approvalAct(ctx, actor, body, lang));
  bind(app, ep.released, async ({ body, actor, lang }) => svc.release(ctx, actor, body, lang));
  bind(app, ep.runAct, async ({ body, actor, lang }) => svc.runAct(ctx, actor, body, lang));
  bind(app, ep.remove, async ({ params, actor, lang }) => svc.remove(ctx, actor, params.id, lang));
  bind(app, ep.replaceMember, async ({ body, actor, lang }) => svc.replaceMember(ctx, actor, body, lang));
  bind(app, ep.updateGtm, async ({ params, body, actor, lang }) =>
    svc.typeUpdate(ctx, actor, 'gtm', params.projectId, body, lang),
  );
  bind(app, ep.updatePlatform, async ({ params, body, actor, lang }) =>
    svc.typeUpdate(ctx, actor, 'platform', params.projectId, body, lang),
  );
  bind(app, ep.updateBrand, async ({ params, body, actor, lang }) =>
    svc.typeUpdate(ctx, actor, 'brand', params.projectId, body, lang),
  );
  bind(app, ep.updateNewProduction, async ({ params, body, actor, lang }) =>
    svc.typeUpdate(ctx, actor, 'newproduction', params.projectId, body, lang),
  );
  bind(app, ep.updateResearch, async ({ params, body, actor, lang }) =>
    svc.typeUpdate(ctx, actor, 'research', params.projectId, body, lang),
  );
  bind(app, ep.approvers, async ({ params, actor }) => svc.approvers(ctx, actor, params.id));
  bind(app, ep.ccList, async ({ params, actor }) => svc.ccList(ctx, actor, params.id));
  bind(app, ep.approveRemarks, async ({ params, actor }) => svc.remarks(ctx, actor, params.id));

  bind(app, ep.listEvents, async ({ params, actor }) => items.eventsOf(ctx, actor, params.id));
  bind(app, ep.createEvent, async ({ params, body, actor, lang }) => items.createEvent(ctx, actor, params.id, body, lang));
  bind(app, ep.updateEvent, async ({ params, body, actor, lang }) => items.updateEvent(ctx, actor, params.id, body, lang));
  bind(app, ep.deleteEvent, async ({ params, actor, lang }) => items.deleteEvent(ctx, actor, params.id, lang));

  bind(app, ep.projectTodos, async ({ params, actor }) => items.todosOf(ctx, actor, params.id));
  bind(app, ep.getTodo, async ({ params, actor }) => items.getTodo(ctx, actor, params.id));
  bind(app, ep.createTodo, async ({ body, actor, lang }) => items.createTodo(ctx, actor, body, lang));
  bind(app, ep.updateTodo, async ({ params, body, actor, lang }) => items.updateTodo(ctx, actor, params.id, body, lang));
  bind(app, ep.deleteTodo, async ({ params, actor, lang }) => items.deleteTodo(ctx, actor, params.id, lang));
  bind(app, ep.completeTodo, async ({ params, body, actor, lang }) => items.completeTodo(ctx, actor, params.id, body, lang));

  bind(app, ep.warningInfos, async ({ query, actor }) => warnings.infos(ctx, actor, query));
  bind(app, ep.saveWarning, async ({ body, actor, lang }) => warnings.save(ctx, actor, body, lang));
  bind(app, ep.warningStatus, async ({ body, actor, lang }) => warnings.updateStatus(ctx, actor, body, lang));
  bind(app, ep.deleteWarning, async ({ query, actor, lang }) => warnings.remove(ctx, actor, query.id, lang));

  bind(app, ep.nodeBonus, async ({ params, actor }) => nodes.nodeBonus(ctx, actor, params.id));
  bind(app, ep.resultBonus, async ({ params, actor }) => nodes.resultBonus(ctx, actor, params.id));
  bind(app, ep.nodeReport, async ({ body, actor, lang }) => nodes.report(ctx, actor, body, lang));
  bind(app, ep.bonusExport, async ({ query, actor, req }) =>
    exportBonuses(ctx, actor, query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.gateReview, async ({ body, actor, lang }) => svc.gateReview(ctx, actor, body, lang));

  bind(app, ep.productTarget, async ({ query, actor }) => data.productTarget(ctx, actor, query.projectId));
  bind(app, ep.projectData, async ({ query, actor, scope }) => data.projectData(ctx, actor, await scope(), query));
  bind(app, ep.dataList, async ({ query, actor, scope, req }) =>
    data.dataList(ctx, actor, await scope(), query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.dataListExport, async ({ query, actor, scope, req }) =>
    data.exportDataList(ctx, actor, await scope(), query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.researchDepts, async ({ actor }) => data.researchDepts(ctx, actor));
  bind(app, ep.relevanceProject, async ({ body, actor, lang }) => svc.relate(ctx, actor, body, lang));

  bind(app, ep.goalList, async ({ query, actor, req }) =>
    goals.list(ctx, actor, query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.goalPlan, async ({ params, actor }) => goals.plan(ctx, actor, params.projectId));
  bind(app, ep.goalSave, async ({ params, body, actor, lang }) => goals.save(ctx, actor, params.projectId, body, lang));
  bind(app, ep.kpiList, async ({ query, actor, scope, req }) =>
    kpi.kpiList(ctx, actor, await scope(), query, exportLang(req.headers['accept-language'])),
  );
  bind(app, ep.kpiSummary, async ({ query, actor, scope }) => kpi.kpiSummary(ctx, actor, await scope(), query));
  bind(app, ep.kpiExport, async ({ query, actor, scope, req }) =>
    kpi.exportKpi(ctx, actor, await scope(), query, exportLang(req.headers['accept-language'])),
  );

  const store = fileStoreOf(ctx.db);
  bind(app, ep.files, async ({ params, actor }) => files.list(ctx, actor, params.id));
  bind(app, ep.upload, async ({ actor, req, lang }) => {
    // Before a byte of the body is read: the purpose's permission; its limit bounds the reader.
    files.checkUpload(actor);
    const { fields, files: uploads } = await readMultipart(req, {
      fileField: 'file',
      maxFileBytes: FILE_PURPOSES.research.maxBytes,
      maxFiles: 1,
      maxFields: 5,
      tooLarge: 'file.tooLarge',
      tooMany: 'file.onePerUpload',
    });
    const projectId = idParam.safeParse(fields.projectId);
    if (!projectId.success) throw codedFieldError('projectId', 'required');
    const upload = uploads[0];
    if (!upload) throw codedFieldError('file', 'required');
    return files.upload(ctx, store, actor, projectId.data, upload, lang);
  });
  bind(app, ep.download, async ({ query, actor, req }) =>
    files.download(ctx, store, actor, query.projectId, query.fileId, req.headers.range),
  );
}
