// Semantic checks on one schema-valid document: what JSON Schema cannot say.
import picomatch from 'picomatch';
import { DiagnosticCode } from '../errors.js';
import type { PolicyDocument } from './document.js';
import { fieldName, shown } from './issue.js';
import type { Issue } from './issue.js';
import { hasNestedRepetition } from './unsafe-regex.js';
import { nameGlobTest } from '../facts/name-glob.js';
import { isRootRelativeGlob } from '../facts/path-glob.js';
import { lexicallyNormalised } from '../facts/within.js';
import { caseFold } from '../facts/unicode.js';
import { authoringTraps, comparisons } from './lint-authoring.js';

export const GLOB_MAX_LENGTH = 1024;

/** Every glob list in a document, by pointer. */
export function globLists(doc: PolicyDocument): Array<{ pointer: string; globs: readonly string[] }> {
  const lists: Array<{ pointer: string; globs: readonly string[] | undefined }> = [
    { pointer: '/match/tools', globs: doc.match?.tools },
    { pointer: '/match/agents', globs: doc.match?.agents },
    { pointer: '/match/channels', globs: doc.match?.channels },
    { pointer: '/toolClasses/read', globs: doc.toolClasses?.read },
    { pointer: '/toolClasses/write', globs: doc.toolClasses?.write },
    { pointer: '/toolClasses/exec', globs: doc.toolClasses?.exec },
    { pointer: '/tools/allow', globs: doc.tools?.allow },
    { pointer: '/tools/approve', globs: doc.tools?.approve },
    { pointer: '/tools/deny', globs: doc.tools?.deny },
    { pointer: '/paths/forbidden', globs: doc.paths?.forbidden },
    { pointer: '/paths/allowed', globs: doc.paths?.allowed },
    { pointer: '/paths/writable', globs: doc.paths?.writable },
    { pointer: '/shell/allow', globs: doc.shell?.allow },
    { pointer: '/shell/approve', globs: doc.shell?.approve },
    { pointer: '/shell/deny', globs: doc.shell?.deny },
    { pointer: '/scopes/owner', globs: Array.isArray(doc.scopes?.owner) ? doc.scopes.owner : undefined },
  ];
  (doc.limits?.rate ?? []).forEach((rate, i) => lists.push({ pointer: `/limits/rate/${i}/tools`, globs: rate.tools }));
  (doc.scopes?.rules ?? []).forEach((rule, i) => lists.push({ pointer: `/scopes/rules/${i}/tools`, globs: rule.tools }));
  return lists.filter((l): l is { pointer: string; globs: readonly string[] } => l.globs !== undefined);
}

// Characters a reader does not see (format characters: zero-width spaces and joiners, direction
// marks and embeddings, the byte-order mark; controls) and blanks other than the space, which
// show as one: in a name or a glob they make the entry match other than it reads (`.env` with a
// zero-width space after it forbids nothing a file is called).
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u;

/** Why a name or glob holds a character that does not show as itself, or undefined. */
export function invisibleCharacterProblem(text: string): { code: string; message: string } | undefined {
  const found = INVISIBLE.exec(text);
  if (found === null) return undefined;
  const code = `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const visible = text.replace(new RegExp(INVISIBLE.source, 'gu'), (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
  return { code: DiagnosticCode.InvisibleCharacter, message: `${shown(visible)} holds ${code}, a character that does not show as itself: the entry would match other than it reads; remove it` };
}

/** Why a glob cannot be used, or undefined when it is fine. */
// Extglobs (`+(a|b)`, `@(x)`, `!(y)`, ...): picomatch either compiles them to backtracking
// regexes or, when it judges them risky, silently treats them as literal text (a dead
// matcher). Neither is acceptable in a security policy, so they are refused outright.
const EXTGLOB = /[?*+@!]\(/;

/**
 * Shell command patterns are not picomatch globs: only `*` is special and matching is
 * linear (src/facts/command-glob.ts), so only emptiness and length can be wrong.
 */
export function commandPatternProblem(pattern: string): { code: string; message: string } | undefined {
  if (pattern.trim() === '') return { code: DiagnosticCode.BadGlob, message: 'command pattern is empty' };
  if (pattern.length > GLOB_MAX_LENGTH) return { code: DiagnosticCode.GlobTooLong, message: `command pattern is longer than ${GLOB_MAX_LENGTH} characters` };
  // A pattern written as an extglob would silently match only literally (a dead deny rule).
  if (EXTGLOB.test(pattern)) return { code: DiagnosticCode.UnsafeRegex, message: `command pattern ${shown(pattern)} looks like an extglob: only \`*\` is special in command patterns` };
  return undefined;
}

/**
 * Globs whose text means something other than it looks (a diagnostic, never a silent rule):
 * a leading `!` is not a negation (every list only adds: `tools.allow: ["*", "!exec"]` allows
 * `exec`), and in a path glob a backslash before a letter or digit is not a Windows separator
 * (`config\\prod.key` is `configprod.key`); `***` means nothing more than `*` or `**`, and picomatch
 * misreads some (`***n.` matches `.env`). A literal `!` or `\\` is written escaped.
 */
export function globMeaningProblem(glob: string, isPathGlob: boolean): { code: string; message: string } | undefined {
  if (glob.startsWith('!')) {
    return {
      code: DiagnosticCode.BadGlob,
      message: `glob ${shown(glob)} starts with \`!\`, which does not negate (a list only adds names): write \`\\!\` for a literal \`!\``,
    };
  }
  // picomatch compiles a leading `***` with a final `.` unescaped: `***n.` matches `.env`.
  if (glob.includes('***')) {
    return { code: DiagnosticCode.BadGlob, message: `glob ${shown(glob)} holds \`***\`, which is no glob: write \`*\` (within a segment) or \`**\` (any depth)` };
  }
  if (isPathGlob && /\\(?:[A-Za-z0-9]|$)/.test(glob)) {
    return {
      code: DiagnosticCode.BadGlob,
      message: `glob ${shown(glob)} holds a backslash before a letter or digit, which only escapes it (it is no path separator): use \`/\` between directories`,
    };
  }
  return undefined;
}

export function globProblem(glob: string): { code: string; message: string } | undefined {
  if (glob.length > GLOB_MAX_LENGTH) {
    return { code: DiagnosticCode.GlobTooLong, message: `glob is longer than ${GLOB_MAX_LENGTH} characters` };
  }
  if (EXTGLOB.test(glob)) {
    return { code: DiagnosticCode.UnsafeRegex, message: `glob ${shown(glob)} uses an extglob pattern, which is not supported (it can backtrack or match only literally)` };
  }
  let source: string;
  try {
    // debug: picomatch otherwise swallows a regex that fails to compile and returns one
    // that never matches (a silently dead rule).
    source = picomatch.makeRe(glob, { dot: true, debug: true }).source;
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0] ?? '';
    return { code: DiagnosticCode.BadGlob, message: `glob ${shown(glob)} does not compile: ${reason.toLowerCase()}` };
  }
  if (hasNestedRepetition(source)) {
    return {
      code: DiagnosticCode.UnsafeRegex,
      message: `glob ${shown(glob)} can take exponential time to match (repeated group with nested repetition or alternatives)`,
    };
  }
  return undefined;
}

/**
 * Tool, agent and channel globs are compiled as name globs (facts/name-glob.ts), whose
 * brackets differ a little from picomatch's: one that does not compile there (`[!]-0]`) is
 * refused here, not found when the policy set is built.
 */
function nameGlobProblem(glob: string): { code: string; message: string } | undefined {
  try {
    nameGlobTest(glob);
    return undefined;
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0] ?? '';
    return { code: DiagnosticCode.BadGlob, message: `name glob ${shown(glob)} does not compile: ${reason.toLowerCase()}` };
  }
}

// The lists of tool-name globs.
const TOOL_LIST = /^\/(?:match\/tools|toolClasses\/\w+|tools\/\w+|limits\/rate\/\d+\/tools|scopes\/rules\/\d+\/tools)$/;

/**
 * A tool glob no gateway's tool name can match: names hold no parentheses, blanks, `|` or commas
 * (outside `{a,b}`), so `Bash(rm:*)` (Claude Code's permission syntax), `exec|bash` or
 * `exec,bash` would quietly match nothing.
 */
function toolGlobProblem(glob: string): { code: string; message: string } | undefined {
  if (!/[()|\s]/.test(glob) && !(glob.includes(',') && !glob.includes('{'))) return undefined;
  const hint = /^\w+\(.*\)$/.test(glob) ? ': Claude Code\'s `Tool(pattern)` permission syntax is no tool name; for commands use `shell.deny`/`shell.allow`, for paths `paths`' : ': list each name on its own';
  return { code: DiagnosticCode.BadGlob, message: `tool glob ${shown(glob)} can match no tool name (none holds \`(\`, \`)\`, \`|\`, a comma outside braces or a blank)${hint}` };
}

/**
 * Facts a call may lack: its agent, session, channel and requester, and any parameter (a fact
 * read through a path into `params`). toolName, toolClass and the lists paths and commands
 * are always there.
 */
function mayBeMissing(fact: unknown, path: unknown): boolean {
  if (fact === 'agentId' || fact === 'sessionId' || fact === 'channel' || fact === 'requester') return true;
  return path !== undefined && (fact === 'params' || fact === 'paths' || fact === 'commands');
}

/**
 * The comparisons on facts a call may lack that count towards firing the rule (under an even
 * number of `not`s), each with its operator and value. A missing fact makes some of them false
 * where the author most likely meant otherwise: `doesNotContain` ("no list, so it does not
 * contain it"), `equal false` and `equal null` (a missing field is undefined, which equals
 * neither: `senderIsOwner equal false` does not fire for a requester without the field).
 * `notEqual` and `notIn` are true on a missing fact (the rule fires), and under `not` a false
 * comparison fires the rule: neither is a trap.
 */
function comparisonsOnMissingFacts(node: unknown, pointer: string): Array<{ pointer: string; fact: string; path: string | undefined; operator: unknown; value: unknown }> {
  return comparisons(node, pointer)
    .filter((c) => !c.negated && mayBeMissing(c.fact, c.path))
    .map((c) => ({ pointer: c.pointer, fact: String(c.fact), path: typeof c.path === 'string' ? c.path : undefined, operator: c.operator, value: c.value }));
}

/** The string values compared with the `paths` fact as a whole list (no `path`), anywhere in a condition. */
function pathsFactValues(node: unknown, pointer: string): Array<{ pointer: string; value: string }> {
  return comparisons(node, pointer)
    .filter((c) => c.fact === 'paths' && c.path === undefined)
    .flatMap((c) => {
      if (typeof c.value === 'string') return [{ pointer: `${c.pointer}/value`, value: c.value }];
      if (!Array.isArray(c.value)) return [];
      return c.value.flatMap((v, i) => (typeof v === 'string' ? [{ pointer: `${c.pointer}/value/${i}`, value: v }] : []));
    });
}

/** Why no canonical path equals `value` (absolute, `.`/`..`/`//` collapsed, NFC, folded when case-insensitive), or undefined. */
function nonCanonicalPath(value: string, caseInsensitive: boolean): string | undefined {
  if (!value.startsWith('/')) return 'paths are absolute';
  const normal = lexicallyNormalised(value.normalize('NFC'));
  if (normal !== value) return `it is \`${normal}\` once \`.\`, \`..\`, \`//\` and a final \`/\` are collapsed`;
  if (caseInsensitive && caseFold(value) !== value) return `with \`caseInsensitive\` paths are folded: \`${caseFold(value)}\``;
  return undefined;
}

export function lintDocument(doc: PolicyDocument): Issue[] {
  const lists = globLists(doc);
  // Text that validates but is looser than it reads (lint-authoring.ts).
  const issues: Issue[] = authoringTraps(doc, lists);
  const error = (code: string, message: string, pointer: string): void => {
    issues.push({ code, severity: 'error', message, pointer });
  };
  const warn = (code: string, message: string, pointer: string): void => {
    issues.push({ code, severity: 'warning', message, pointer });
  };

  for (const { pointer, globs } of lists) {
    globs.forEach((glob, i) => {
      const path = pointer.startsWith('/paths/');
      const tool = TOOL_LIST.test(pointer);
      const problem =
        invisibleCharacterProblem(glob) ??
        (pointer.startsWith('/shell/') ? commandPatternProblem(glob) : (globMeaningProblem(glob, path) ?? globProblem(glob) ?? (path ? undefined : nameGlobProblem(glob)) ?? (tool ? toolGlobProblem(glob) : undefined)));
      if (problem !== undefined) error(problem.code, problem.message, `${pointer}/${i}`);
    });
  }
  // The other names a call is matched against: who asks, for which message actions, and the root.
  const names: Array<{ pointer: string; text: string | undefined }> = [{ pointer: '/workspace/root', text: doc.workspace?.root }];
  (doc.scopes?.rules ?? []).forEach((rule, i) => {
    const at = `/scopes/rules/${i}`;
    names.push({ pointer: `${at}/channel`, text: rule.channel }, { pointer: `${at}/accountId`, text: rule.accountId });
    for (const [key, list] of [['senderIds', rule.senderIds], ['roleIds', rule.roleIds], ['messageActions', rule.messageActions]] as const) {
      (list ?? []).forEach((text, j) => names.push({ pointer: `${at}/${key}/${j}`, text }));
    }
  });
  for (const { pointer, text } of names) {
    const problem = text === undefined ? undefined : invisibleCharacterProblem(text);
    if (problem !== undefined) error(problem.code, problem.message, pointer);
  }

  // A deny or approve pattern of several words and no `*` matches that whole command only
  // (`rm -rf` is not `rm -rf /x`): most likely meant as a prefix. (One word alone, `sh`, is
  // often meant exactly: a shell reading its script from a pipe.)
  for (const list of ['deny', 'approve'] as const) {
    (doc.shell?.[list] ?? []).forEach((pattern, i) => {
      if (!pattern.includes('*') && /\S\s+\S/.test(pattern)) {
        warn(DiagnosticCode.ExactCommandPattern, `\`shell.${list}\` pattern ${shown(pattern)} matches only that whole command (patterns match the whole command): write ${shown(`${pattern.trim()} *`)} to ${list} it with any arguments after`, `/shell/${list}/${i}`);
      }
    });
  }

  // Rule ids: one namespace per policy across rules, rate limits and scope rules.
  const seenIds = new Map<string, string>();
  const ruleIds: Array<{ id: string; pointer: string }> = [
    ...(doc.rules ?? []).map((r, i) => ({ id: r.id, pointer: `/rules/${i}/id` })),
    ...(doc.limits?.rate ?? []).map((r, i) => ({ id: r.id, pointer: `/limits/rate/${i}/id` })),
    ...(doc.scopes?.rules ?? []).map((r, i) => ({ id: r.id, pointer: `/scopes/rules/${i}/id` })),
  ];
  for (const { id, pointer } of ruleIds) {
    const first = seenIds.get(id);
    if (first !== undefined) {
      error(DiagnosticCode.DuplicateRuleId, `duplicate rule id \`${id}\` (first used at \`${fieldName(first)}\`)`, pointer);
    } else seenIds.set(id, pointer);
  }

  const emptyAllowlists: Array<[readonly string[] | undefined, string, string]> = [
    [doc.tools?.allow, '/tools/allow', 'every tool not in `tools.approve` is denied'],
    [doc.paths?.allowed, '/paths/allowed', 'every call that touches a path is denied'],
    [doc.paths?.writable, '/paths/writable', 'every write that touches a path is denied'],
    [doc.shell?.allow, '/shell/allow', 'every command not in `shell.approve` is denied'],
  ];
  (doc.scopes?.rules ?? []).forEach((rule, i) =>
    emptyAllowlists.push([rule.tools, `/scopes/rules/${i}/tools`, 'requesters matching this rule may use no tool']),
  );
  for (const [list, pointer, consequence] of emptyAllowlists) {
    if (list !== undefined && list.length === 0) {
      warn(DiagnosticCode.EmptyAllowlist, `\`${fieldName(pointer)}\` is empty: ${consequence}`, pointer);
    }
  }
  (doc.scopes?.rules ?? []).forEach((rule, i) => {
    if (rule.senderIds === undefined && rule.roleIds === undefined) {
      warn(
        DiagnosticCode.EmptyAllowlist,
        `scope rule \`${rule.id}\` lists neither \`senderIds\` nor \`roleIds\`: it matches no requester`,
        `/scopes/rules/${i}`,
      );
    }
  });
  (doc.scopes?.rules ?? []).forEach((rule, i) => {
    if ((rule.senderIds !== undefined || rule.roleIds !== undefined) && rule.channel === undefined) {
      warn(
        DiagnosticCode.ScopeRuleWithoutChannel,
        `scope rule \`${rule.id}\` lists \`senderIds\`/\`roleIds\` but no \`channel\`: the ids match in every channel, though they are only unique per channel and account; add \`channel\` (and \`accountId\`)`,
        `/scopes/rules/${i}`,
      );
    }
  });
  (doc.rules ?? []).forEach((rule, i) => {
    for (const { pointer, fact, path } of comparisonsOnMissingFacts(rule.when, `/rules/${i}/when`).filter((c) => c.operator === 'doesNotContain')) {
      const shownFact = path === undefined ? `\`${fact}\`` : `\`${fact}\` \`${path}\``;
      warn(
        DiagnosticCode.NegationOnMissingFact,
        `rule \`${rule.id}\`: \`doesNotContain\` on ${shownFact} is false when a call lacks that fact (json-rules-engine semantics), so the rule does not fire for such a call; to fire then too, write the positive form under \`not\`: \`not: { fact: ${fact}${path === undefined ? '' : `, path: "${path}"`}, operator: contains, value: … }\``,
        `${pointer}/operator`,
      );
    }
  });
  (doc.rules ?? []).forEach((rule, i) => {
    for (const { pointer, fact, path, value } of comparisonsOnMissingFacts(rule.when, `/rules/${i}/when`).filter((c) => c.operator === 'equal' && (c.value === false || c.value === null))) {
      const shownFact = path === undefined ? `\`${fact}\`` : `\`${fact}\` \`${path}\``;
      const instead = value === false ? ' to fire then too, write `operator: notEqual, value: true`' : ' a missing fact cannot be tested with `equal`';
      warn(
        DiagnosticCode.NegationOnMissingFact,
        `rule \`${rule.id}\`: \`equal ${String(value)}\` on ${shownFact} is false when a call lacks that fact (it is then undefined, not ${String(value)}), so the rule does not fire for such a call (absent fields prove nothing);${instead}`,
        `${pointer}/operator`,
      );
    }
  });
  // `paths` holds canonical paths: a value spelt otherwise never equals one, and the rule never fires (red team 11).
  (doc.rules ?? []).forEach((rule, i) => {
    for (const { pointer, value } of pathsFactValues(rule.when, `/rules/${i}/when`)) {
      const why = nonCanonicalPath(value, doc.workspace?.caseInsensitive === true);
      if (why !== undefined) {
        warn(DiagnosticCode.NonCanonicalPathValue, `rule \`${rule.id}\`: \`paths\` holds canonical paths and \`${value}\` is none (${why}), so this comparison never holds; for files however they are spelt use \`paths.forbidden\``, pointer);
      }
    }
  });
  (doc.limits?.rate ?? []).forEach((rate, i) => {
    const ms = windowMs(rate.window ?? '1m');
    if (ms === 0 || ms > MAX_WINDOW_MS) {
      error(
        DiagnosticCode.SchemaOther,
        `\`limits.rate[${i}].window\` must be between 1s and 8760h, got ${shown(rate.window)}`,
        `/limits/rate/${i}/window`,
      );
    }
  });
  for (const key of ['tools', 'agents', 'channels'] as const) {
    if (doc.match?.[key]?.length === 0) {
      warn(DiagnosticCode.EmptyMatch, `\`match.${key}\` is empty: this policy governs no call`, `/match/${key}`);
    }
  }

  const gatesOnRequester = doc.scopes !== undefined || doc.match?.channels !== undefined;
  (doc.limits?.rate ?? []).forEach((rate, i) => {
    if ((rate.per === 'sender' || rate.per === 'channel') && !gatesOnRequester) {
      warn(
        DiagnosticCode.SenderLimitWithoutRequester,
        `rate limit \`${rate.id}\` counts per ${rate.per} but the policy has neither \`scopes\` nor \`match.channels\`: calls without a requester will be denied`,
        `/limits/rate/${i}/per`,
      );
    }
  });

  if (doc.shell?.enabled === false && ((doc.shell.allow?.length ?? 0) > 0 || (doc.shell.approve?.length ?? 0) > 0)) {
    warn(
      DiagnosticCode.ConflictingSettings,
      '`shell.enabled` is false, so `shell.allow` and `shell.approve` never apply: every exec call is denied',
      '/shell/enabled',
    );
  }
  const classOf = new Map<string, string>();
  for (const cls of ['read', 'write', 'exec'] as const) {
    (doc.toolClasses?.[cls] ?? []).forEach((tool, i) => {
      const other = classOf.get(tool);
      if (other !== undefined && other !== cls) {
        error(
          DiagnosticCode.ConflictingSettings,
          `tool \`${tool}\` is listed in both \`toolClasses.${other}\` and \`toolClasses.${cls}\``,
          `/toolClasses/${cls}/${i}`,
        );
      } else classOf.set(tool, cls);
    });
  }
  if (doc.workspace?.only === true && doc.workspace.root === undefined) {
    error(
      DiagnosticCode.ConflictingSettings,
      '`workspace.only` is true but `workspace.root` is not set: there is nothing to contain paths to',
      '/workspace/only',
    );
  }
  if (doc.autonomy === 'readonly' && doc.paths?.writable !== undefined) {
    warn(
      DiagnosticCode.ConflictingSettings,
      '`autonomy` is `readonly`, so every write is denied and `paths.writable` never applies',
      '/paths/writable',
    );
  }
  const root = doc.workspace?.root;
  if (root === undefined) for (const key of ['allowed', 'writable'] as const) {
    (doc.paths?.[key] ?? []).forEach((glob, i) => {
      if (typeof glob !== 'string' || !isRootRelativeGlob(glob)) return;
      warn(
        DiagnosticCode.ConflictingSettings,
        `\`${glob}\` is relative but \`workspace.root\` is not set: it is anchored at each call's cwd, and a call with no cwd matches it nowhere (set \`workspace.root\`)`,
        `/paths/${key}/${i}`,
      );
    });
  }
  if (root !== undefined && !isUsableRoot(root)) {
    error(
      DiagnosticCode.BadWorkspaceRoot,
      `\`workspace.root\` must be absolute, start with \`~/\` or start with \`\${cwd}\`, got ${shown(root)}`,
      '/workspace/root',
    );
  }
  return issues;
}

/** A year: longer windows make counters hold timestamps for too long. */
const MAX_WINDOW_MS = 8760 * 3_600_000;

/** `30s`, `5m`, `1h` → milliseconds (the schema guarantees the form). */
function windowMs(window: string): number {
  const unit = window.slice(-1);
  const count = Number(window.slice(0, -1));
  return count * (unit === 'h' ? 3_600_000 : unit === 'm' ? 60_000 : 1000);
}

function isUsableRoot(root: string): boolean {
  if (root.includes('\u0000')) return false;
  return (
    root.startsWith('/') ||
    root === '~' ||
    root.startsWith('~/') ||
    root === '${cwd}' ||
    root.startsWith('${cwd}/')
  );
}
