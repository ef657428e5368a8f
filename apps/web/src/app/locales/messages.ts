/**
 * The type of every text: the shell's (zh-CN.ts) and each module's. A module's `*.locale.ts`
 * adds its top-level key to `ModuleMessages` by declaration merging, so no list here names
 * the modules and `t('catalog.…')` is still checked everywhere.
 */
import type { ShellMessages } from './zh-CN';

// biome-ignore lint/suspicious/noEmptyInterface: the modules' locale files fill it (declaration merging).
export interface ModuleMessages {}

/** Every text of the app: the shell's and each module's (added when its screen loads). */
export type Messages = ShellMessages & ModuleMessages;
