export * as ppcBoard from './board';
export * as ppcMonitoring from './monitoring';
