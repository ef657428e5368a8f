export * as ppcBoard from './board';
export * as ppcBoards from './boards';
export * as ppcChanges from './changes';
export * as ppcMonitoring from './monitoring';
