/** Why a lazily loaded screen could not load (spec §8: chunk-load and CSS chunk errors). */
export type ChunkFailure = 'timeout' | 'css' | 'network';

export class ChunkLoadError extends Error {
  readonly kind: ChunkFailure;

  constructor(kind: ChunkFailure, message: string) {
    super(message);
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

export function classifyChunkError(err: unknown): ChunkFailure {
  if (err instanceof ChunkLoadError) return err.kind;
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  // Vite: "Unable to preload CSS for /assets/x.css"; browsers: a failed <link> load.
  if (/\bcss\b/i.test(text)) return 'css';
  return 'network';
}

/** Rejects with a ChunkLoadError when the import has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', `screen did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
