import { defineScreens } from '../../../shared/screens';

export const auditScreens = defineScreens([{ path: '/system/audit', load: () => import('./AuditLogPage') }]);
