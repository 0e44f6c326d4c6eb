// What every section compiler receives and returns.
import { nameGlobList } from '../facts/name-glob.js';
import type { PolicyDocument } from '../policy/document.js';
import type { Check, CoverageItemData, Limit, PathSettings, Verdict } from './model.js';

export interface SectionInput {
  policy: string;
  doc: PolicyDocument;
  home: string;
  pathSettings: PathSettings;
  /** `file:line:column` of the node at a JSON pointer. */
  at(pointer: string): string;
  /** Registers a coverage item (a check, glob, scope rule or custom rule). */
  cover(pointer: string, label: string): void;
}

export interface SectionOutput {
  checks?: Check[];
  limits?: Limit[];
  /** Whether the section needs canonical paths. */
  usesPaths?: boolean;
}

export type SectionCompiler = (input: SectionInput) => SectionOutput;

export type { CoverageItemData };

/** A list of globs compiled once; `first` returns the index of the first that matches, or -1. */
export interface GlobList {
  globs: readonly string[];
  first(value: string): number;
}

/**
 * Tool-name and agent/channel globs: names, not paths (`*` matches `/` and dots too),
 * case-sensitive (facts/name-glob.ts).
 */
export function nameGlobs(globs: readonly string[] | undefined): GlobList {
  return nameGlobList(globs);
}

/**
 * Memory bounds: most verdicts a memo keeps before starting over, and the longest key
 * remembered: at most ~3 MB a memo. Verdicts are keyed by path or word, so the memo needs
 * room for the deny-worthy part of a session's working set (see engine/frame.ts).
 */
const MAX_VERDICTS = 4096;
const MAX_KEY_LENGTH = 256;

/**
 * Verdicts remembered by key, for checks whose verdict is a pure function of a few strings
 * (a path and a glob index): the engine only reads verdicts, so a frozen one can be shared.
 */
export class VerdictMemo {
  private readonly known = new Map<string, Verdict>();
  get(key: string): Verdict | undefined {
    return this.known.get(key);
  }
  keep(key: string, verdict: Verdict): Verdict {
    const frozen = Object.freeze(verdict);
    if (key.length > MAX_KEY_LENGTH) return frozen;
    if (this.known.size >= MAX_VERDICTS) this.known.clear();
    this.known.set(key, frozen);
    return frozen;
  }
}

/** Wraps user values in backticks for messages. */
export function tick(value: string): string {
  // Most values hold no backtick: skip the regex replace for them.
  return '`' + (value.includes('`') ? value.replace(/`/g, "'") : value) + '`';
}
