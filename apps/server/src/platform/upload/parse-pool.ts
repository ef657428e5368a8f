/**
 * Uploaded files are parsed off the event loop, in a worker thread whose heap is capped and
 * whose work has a deadline: a hostile file (millions of blank lines or empty columns, a
 * sheet of a million tiny cells) costs that worker and answers 400, while every other
 * request goes on being served and the server's memory stays bounded.
 *
 * One worker per spare core (one on a 2-core machine), kept warm for a few seconds after its
 * last task and then stopped, so the memory a large parse took is given back. Tasks beyond
 * the queue's length answer 503 BUSY. The tasks themselves are the pure parsers listed in
 * src/parse-tasks.ts; errors cross the thread boundary as AppErrors (their status, code,
 * message and data) or as plain Errors with their message, as if the parser had run here.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { ComputeTasks } from '../../compute-worker';
import type { ParseTasks } from '../../parse-tasks';
import { AppError, codedFieldError } from '../errors';

export const PARSE_LIMITS = {
  /** V8 old-space cap of a parse worker, MB. */
  heapMb: 256,
  youngMb: 16,
  /** A parse running longer than this is stopped. */
  timeoutMs: 60_000,
  /** A worker idle this long is stopped. */
  idleMs: 5_000,
  /** Tasks waiting beyond the running ones before new ones are refused. */
  queue: 16,
} as const;

/** A worker that parsed a file larger than this is stopped afterwards rather than kept warm. */
const RECYCLE_AFTER_BYTES = 4 * 1024 * 1024;

// biome-ignore lint/suspicious/noExplicitAny: a task list maps names to functions of any arguments
type Tasks = Record<string, (...args: any[]) => unknown>;
type TaskName<T extends Tasks> = keyof T & string;
type TaskArgs<T extends Tasks, K extends TaskName<T>> = Parameters<T[K]>;
type TaskResult<T extends Tasks, K extends TaskName<T>> = Awaited<ReturnType<T[K]>>;
/** The worker entries: the parsers (src/parse-worker.ts) and the long computations (src/compute-worker.ts). */
type Entry = 'parse-worker' | 'compute-worker';

/** What the worker answers for one task (see src/parse-worker.ts). */
export type ParseReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; app?: { status: number; code: number; message: string; data: unknown }; message: string };

interface Job {
  id: number;
  task: string;
  args: unknown[];
  /** Bytes of the file(s) among the arguments. */
  bytes: number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idle: NodeJS.Timeout | null;
  deadline: NodeJS.Timeout | null;
}

const busy = () =>
  new AppError(STATUS.UNAVAILABLE, ERROR_CODES.BUSY, 'the server is busy reading other uploads, try again shortly', null, {
    'retry-after': '5',
  });

/** The worker's entry: the bundle's sibling file, or the TypeScript source booted through tsx. */
function workerEntry(entry: Entry): { file: URL; workerData: unknown } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      file: new URL('./ts-worker.mjs', import.meta.url),
      workerData: { entry: new URL(`../../${entry}.ts`, import.meta.url).href },
    };
  }
  return { file: new URL(`./${entry}.js`, import.meta.url), workerData: null };
}

export class ParsePool<T extends Tasks = ParseTasks> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;

  constructor(
    private readonly size = Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    private readonly limits: { heapMb: number; youngMb: number; timeoutMs: number; idleMs: number; queue: number } = PARSE_LIMITS,
    private readonly entry: Entry = 'parse-worker',
  ) {}

  run<K extends TaskName<T>>(task: K, ...args: TaskArgs<T, K>): Promise<TaskResult<T, K>> {
    return new Promise((resolve, reject) => {
      const running = this.slots.filter((s) => s.job).length;
      if (running >= this.size && this.waiting.length >= this.limits.queue) {
        reject(busy());
        return;
      }
      const bytes = args.reduce<number>((n, a) => n + (a instanceof Uint8Array ? a.byteLength : 0), 0);
      this.waiting.push({ id: this.nextId++, task, args, bytes, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops every worker (tasks still running are refused). */
  async close(): Promise<void> {
    for (const job of this.waiting.splice(0)) job.reject(busy());
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s)));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const job = this.waiting.shift()!;
      this.start(slot, job);
    }
  }

  private spawn(): Slot {
    const { file, workerData } = workerEntry(this.entry);
    const worker = new Worker(file, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: this.limits.youngMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, job: null, idle: null, deadline: null };
    worker.on('message', (reply: ParseReply) => this.settle(slot, reply));
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', () => this.fail(slot, new Error('the parse worker stopped')));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    slot.deadline = setTimeout(() => {
      slot.deadline = null;
      this.fail(slot, codedFieldError('file', 'file.readTimeout', { seconds: this.limits.timeoutMs / 1000 }));
    }, this.limits.timeoutMs);
    slot.worker.postMessage({ id: job.id, task: job.task, args: job.args });
  }

  private settle(slot: Slot, reply: ParseReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    this.finish(slot);
    if (reply.ok) job.resolve(reply.value);
    else if (reply.app) job.reject(new AppError(reply.app.status, reply.app.code, reply.app.message, reply.app.data));
    else job.reject(new Error(reply.message));
    if (job.bytes > RECYCLE_AFTER_BYTES) {
      // A large file leaves a large heap behind: a fresh worker gives that memory back at once.
      void this.stop(slot);
    } else {
      slot.idle = setTimeout(() => {
        if (!slot.job) void this.stop(slot);
      }, this.limits.idleMs);
      slot.idle.unref();
    }
    this.dispatch();
  }

  /** The worker died (out of memory, an uncaught error, stopped at the deadline): its task fails, the slot goes. */
  private fail(slot: Slot, err: unknown): void {
    const at = this.slots.indexOf(slot);
    if (at === -1) return;
    this.slots.splice(at, 1);
    const job = slot.job;
    this.finish(slot);
    if (slot.idle) clearTimeout(slot.idle);
    void slot.worker.terminate();
    if (job) {
      if (err instanceof AppError) job.reject(err);
      else if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        job.reject(codedFieldError('file', 'file.readMemory'));
      } else job.reject(err);
    }
    this.dispatch();
  }

  private finish(slot: Slot): void {
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.deadline = null;
    slot.job = null;
  }

  private async stop(slot: Slot): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at !== -1) this.slots.splice(at, 1);
    if (slot.idle) clearTimeout(slot.idle);
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.job?.reject(busy());
    slot.job = null;
    await slot.worker.terminate();
  }
}

/** The process's pool, made on first use. */
let shared: ParsePool | null = null;
export const parsePool = (): ParsePool => {
  shared ??= new ParsePool();
  return shared;
};

/**
 * The pool of long computations (the forecast recalculation's lines): one worker, apart from the
 * uploads' pool, so a recalculation neither waits for uploads nor makes them wait, and one core
 * stays with the API on a 2-core machine. A line may take seconds; its heap holds the line's series.
 */
let compute: ParsePool<ComputeTasks> | null = null;
export const computePool = (): ParsePool<ComputeTasks> => {
  compute ??= new ParsePool<ComputeTasks>(
    1,
    { heapMb: 768, youngMb: 32, timeoutMs: 300_000, idleMs: 10_000, queue: 2 },
    'compute-worker',
  );
  return compute;
};

/** Runs one parse task off the event loop (see ParsePool). */
export const parseOffThread = <K extends TaskName<ParseTasks>>(
  task: K,
  ...args: TaskArgs<ParseTasks, K>
): Promise<TaskResult<ParseTasks, K>> => parsePool().run(task, ...args);
