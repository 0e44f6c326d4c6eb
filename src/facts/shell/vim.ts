// vim and its kin (vi, nvim, ex, view…): the Ex commands given by -c, --cmd and +, passed only
// when known to read, write and run nothing more than the line shows, and the inputs, remote
// commands and files (an error file, a tag, a URL or archive a plugin fetches) that run more.
import { clusterLetter, unverifiable, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

// vim's short options that take the rest of their word (`-V20file`). Those that take the next
// word (-s, -u, -T…) must end their word (vim refuses `-uc`), and -s after -e is a flag (`-esc CMD`).
const VIM_VALUED = 'V';

// Ex commands given with -c, --cmd or + that are read as harmless: a line or search to start at, quitting (writing only the file
// the line names), and settings of how the text looks or is written.
const VIM_SAFE_SETTING = String.raw`(?:no)?(?:nu|number|rnu|relativenumber|et|expandtab|ai|autoindent|paste|bin|binary|eol|fixeol|fixendofline|bomb|list|ic|ignorecase|hls|hlsearch|cp|compatible|wrap|ro|readonly|ma|modifiable|ml|modeline|spell|lbr|linebreak)|(?:ts|tabstop|sw|shiftwidth|sts|softtabstop|tw|textwidth|ff|fileformat|ft|filetype|fenc|fileencoding|enc|encoding|syn|syntax|bg|background)=[\w-]+`;
// A substitution with `/` (its replacement no expression: `\=system(…)` runs one), deleting the lines a pattern matches.
const VIM_SUBSTITUTE = String.raw`(?:%|\d+(?:,\d+)?|\.|\$)?s(?:ubstitute)?\/(?:[^/\\|]|\\[^=])*\/(?:[^/\\|]|\\[^=])*(?:\/[gcieInp#lr&]*)?|[gv]\/(?:[^/\\|]|\\.)*\/d`;
const VIM_PLAIN_COMMAND = new RegExp(String.raw`^\s*:*\s*(?:${VIM_SUBSTITUTE}|\d+|\$|\/[^/|!]*\/?|\?[^?|!]*\??|q|qa|qall|quit|quita|quitall|wq|x|x!|xit|wqa|xa|xall|wqall|q!|qa!|quit!|qall!|noh|nohlsearch|syntax\s+(?:on|off|enable)|filetype\s+(?:on|off|plugin\s+(?:on|off)|indent\s+(?:on|off))|(?:se|set|setl|setlocal)\s+(?:${VIM_SAFE_SETTING})(?:\s+(?:${VIM_SAFE_SETTING}))*)?\s*$`);

export function vimHidden(name: string, args: WordValue[], inputSet: boolean): Hidden[] {
  // An input the line sets (a here-string, a pipe, a file) is editor commands: Ex commands in ex
  // mode (`ex`, `vim -e`/`-es`/`-E`), read once the -c commands are done (or one failed: `wq`
  // of a file it cannot write does not quit), typed keys otherwise, unless `-` makes it the text.
  const exMode = name === 'ex' || args.some((a) => /^-[A-Za-z]*[eE]/.test(a.text) && !a.text.startsWith('--'));
  if (inputSet && (exMode || !args.some((a) => a.text === '-'))) return [unverifiable(`\`${name}\` reads editor commands (or keys) from the input this line gives it, which may read, write or run anything`)];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    // A vimrc (`-u`, `-U`), a script to source (`-S`) or keystrokes to type (`-s`) read from
    // standard input: commands the line gives out of sight (`vim -s /dev/stdin <<< ':!id'`).
    // `--remote-send KEYS` and `--remote-expr EXPR` have another (server) vim type keys or evaluate an expression.
    if (/^--remote-(?:send|expr)$/.test(w)) return [unverifiable(`\`${name} ${w}\` has another vim run keys or an expression, which may run anything`)];
    if (['-u', '-U', '-S', '-s'].includes(w) && args[i + 1] !== undefined && namesStandardInput(args[i + 1]!.text)) {
      return [unverifiable(`\`${name} ${w}\` reads editor commands from its input, which may read, write or run anything`)];
    }
    // -c after flags in one word too (`vim -Nesc CMD`, `-esc'CMD'`).
    const c = clusterLetter(w, 'c', VIM_VALUED);
    const command = w === '--cmd' ? args[i + 1]?.text : c > 0 ? (c < w.length - 1 ? w.slice(c + 1) : args[i + 1]?.text) : w.startsWith('+') ? w.slice(1) : undefined;
    if (command === undefined) continue;
    // Ex commands are a language no pattern reads whole (`g#a#w F`, `1;$w F`, `args \`id\``: red
    // team 39): only those known to read, write and run nothing more than the line shows pass.
    // (`\|` inside a pattern separates no commands.)
    if (!command.split(/(?<!\\)\|/).every((part) => VIM_PLAIN_COMMAND.test(part))) return [unverifiable(`\`${name}\` runs editor commands not read here (they may read, write or run anything): \`${command.slice(0, 80)}\``)];
  }
  // Files that open others (red team 40): an error file's and a tag's names (`-q F`, `-t TAG`),
  // a URL or an archive a plugin fetches or unpacks with a program of its own (netrw, gzip).
  if (args.some((a) => /^-[A-Za-z]*[qt]/.test(a.text) && !a.text.startsWith('--'))) return [unverifiable(`\`${name} -q\`/\`-t\` opens the files an error or tags file names`)];
  const fetched = args.find((a) => !a.text.startsWith('-') && !a.text.startsWith('+') && VIM_FETCHED.test(a.text));
  if (fetched !== undefined) return [unverifiable(`\`${name} ${fetched.text.slice(0, 80)}\` has a plugin run a program to fetch or unpack it`)];
  return [];
}

const VIM_FETCHED = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^(?:zipfile|tarfile):|\.(?:gz|bz2|xz|Z|lzma|lz|lzo|br|zst|zip|jar|war|ear|apk|epub|docx|docm|dotx|xlsx|xlsm|pptx|odt|ods|odp|odg|kmz|whl|xpi|crx|nupkg|tar|tgz|tbz|txz|tzs|lrp|vba|vmb)$/i;
