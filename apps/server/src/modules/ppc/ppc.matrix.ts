/** The PPC area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
import type { Row } from '../../../test/matrix/rows';
import { ppcRuleRows } from './rules/rules.matrix';
import { ppcScheduleRows } from './schedules/schedules.matrix';

export const matrixRows = (): Record<string, Row> => ({ ...ppcRuleRows(), ...ppcScheduleRows() });
