/**
 * The column chooser's choices, kept per signed-in user and per table in localStorage
 * (`bo.columns.<userId>.<tableId>`). They are a display preference of one browser: no
 * server round trip, and another user signing in on the same browser has their own.
 */
import { z } from 'zod';
import { readItem, STORAGE_KEYS, writeItem } from '../session/session-storage';
import { type ColumnChoice, NO_CHOICE } from './column-fit';

const choiceSchema = z.object({
  shown: z.array(z.string()).max(200),
  hidden: z.array(z.string()).max(200),
});

export const columnPrefsKey = (tableId: string, userId: string | null): string =>
  `bo.columns.${userId ?? 'anonymous'}.${tableId}`;

const currentUserId = (): string | null => readItem('local', STORAGE_KEYS.userId);

/** The stored choice for this table, or none (anything unreadable counts as none). */
export function readColumnChoice(tableId: string, userId: string | null = currentUserId()): ColumnChoice {
  const raw = readItem('local', columnPrefsKey(tableId, userId));
  if (!raw) return NO_CHOICE;
  try {
    const parsed = choiceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : NO_CHOICE;
  } catch {
    return NO_CHOICE;
  }
}

/** Keeps the choice; an empty choice (reset) removes the stored entry. */
export function writeColumnChoice(tableId: string, choice: ColumnChoice, userId: string | null = currentUserId()): void {
  const empty = choice.shown.length === 0 && choice.hidden.length === 0;
  writeItem('local', columnPrefsKey(tableId, userId), empty ? null : JSON.stringify(choice));
}
