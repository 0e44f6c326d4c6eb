// `paths`: forbidden globs on every touched path (and file-name globs on every shell
// argument), allowlists for touched and written paths.
import { LRUCache } from 'lru-cache';
import { absoluteWordTest, compileFileNameGlob, compilePathGlob, isFileNameGlob, type PathGlobOptions } from '../../facts/path-glob.js';
import { globThroughLinks } from '../../facts/paths.js';
import { RememberedFirst } from '../../facts/glob-test.js';
import type { SectionCompiler } from '../section.js';
import { tick, VerdictMemo } from '../section.js';
import type { Check, Verdict } from '../model.js';

/** `dotRule`: the path or word is a shell wildcard the dot rule holds for (facts/path-glob.ts); deny lists read it. */
type Matcher = (path: string, dotRule?: boolean) => boolean;

/** Stands in for a glob that is not a file-name glob: it matches no shell word. */
const never: Matcher = () => false;

/**
 * Memory bounds: most answers a glob set remembers over all roots (and for shell words)
 * before starting over, and the longest path or word remembered (longer ones are tested
 * every time): at most ~7 MB. Sized like the canonical-path memo (engine/frame.ts).
 */
const MAX_REMEMBERED = 16_384;
const MAX_REMEMBERED_LENGTH = 256;

/** Matchers for one canonical root, and what they said about paths seen before. */
interface RootGlobs {
  matchers: Matcher[];
  /** Index of the first matching glob by canonical path, -1 for none. */
  first: Map<string, number>;
}

/**
 * Path globs anchored at the workspace root: the root is known only per call (`${cwd}`,
 * symlinks), so matchers are compiled per canonical root and kept in a small owned cache.
 * A matcher is a pure function of the canonical path, so its answer is remembered per root
 * (bounded; the file system is never consulted here). A class, so every glob set in the
 * process shares one `first` (a call target per set would split V8's feedback between sets).
 */
class GlobSet {
  private readonly byRoot = new LRUCache<string, RootGlobs>({ max: 64 });
  /** First file-name glob matching a shell word; undefined when the set has no file-name glob. */
  private readonly words: RememberedFirst | undefined;
  /** The same for words the dot rule holds for (PathFacts.wordDotRule). */
  private readonly ruledWords: RememberedFirst | undefined;
  // The root is nearly always the one of the previous call: checked before the LRU.
  private lastKey: string | undefined;
  private last: RootGlobs | undefined;
  private remembered = 0; // entries in every root's map together

  constructor(
    readonly globs: readonly string[],
    private readonly home: string,
    private readonly caseInsensitive: boolean,
    private readonly list: 'deny' | 'allow',
    /** Per glob, the same glob with its literal directories resolved through symlinks (facts/paths.ts globThroughLinks), matched too. */
    private readonly throughLinks: readonly (string | undefined)[],
    /** `narrow`: matched against narrow forms of paths (PathFacts.narrow); such a set tries no shell words. */
    private readonly fold?: 'narrow',
  ) {
    // Shell words are tried against a deny list's file-name globs and absolute globs (with their resolved forms).
    const wordTest = (g: string, i: number): Matcher | undefined => {
      if (fold !== undefined || list !== 'deny') return undefined;
      if (isFileNameGlob(g)) return compileFileNameGlob(g, caseInsensitive);
      if (!g.startsWith('/')) return undefined;
      return absoluteWordTest(this.matcher(g, throughLinks[i], { root: undefined, home, caseInsensitive, list }), caseInsensitive);
    };
    const fileNameTests = globs.map(wordTest);
    const any = fileNameTests.some((t) => t !== undefined);
    this.words = any ? new RememberedFirst(fileNameTests.map((t) => t ?? never), MAX_REMEMBERED, MAX_REMEMBERED_LENGTH) : undefined;
    this.ruledWords = any ? new RememberedFirst(fileNameTests.map((t) => (t === undefined ? never : (w: string) => t(w, true))), MAX_REMEMBERED, MAX_REMEMBERED_LENGTH) : undefined;
  }

  private forRoot(root: string | undefined): RootGlobs {
    const key = root ?? '';
    if (key === this.lastKey) return this.last!;
    let r = this.byRoot.get(key);
    if (!r) {
      const { home, caseInsensitive, list, fold, throughLinks } = this;
      const options: PathGlobOptions = { root, home, caseInsensitive, list, ...(fold ? { fold } : {}) };
      r = { matchers: this.globs.map((g, i) => this.matcher(g, throughLinks[i], options)), first: new Map() };
      this.byRoot.set(key, r);
    }
    this.lastKey = key;
    this.last = r;
    return r;
  }

  /** A glob's matcher over canonical paths: as written, or through its literal directories' links. */
  private matcher(glob: string, throughLinks: string | undefined, options: PathGlobOptions): Matcher {
    const written = compilePathGlob(glob, options);
    if (throughLinks === undefined) return written;
    const resolved = compilePathGlob(throughLinks, options);
    return (path, dotRule) => written(path, dotRule) || resolved(path, dotRule);
  }

  /** Index of the first glob matching a canonical path under this root, or -1 (`dotRule`: see Matcher). */
  first(root: string | undefined, path: string, dotRule = false): number {
    const r = this.forRoot(root);
    // Answers under the dot rule are remembered apart: a NUL, which no canonical path holds, marks them.
    const key = dotRule ? '\0' + path : path;
    let i = r.first.get(key);
    if (i !== undefined) return i;
    i = -1;
    const { matchers } = r;
    for (let j = 0; j < matchers.length; j++) {
      if (matchers[j]!(path, dotRule)) {
        i = j;
        break;
      }
    }
    if (path.length > MAX_REMEMBERED_LENGTH) return i;
    if (this.remembered >= MAX_REMEMBERED) {
      for (const other of this.byRoot.values()) other.first.clear();
      r.first.clear();
      this.remembered = 0;
    }
    r.first.set(key, i);
    this.remembered++;
    return i;
  }

  /** Index of the first file-name glob matching a shell argument word, or -1 (`dotRule`: see Matcher). */
  firstWord(word: string, dotRule = false): number {
    const words = dotRule ? this.ruledWords : this.words;
    return words === undefined ? -1 : words.first(word);
  }

}

export const compilePaths: SectionCompiler = ({ doc, at, cover, home, pathSettings }) => {
  const p = doc.paths;
  if (!p) return {};
  const ci = pathSettings.caseInsensitive;
  const checks: Check[] = [];
  // The paths matched have their links resolved: so have the absolute globs' directories, once.
  const throughLinksOf = (globs: readonly string[]): (string | undefined)[] => (pathSettings.resolveSymlinks ? globs.map((g) => globThroughLinks(g, home, ci)) : []);

  if (p.forbidden && p.forbidden.length > 0) {
    const set = new GlobSet(p.forbidden, home, ci, 'deny', throughLinksOf(p.forbidden));
    const rootless = pathSettings.root === undefined;
    set.globs.forEach((g, i) => cover(`/paths/forbidden/${i}`, `paths.forbidden ${tick(g)}`));
    // Pointers and source locations per glob, built once rather than per verdict.
    const pointers = set.globs.map((_, i) => `/paths/forbidden/${i}`);
    const sources = pointers.map((pointer) => at(pointer));
    // A verdict is a pure function of (glob, path) and of (glob, word): remembered per glob.
    const pathVerdicts = set.globs.map(() => new VerdictMemo());
    const wordVerdicts = set.globs.map(() => new VerdictMemo());
    const pathVerdict = (i: number, path: string): Verdict => {
      const memo = pathVerdicts[i]!;
      return memo.get(path) ?? memo.keep(path, { decision: 'deny', check: 'paths.forbidden', message: `path ${tick(path)} matches forbidden glob ${tick(set.globs[i]!)}`, source: sources[i]! });
    };
    checks.push({
      id: 'paths.forbidden',
      run(view, sink) {
        const facts = view.paths();
        if (!facts.ok) return;
        // With no workspace root, relative forbidden globs are anchored nowhere and match at any
        // depth (`secrets/**` as `**/secrets/**`): a cwd the call names must not move them.
        const anchor = rootless ? undefined : view.anchor();
        const hits: string[] | undefined = sink.trace ? [] : undefined;
        const { paths, named, words, dotRule, wordDotRule } = facts;
        // Globs (the first 31) that a path already matched: a bare name or a word matching one adds no reason.
        let matched = 0;
        for (let j = 0; j < paths.length; j++) {
          const i = set.first(anchor, paths[j]!, dotRule?.[j] === true);
          if (i < 0) continue;
          if (i < 31) matched |= 1 << i;
          hits?.push(pointers[i]!);
          sink.verdicts.push(pathVerdict(i, paths[j]!));
        }
        for (let j = 0; j < named.length; j++) {
          const i = set.first(anchor, named[j]!);
          if (i < 0 || (i < 31 && (matched & (1 << i)) !== 0)) continue;
          if (i < 31) matched |= 1 << i;
          hits?.push(pointers[i]!);
          sink.verdicts.push(pathVerdict(i, named[j]!));
        }
        for (let j = 0; j < words.length; j++) {
          const word = words[j]!;
          const i = set.firstWord(word, wordDotRule?.[j] === true);
          // A glob a path or a name already matched (`cat .env`) needs no second reason for the word.
          if (i < 0 || (i < 31 && (matched & (1 << i)) !== 0)) continue;
          hits?.push(pointers[i]!);
          const memo = wordVerdicts[i]!;
          sink.verdicts.push(memo.get(word) ?? memo.keep(word, { decision: 'deny', check: 'paths.forbidden', message: `argument or file pattern ${tick(word)} matches forbidden glob ${tick(set.globs[i]!)}`, source: sources[i]! }));
        }
        sink.trace?.push({ policy: '', check: 'paths.forbidden', outcome: hits && hits.length ? 'deny' : 'allow', saw: { paths: facts.paths, named: facts.named, words: facts.words }, hits });
      },
    });
  }

  for (const key of ['allowed', 'writable'] as const) {
    const globs = p[key];
    if (!globs) continue;
    const throughLinks = throughLinksOf(globs);
    const set = new GlobSet(globs, home, ci, 'allow', throughLinks);
    // Allowlists must match no more than the file system does: a path with a narrow form
    // (NFC or folding changed it: paths.ts checkedNarrow) must match in that form too. Made
    // on the first such path: plain ASCII names never need it.
    let narrowSet: GlobSet | undefined;
    set.globs.forEach((g, i) => cover(`/paths/${key}/${i}`, `paths.${key} ${tick(g)}`));
    const check = `paths.${key}`;
    const listSource = at(`/paths/${key}`);
    checks.push({
      id: check,
      run(view, sink) {
        const facts = view.paths();
        if (!facts.ok) return;
        const anchor = view.anchor();
        const hits: string[] | undefined = sink.trace ? [] : undefined;
        let objected = false;
        const { narrow } = facts;
        for (let j = 0; j < facts.paths.length; j++) {
          if (key === 'writable' && !facts.written[j]) continue;
          const path = facts.paths[j]!;
          let found = set.first(anchor, path);
          let only = '';
          const narrowPath = narrow?.[j];
          if (found >= 0 && narrowPath !== undefined && narrowPath !== path) {
            narrowSet ??= new GlobSet(globs, home, ci, 'allow', throughLinks, 'narrow');
            if (narrowSet.first(view.narrowAnchor(), narrowPath) < 0) {
              found = -1;
              only = ` (as the file system compares names ${tick(narrowPath)}: only Unicode normalisation or case folding makes it match)`;
            }
          }
          if (found >= 0) { hits?.push(`/paths/${key}/${found}`); continue; }
          objected = true;
          const what = key === 'writable' ? 'written path' : 'path';
          sink.verdicts.push({ decision: 'deny', check, message: `${what} ${tick(path)} is not in paths.${key}${only}`, source: listSource });
        }
        sink.trace?.push({ policy: '', check, outcome: objected ? 'deny' : 'allow', saw: facts.paths, hits });
      },
    });
  }
  return { checks, usesPaths: true };
};
