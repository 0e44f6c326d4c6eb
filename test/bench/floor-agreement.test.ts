// The benchmark compares every engine with the hand-written floor before timing it. This keeps
// that comparison honest in CI: on the whole corpus, Toolwarden (the built library, as the
// benchmark runs it) and the floor decide alike, except where bench/engines/toolwarden.mjs
// names the reason, and the floor agrees with itself run to run.
import { describe, expect, it } from 'vitest';

interface Engine {
  name: string;
  setup(): Promise<void>;
  decide(call: unknown): string;
  explain?: (call: unknown, floorDecision: string, decision: string) => string | undefined;
}

const { makeCorpus } = (await import('../../bench/corpus.mjs' as string)) as { makeCorpus: (count?: number, seed?: number) => unknown[] };
const { floor } = (await import('../../bench/engines/floor.mjs' as string)) as { floor: Engine };
const { toolwarden } = (await import('../../bench/engines/toolwarden.mjs' as string)) as { toolwarden: (name: string, file: string) => Engine };

describe('benchmark: Toolwarden against the floor', () => {
  it.each(['reference.yaml', 'reference-symlinks.yaml', 'reference-rules.yaml'])('%s: every difference on the corpus is explained', async (file) => {
    const engine = toolwarden(file, file);
    await engine.setup();
    const corpus = makeCorpus();
    const unexplained: unknown[] = [];
    let differ = 0;
    for (const call of corpus) {
      const a = floor.decide(call);
      const b = engine.decide(call);
      expect(floor.decide(call)).toBe(a);
      if (a === b) continue;
      differ++;
      if (engine.explain?.(call, a, b) === undefined) unexplained.push({ call, floor: a, toolwarden: b });
    }
    expect(unexplained).toEqual([]);
    // The floor is a real implementation of the reference policy, not a stand-in: most calls agree.
    expect(differ).toBeLessThan(corpus.length * 0.06);
  });
});
