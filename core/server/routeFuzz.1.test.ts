// The schema fuzz of every route, shard 1 of 2 (test/kit/routeFuzz.ts): each shard is its own file so the
// unit project's two workers fuzz both halves at once. FOYER_FUZZ_SEED=<seed> replays a failed run.
import { defineRouteFuzz } from '../../test/kit/routeFuzz.js'

defineRouteFuzz(0, 2)
