import { fuzzShard } from './fuzz-run';
import { FUZZ_SHARDS } from './shards';

fuzzShard(2, FUZZ_SHARDS);
