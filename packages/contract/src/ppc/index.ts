export * as ppcBoard from './board';
export * as ppcChanges from './changes';
export * as ppcMonitoring from './monitoring';
export * as ppcRules from './rules';
