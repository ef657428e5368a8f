import { fuzzShard } from './fuzz-run';
import { FUZZ_SHARDS } from './shards';

fuzzShard(1, FUZZ_SHARDS);
