import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { boardRoutes } from './board/board.routes';
import { changeRoutes } from './changes/changes.routes';
import { registerPpcImports } from './imports/ppc-imports';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { registerRuleJobs, ruleRoutes } from './rules/rules.routes';

/** Advertising (PPC): the boards, monitors and the ad report imports (see README.md). */
export function ppcRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPpcImports();
  boardRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  changeRoutes(app, ctx);
  ruleRoutes(app, ctx);
  registerRuleJobs(app.jobs, ctx);
}
