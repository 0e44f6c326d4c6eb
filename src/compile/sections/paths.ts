// `paths`: forbidden globs on every touched path (and file-name globs on every shell
// argument), allowlists for touched and written paths.
import { LRUCache } from 'lru-cache';
import { compileFileNameGlob, compilePathGlob, isFileNameGlob } from '../../facts/path-glob.js';
import type { SectionCompiler } from '../section.js';
import { tick } from '../section.js';
import type { Check } from '../model.js';

type Matcher = (path: string) => boolean;

/**
 * Path globs anchored at the workspace root: the root is known only per call (`${cwd}`,
 * symlinks), so matchers are compiled per canonical root and kept in a small owned cache.
 */
function globSet(globs: readonly string[], home: string, caseInsensitive: boolean, list: 'deny' | 'allow') {
  const byRoot = new LRUCache<string, Matcher[]>({ max: 64 });
  const fileNameTests = globs.map((g) => (isFileNameGlob(g) ? compileFileNameGlob(g, caseInsensitive) : undefined));
  // The root is nearly always the one of the previous call: check that before the LRU.
  let lastKey: string | undefined;
  let lastMatchers: Matcher[] = [];
  return {
    globs,
    matchers(root: string | undefined): Matcher[] {
      const key = root ?? '';
      if (key === lastKey) return lastMatchers;
      let m = byRoot.get(key);
      if (!m) {
        m = globs.map((g) => compilePathGlob(g, { root, home, caseInsensitive, list }));
        byRoot.set(key, m);
      }
      lastKey = key;
      lastMatchers = m;
      return m;
    },
    /** Index of the first file-name glob matching a shell argument word, or -1. */
    firstWord(word: string): number {
      for (let i = 0; i < fileNameTests.length; i++) if (fileNameTests[i]?.(word)) return i;
      return -1;
    },
  };
}


export const compilePaths: SectionCompiler = ({ doc, at, cover, home, pathSettings }) => {
  const p = doc.paths;
  if (!p) return {};
  const ci = pathSettings.caseInsensitive;
  const checks: Check[] = [];

  if (p.forbidden && p.forbidden.length > 0) {
    const set = globSet(p.forbidden, home, ci, 'deny');
    set.globs.forEach((g, i) => cover(`/paths/forbidden/${i}`, `paths.forbidden ${tick(g)}`));
    // Pointers and source locations per glob, built once rather than per verdict.
    const pointers = set.globs.map((_, i) => `/paths/forbidden/${i}`);
    const sources = pointers.map((pointer) => at(pointer));
    checks.push({
      id: 'paths.forbidden',
      run(view, sink) {
        const facts = view.paths();
        if (!facts.ok) return;
        const matchers = set.matchers(view.anchor());
        const hits: string[] | undefined = sink.trace ? [] : undefined;
        for (const path of facts.paths) {
          for (let i = 0; i < matchers.length; i++) {
            if (!matchers[i]!(path)) continue;
            hits?.push(pointers[i]!);
            sink.verdicts.push({ decision: 'deny', check: 'paths.forbidden', message: `path ${tick(path)} matches forbidden glob ${tick(set.globs[i]!)}`, source: sources[i]! });
            break;
          }
        }
        for (const word of facts.words) {
          const i = set.firstWord(word);
          if (i < 0) continue;
          hits?.push(pointers[i]!);
          sink.verdicts.push({ decision: 'deny', check: 'paths.forbidden', message: `command argument ${tick(word)} matches forbidden glob ${tick(set.globs[i]!)}`, source: sources[i]! });
        }
        sink.trace?.push({ policy: '', check: 'paths.forbidden', outcome: hits && hits.length ? 'deny' : 'allow', saw: { paths: facts.paths, words: facts.words }, hits });
      },
    });
  }

  for (const key of ['allowed', 'writable'] as const) {
    const globs = p[key];
    if (!globs) continue;
    const set = globSet(globs, home, ci, 'allow');
    set.globs.forEach((g, i) => cover(`/paths/${key}/${i}`, `paths.${key} ${tick(g)}`));
    const check = `paths.${key}`;
    const listSource = at(`/paths/${key}`);
    checks.push({
      id: check,
      run(view, sink) {
        const facts = view.paths();
        if (!facts.ok) return;
        const matchers = set.matchers(view.anchor());
        const hits: string[] | undefined = sink.trace ? [] : undefined;
        let objected = false;
        for (let j = 0; j < facts.paths.length; j++) {
          if (key === 'writable' && !facts.written[j]) continue;
          const path = facts.paths[j]!;
          let found = -1;
          for (let i = 0; i < matchers.length; i++) if (matchers[i]!(path)) { found = i; break; }
          if (found >= 0) { hits?.push(`/paths/${key}/${found}`); continue; }
          objected = true;
          const what = key === 'writable' ? 'written path' : 'path';
          sink.verdicts.push({ decision: 'deny', check, message: `${what} ${tick(path)} is not in paths.${key}`, source: listSource });
        }
        sink.trace?.push({ policy: '', check, outcome: objected ? 'deny' : 'allow', saw: facts.paths, hits });
      },
    });
  }
  return { checks, usesPaths: true };
};
