/**
 * The demo seed (SEED=demo): every area's steps (`seed` in its manifest, modules/areas.ts),
 * each after the steps it names in `after`. Each step records itself once, so a step that
 * failed runs again at the next start and the others do nothing.
 */
import type { Db } from '../db/client';
import { AREAS } from '../modules/areas';
import type { AreaManifest, SeedOptions, SeedStep } from '../platform/area';

/** The steps of all areas, each after those it names (list order among the rest). */
export function seedOrder(areas: readonly AreaManifest[]): SeedStep[] {
  const steps = areas.flatMap((a) => a.seed ?? []);
  const byName = new Map<string, SeedStep>();
  for (const s of steps) {
    if (byName.has(s.name)) throw new Error(`seed step ${s.name} is declared twice`);
    byName.set(s.name, s);
  }
  const ordered: SeedStep[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (s: SeedStep, from: string | null) => {
    if (state.get(s.name) === 'done') return;
    if (state.get(s.name) === 'visiting') throw new Error(`seed steps wait on each other: ${s.name} and ${from}`);
    state.set(s.name, 'visiting');
    for (const name of s.after ?? []) {
      const dep = byName.get(name);
      if (!dep) throw new Error(`seed step ${s.name} runs after ${name}, which no area declares`);
      visit(dep, s.name);
    }
    state.set(s.name, 'done');
    ordered.push(s);
  };
  for (const s of steps) visit(s, null);
  return ordered;
}

/** Whether a step created the demo users, and their password when one was made up. */
export interface DemoResult {
  applied: boolean;
  generatedPassword: string | null;
}

export async function applyDemoSeed(db: Db, opts: SeedOptions = {}): Promise<DemoResult> {
  const result: DemoResult = { applied: false, generatedPassword: null };
  for (const step of seedOrder(AREAS)) {
    if (opts.skip?.includes(step.name)) continue;
    const outcome = await step.run(db, opts);
    if (outcome && 'usersCreated' in outcome && outcome.usersCreated) {
      result.applied = true;
      result.generatedPassword = outcome.generatedPassword ?? null;
    }
  }
  return result;
}
