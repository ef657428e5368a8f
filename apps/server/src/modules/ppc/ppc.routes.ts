import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { boardRoutes } from './board/board.routes';
import { boardsRoutes } from './boards/boards.routes';
import { changeRoutes } from './changes/changes.routes';
import { diagnosisRoutes } from './diagnosis/diagnosis.routes';
import { registerPpcImports } from './imports/ppc-imports';
import { managerRoutes } from './manager/manager.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { registerRuleJobs, ruleRoutes } from './rules/rules.routes';
import { registerScheduleJobs, scheduleRoutes } from './schedules/schedules.routes';
import { registerPpcHistory } from './ppc.history';

/** Advertising (PPC): the boards, monitors and the ad report imports (see README.md). */
export function ppcRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPpcHistory(ctx);
  registerPpcImports();
  boardRoutes(app, ctx);
  boardsRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  changeRoutes(app, ctx);
  diagnosisRoutes(app, ctx);
  managerRoutes(app, ctx);
  ruleRoutes(app, ctx);
  registerRuleJobs(app.jobs, ctx);
  scheduleRoutes(app, ctx);
  registerScheduleJobs(app.jobs, ctx);
}
