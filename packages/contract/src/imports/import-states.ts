/** An import's life (spec: upload → preview → commit or discard; a committed one may be reverted). */
import { defineStateMachine } from '../state-machine';

export const IMPORT_MACHINE = defineStateMachine({
  entity: { zh: '导入', en: 'Import' },
  states: {
    preview: { label: { zh: '待确认', en: 'Waiting for commit' }, tone: 'processing' },
    held: { label: { zh: '待人工检查', en: 'Held for review' }, tone: 'warning' },
    committed: { label: { zh: '已写入', en: 'Committed' }, tone: 'success' },
    discarded: { label: { zh: '已放弃', en: 'Discarded' }, tone: 'default', final: true },
    reverted: { label: { zh: '已撤销', en: 'Reverted' }, tone: 'default', final: true },
  },
  transitions: [
    { action: 'commit', from: ['preview'], to: 'committed', label: { zh: '确认导入', en: 'Commit' } },
    {
      action: 'discard',
      from: ['preview', 'held'],
      to: 'discarded',
      label: { zh: '放弃', en: 'Discard' },
      confirm: {
        zh: '放弃这次导入？它没有写入任何数据，导入记录中会保留为“已放弃”。',
        en: 'Discard this import? Nothing of it was written; it stays in the history as discarded.',
      },
    },
    {
      action: 'revert',
      from: ['committed'],
      to: 'reverted',
      label: { zh: '撤销导入', en: 'Revert' },
      confirm: { zh: '撤销后将恢复此次导入覆盖前的数据，确定撤销？', en: 'Put back what this import replaced?' },
    },
  ],
});
