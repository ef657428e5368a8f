/** Texts of the back office (/backMgr); merged into the app's locale files under `backMgr`. */
export const backMgrZhCN = {
  jobs: {
    title: '任务管理',
    subtitle:
      '所有后台任务：类型、状态、尝试次数、最后的错误和日志。失败或已取消的任务可以重试；排队中的任务可以取消（运行中的任务无法从这里停止）。',
    allKinds: '全部类型',
    allStates: '全部状态',
    searchError: '错误信息包含…',
    empty: '还没有后台任务',
    column: {
      id: '编号',
      kind: '类型',
      state: '状态',
      attempts: '尝试',
      lastError: '最后的错误',
      runAt: '计划运行',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    detailTitle: '任务 #{{id}}',
    finishedAt: '结束时间',
    repeat: '重复',
    everySeconds: '每 {{n}} 秒',
    dedupeKey: '去重键',
    lockedBy: '执行进程',
    payload: '参数',
    log: '日志',
    logAt: '时间',
    logEvent: '事件',
    logAttempt: '尝试',
    logMessage: '信息',
    logBy: '操作人',
    worker: '后台进程',
    reload: '刷新',
    event: {
      queued: '排队',
      started: '开始运行',
      done: '完成',
      failed: '失败',
      retrying: '失败，稍后重试',
      requeued: '手动重试',
      cancelled: '取消',
      leaseExpired: '进程无响应',
    },
    retryDone: '任务 #{{id}} 已重新排队',
    cancelDone: '任务 #{{id}} 已取消',
  },
};

export const backMgrEnUS: typeof backMgrZhCN = {
  jobs: {
    title: 'Task manager',
    subtitle:
      'Every background job: kind, state, attempts, last error and log. A failed or cancelled job can be retried; a queued one cancelled (a running job cannot be stopped from here).',
    allKinds: 'All kinds',
    allStates: 'All states',
    searchError: 'Error contains…',
    empty: 'No background jobs yet',
    column: {
      id: 'No.',
      kind: 'Kind',
      state: 'State',
      attempts: 'Attempts',
      lastError: 'Last error',
      runAt: 'Runs at',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    detailTitle: 'Job #{{id}}',
    finishedAt: 'Finished',
    repeat: 'Repeats',
    everySeconds: 'every {{n}} s',
    dedupeKey: 'Dedupe key',
    lockedBy: 'Running in',
    payload: 'Payload',
    log: 'Log',
    logAt: 'Time',
    logEvent: 'Event',
    logAttempt: 'Attempt',
    logMessage: 'Message',
    logBy: 'By',
    worker: 'Worker',
    reload: 'Reload',
    event: {
      queued: 'Queued',
      started: 'Started',
      done: 'Done',
      failed: 'Failed',
      retrying: 'Failed, will retry',
      requeued: 'Retried by hand',
      cancelled: 'Cancelled',
      leaseExpired: 'Worker stopped answering',
    },
    retryDone: 'Job #{{id}} is queued again',
    cancelDone: 'Job #{{id}} was cancelled',
  },
};

/** Both languages under `backMgr`, added to i18next when a back-office screen loads. */
export const backMgrTexts = {
  'zh-CN': { backMgr: backMgrZhCN },
  'en-US': { backMgr: backMgrEnUS },
};

// Types `t('backMgr.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    backMgr: typeof backMgrZhCN;
  }
}
