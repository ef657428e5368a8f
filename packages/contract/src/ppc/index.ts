export * as ppcBoard from './board';
export * as ppcBoards from './boards';
export * as ppcChanges from './changes';
export * as ppcDiagnosis from './diagnosis';
export * as ppcManager from './manager';
export * as ppcMonitoring from './monitoring';
export * as ppcRules from './rules';
export * as ppcSchedules from './schedules';
