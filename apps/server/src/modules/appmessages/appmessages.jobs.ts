/** The sender's job: one message's batches until it waits, finishes or stops (sender.ts). */
import type { AreaJob } from '../../platform/area';
import type { AppContext } from '../../platform/context';
import { PermanentJobError } from '../../platform/jobs/jobs';
import { SEND_JOB } from './messages.service';
import { inboxProvider } from './push-provider';
import { runSender } from './sender';

export function appMessagesJobs(ctx: AppContext): Record<string, AreaJob> {
  return {
    [SEND_JOB]: {
      run: async (payload, job) => {
        const id = Number((payload as { messageId?: unknown }).messageId);
        if (!Number.isSafeInteger(id) || id <= 0) throw new PermanentJobError('no message id');
        await runSender(ctx.db, inboxProvider, id, { signal: job.signal });
      },
    },
  };
}
