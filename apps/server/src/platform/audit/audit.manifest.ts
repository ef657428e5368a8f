/** The audit log and record history: a platform piece with routes of its own, listed with the areas. */
import { defineArea } from '../area';
import { auditRoutes } from './audit.routes';

export const auditArea = defineArea({ name: 'audit', routes: auditRoutes });
