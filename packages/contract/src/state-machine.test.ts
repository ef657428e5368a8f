import { describe, expect, it } from 'vitest';
import { IMPORT_MACHINE } from './imports/import-states';
import { IMPORT_STATUSES } from './imports/imports';
import { actionsFrom, defineStateMachine, refusalText, transitionFrom } from './state-machine';

describe('state machines', () => {
  it('allows an action only from the states it names', () => {
    expect(transitionFrom(IMPORT_MACHINE, 'preview', 'commit')?.to).toBe('committed');
    expect(transitionFrom(IMPORT_MACHINE, 'held', 'commit')).toBeNull();
    expect(transitionFrom(IMPORT_MACHINE, 'discarded', 'revert')).toBeNull();
  });

  it('offers the actions of a state that the caller holds', () => {
    const m = defineStateMachine({
      entity: { zh: '单', en: 'Order' },
      states: {
        draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
        done: { label: { zh: '完成', en: 'Done' }, tone: 'success', final: true },
      },
      transitions: [
        { action: 'finish', from: ['draft'], to: 'done', label: { zh: '完成', en: 'Finish' }, permission: 'product:link:edit' },
        { action: 'drop', from: ['draft'], to: 'done', label: { zh: '作废', en: 'Drop' } },
      ],
    });
    expect(actionsFrom(m, 'draft').map((t) => t.action)).toEqual(['finish', 'drop']);
    expect(actionsFrom(m, 'draft', () => false).map((t) => t.action)).toEqual(['drop']);
    expect(actionsFrom(m, 'done')).toEqual([]);
  });

  it('refuses a machine whose action leaves a final state', () => {
    expect(() =>
      defineStateMachine({
        entity: { zh: 'x', en: 'X' },
        states: {
          a: { label: { zh: 'a', en: 'A' }, tone: 'default', final: true },
          b: { label: { zh: 'b', en: 'B' }, tone: 'default' },
        },
        transitions: [{ action: 'go', from: ['a'], to: 'b', label: { zh: '去', en: 'Go' } }],
      }),
    ).toThrow(/final state a/);
  });

  it('names every import status and says why an action is refused in both languages', () => {
    expect(Object.keys(IMPORT_MACHINE.states).sort()).toEqual([...IMPORT_STATUSES].sort());
    expect(refusalText(IMPORT_MACHINE, 'discarded', 'revert', 'en-US')).toBe('cannot revert: the import is discarded');
    expect(refusalText(IMPORT_MACHINE, 'discarded', 'revert', 'zh-CN')).toBe('导入当前为「已放弃」，不能撤销导入');
  });
});
