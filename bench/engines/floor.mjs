// The floor: the reference policy written by hand as one closure with picomatch regexes.
// Shell handling is a small tokenizer, honest for this policy: quotes, `VAR=` prefixes,
// the operators `&& || ; | & |&` and newlines, redirections; anything with `$`, backticks,
// `<(`/`>(`, here-docs or line continuations is unverifiable and denied (the allowlist
// is present). It does not unwrap `sudo`/`bash -c`: with an allowlist they are denied anyway.
import picomatch from 'picomatch';
import {
  FORBIDDEN, SHELL_ALLOW, SHELL_APPROVE, MAINTAINER_TOOLS, MESSAGE_ACTIONS, READONLY_AGENT,
  toolClass, requesterRole, canonical, insideRoot, paramPaths,
} from './reference.mjs';

const forbidden = FORBIDDEN.map((g) => picomatch(g, { dot: true }));
const isForbidden = (abs) => {
  for (let i = 0; i < forbidden.length; i++) if (forbidden[i](abs)) return true;
  return false;
};

function commandRegex(glob) {
  // `*` matches anything; a trailing ` *` also matches no further words
  const body = glob.endsWith(' *') ? glob.slice(0, -2) : glob;
  const escaped = body.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${escaped}${glob.endsWith(' *') ? '(?: .*)?' : ''}$`, 's');
}
const allow = SHELL_ALLOW.map(commandRegex);
const approve = SHELL_APPROVE.map(commandRegex);
const matchesAny = (list, text) => list.some((re) => re.test(text));

const UNVERIFIABLE = /[$`]|<\(|>\(|<<|\\\n/;

/** Splits a command string into simple commands: { words, redirects }, or null if unverifiable. */
export function splitShell(source) {
  if (UNVERIFIABLE.test(source)) return null;
  const commands = [];
  let words = [], redirects = [], word = '', inWord = false, redirectNext = false;
  const endWord = () => {
    if (!inWord) return;
    if (redirectNext) redirects.push(word); else words.push(word);
    word = ''; inWord = false; redirectNext = false;
  };
  const endCommand = () => {
    endWord();
    while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift();
    if (words.length > 0 || redirects.length > 0) commands.push({ words, redirects });
    words = []; redirects = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"') {
      const close = source.indexOf(c, i + 1);
      if (close < 0) return null;
      word += source.slice(i + 1, close); inWord = true; i = close;
    } else if (c === '\\') {
      if (i + 1 >= source.length) return null;
      word += source[i + 1]; inWord = true; i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === ';' || c === '\n' || c === '&' || c === '|') {
      endCommand();
      if ((c === '&' || c === '|') && (source[i + 1] === c || (c === '|' && source[i + 1] === '&'))) i++;
    } else if (c === '>' || c === '<') {
      endWord();
      if (source[i + 1] === '>' || source[i + 1] === '&') i++;
      redirectNext = true;
    } else if (c === '(' || c === ')' || c === '{' || c === '}') {
      return null; // grouping: unverifiable for this tokenizer
    } else {
      word += c; inWord = true;
    }
  }
  if (redirectNext && !inWord) return null;
  endCommand();
  return commands;
}

const looksLikePath = (w) => w.includes('/') || w.startsWith('.') || w.startsWith('~');

function pathOk(p, base) {
  if (p.includes('\0')) return false;
  const abs = canonical(p, base);
  return insideRoot(abs) && !isForbidden(abs);
}

export const floor = {
  name: 'floor (hand-written closure)',
  async setup() {},
  decide(call) {
    const role = requesterRole(call.requester);
    const params = call.params ?? {};
    if (role === 'none' || role === 'other') return 'deny';
    if (role === 'maintainer') {
      if (!MAINTAINER_TOOLS.has(call.toolName)) return 'deny';
      if (call.toolName === 'message' && !MESSAGE_ACTIONS.has(params.action)) return 'deny';
    }
    const cls = toolClass(call.toolName);
    if (cls !== 'read' && typeof call.agentId === 'string' && READONLY_AGENT.test(call.agentId)) return 'deny';
    for (const p of paramPaths(call)) if (!pathOk(p)) return 'deny';
    if (cls !== 'exec') return 'allow';
    if (typeof params.command !== 'string') return 'deny';
    const commands = splitShell(params.command);
    if (commands === null || commands.length === 0) return 'deny';
    let decision = 'allow';
    // The shell starts in the tool's workdir when it has one: relative paths are there.
    const base = typeof params.workdir === 'string' ? params.workdir : undefined;
    for (const { words, redirects } of commands) {
      for (const r of redirects) if (!pathOk(r, base)) return 'deny';
      for (const w of words) if (looksLikePath(w) && !pathOk(w, base)) return 'deny';
      // Any other argument may name a file in the working directory (`cat server.pem`).
      for (let i = 1; i < words.length; i++) if (!words[i].startsWith('-') && !looksLikePath(words[i]) && isForbidden(canonical(words[i], base))) return 'deny';
      const text = words.join(' ');
      if (matchesAny(allow, text)) continue;
      if (matchesAny(approve, text)) { decision = 'ask'; continue; }
      return 'deny';
    }
    return decision;
  },
};
export default floor;
