import { fuzzShard } from './fuzz-run';
import { FUZZ_SHARDS } from './shards';

fuzzShard(3, FUZZ_SHARDS);
