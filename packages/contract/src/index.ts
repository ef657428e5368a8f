export * from './endpoint';
export * from './envelope';
export * from './errors';
export * from './permissions';
export * from './route-types';
export * from './routes';
export * from './constants';
export * from './navigation';
export * as session from './access/session';
