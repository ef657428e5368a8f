/** How many fuzz-N.test.ts files share the operations; add a file when adding a shard. */
export const FUZZ_SHARDS = 3;
