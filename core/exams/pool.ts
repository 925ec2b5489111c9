// Drawing an attempt's questions: N of the pool's M, shuffled by a seed stored with the attempt, so the same seed
// always gives the same questions in the same order (a refresh, a resumed attempt, the result page). Pure.

/** mulberry32: a small, well-mixed 32-bit generator; enough to shuffle questions (not for secrets). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` of `pool` (all when null or larger), in an order decided by `seed` (Fisher-Yates). */
export function drawQuestions<T>(pool: readonly T[], count: number | null, seed: number): T[] {
  const random = seededRandom(seed);
  const shuffled = [...pool];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, count === null ? shuffled.length : Math.min(count, shuffled.length));
}

/** A seed for a new attempt: a positive int4. */
export function newSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 2_147_483_646);
}
