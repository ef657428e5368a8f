import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { boardRoutes } from './board/board.routes';
import { boardsRoutes } from './boards/boards.routes';
import { changeRoutes } from './changes/changes.routes';
import { diagnosisRoutes } from './diagnosis/diagnosis.routes';
import { managerRoutes } from './manager/manager.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { ruleRoutes } from './rules/rules.routes';
import { scheduleRoutes } from './schedules/schedules.routes';

/** Advertising (PPC): the boards, monitors, rules and schedules (see README.md). */
export function ppcRoutes(app: FastifyInstance, ctx: AppContext): void {
  boardRoutes(app, ctx);
  boardsRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  changeRoutes(app, ctx);
  diagnosisRoutes(app, ctx);
  managerRoutes(app, ctx);
  ruleRoutes(app, ctx);
  scheduleRoutes(app, ctx);
}
