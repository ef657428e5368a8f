export * as mailTree from './dialogues';
export * as mailboxes from './mailboxes';
export * as mailSending from './sending';
export * as mailOps from './operations';
