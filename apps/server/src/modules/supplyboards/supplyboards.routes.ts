import * as ep from '@bo/contract/supplyboards/boards';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as boards from './boards.service';

/** The logistics board (/logisticsBoard) and the delivery dashboard (/deliveryDashboard): reads within the caller's shops. */
export function supplyBoardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.logisticsBoard, async ({ query, scope }) => boards.logisticsBoard(ctx, await scope(), query));
  bind(app, ep.lateShipments, async ({ query, scope }) => boards.lateShipmentsPage(ctx, await scope(), query));
  bind(app, ep.deliveryBoard, async ({ query, scope }) => boards.deliveryBoard(ctx, await scope(), query));
  bind(app, ep.receiptProgress, async ({ query, scope }) => boards.receiptProgressPage(ctx, await scope(), query));
}
