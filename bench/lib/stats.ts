import { readFileSync } from 'node:fs';

/** Latency figures of one load run, the same shape for the API and for the driver alone. */
export interface RunStats {
  connections: number;
  /** Seconds the run actually lasted. */
  seconds: number;
  /** Successful requests (2xx for HTTP, no error for the driver). */
  ok: number;
  /** HTTP answers other than 2xx (always 0 for the driver). */
  non2xx: number;
  /** Socket errors and timeouts (HTTP) or thrown errors (driver). */
  errors: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** First error or unexpected status, for the message when a run fails. */
  firstProblem?: string;
  cpu?: CpuUse;
}

/** Nearest-rank percentile of a sorted array (ms). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Collects latencies up to a fixed count, so a long or fast run cannot exhaust memory. */
export class LatencyRecorder {
  private readonly values: Float64Array;
  private n = 0;
  constructor(private readonly cap = 2_000_000) {
    this.values = new Float64Array(cap);
  }
  record(ms: number): void {
    if (this.n < this.cap) this.values[this.n++] = ms;
  }
  get count(): number {
    return this.n;
  }
  summary(): Pick<RunStats, 'p50' | 'p95' | 'p99' | 'max'> {
    const sorted = this.values.slice(0, this.n).sort();
    return {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    };
  }
}

export const round = (x: number, digits = 1): number => {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** 1234.5 -> "1,235"; small values keep a decimal. */
export function fmt(x: number | null | undefined, digits = 1): string {
  if (x == null || !Number.isFinite(x)) return 'n/a';
  const d = Math.abs(x) >= 100 ? 0 : digits;
  return x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** CPU use over one run: this process (the load generator or the driver loops) and the whole machine. */
export interface CpuUse {
  /** Cores this process kept busy on average. */
  clientCores: number;
  /** Share of all cores busy (Linux /proc/stat; null elsewhere). */
  machineBusy: number | null;
}

function procStat(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const idle = (f[3] ?? 0) + (f[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Starts measuring; the returned function ends the measurement. */
export function measureCpu(): () => CpuUse {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const s0 = procStat();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const s1 = procStat();
    const machineBusy = s0 && s1 && s1.total > s0.total ? (s1.busy - s0.busy) / (s1.total - s0.total) : null;
    return { clientCores: (c.user + c.system) / 1e6 / seconds, machineBusy };
  };
}
