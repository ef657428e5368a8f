export * as mailTree from './dialogues';
export * as mailboxes from './mailboxes';
export * as mailOps from './operations';
export * as mailSending from './sending';
