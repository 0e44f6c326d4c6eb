// ssh, scp, sftp and autossh: the commands their options run here (`-o ProxyCommand=CMD`, scp's
// `-S PROG`), the libraries and files their settings name, and the command line ssh has the remote
// shell run.
import { optionIs } from '../options.js';
import { optionWords, unverifiable, valueOf, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

// ssh options whose value the client runs on this machine through the user's shell.
const sshLocalCommand = /^\s*"?(proxycommand|localcommand|knownhostscommand)"?\s*(?:=|\s)\s*(.*)$/is;

/**
 * ssh, scp and sftp run `-o ProxyCommand=CMD` (and LocalCommand, KnownHostsCommand) here,
 * not on the remote host; a config file (`-F`) may hold any of them. Their options cluster
 * (`scp -qo ProxyCommand=CMD` is `-q -o …`), each program with its own letters that take a value.
 */
export function sshHidden(name: string, args: WordValue[]): Hidden[] {
  const found: Hidden[] = [];
  const valued = sshValued[name as keyof typeof sshValued];
  const texts = args.map((a) => a.text);
  const end = texts.indexOf('--');
  if (texts.slice(0, end < 0 ? undefined : end).some((w) => optionIs(w, { letters: 'F', long: [] }, valued))) {
    found.push(unverifiable(`\`${name} -F\` reads a configuration that can run commands`));
  }
  // scp and sftp run the program -S names in place of ssh, and -D's as a local sftp server.
  if (name !== 'ssh') {
    for (const program of optionWords(args, { letters: 'SD', long: [] }, valued)) found.push(valueOf(name, program));
  }
  // ssh -I loads a PKCS#11 library.
  if (name === 'ssh' && texts.slice(0, end < 0 ? undefined : end).some((w) => optionIs(w, { letters: 'I', long: [] }, valued))) {
    found.push(unverifiable('`ssh -I` loads the library it names'));
  }
  for (const option of optionWords(args, { letters: 'o', long: [] }, valued)) {
    if (!option.literal) {
      found.push(unverifiable(`\`${name} -o\` is not a literal: \`${option.text}\``));
      continue;
    }
    const command = sshLocalCommand.exec(option.text)?.[2]?.trim();
    if (command !== undefined && command !== '' && !/^none$/i.test(command)) found.push(valueOf(name, { ...option, text: command }));
    const setting = sshSetting.exec(option.text);
    if (setting === null) continue;
    const key = setting[1]!.toLowerCase();
    const value = setting[2]!.trim().replace(/^"(.*)"$/s, '$1');
    if (SSH_LIBRARY_KEYS.has(key)) found.push(unverifiable(`\`${name} -o ${setting[1]}\` loads or runs what it names`));
    else if (SSH_FILE_KEYS.has(key) && value !== '' && !/^none$/i.test(value)) {
      // `%d` is the home directory, other tokens stay in the name: a value holding `%d` cannot be placed.
      if (value.includes('%d')) found.push(unverifiable(`\`${name} -o ${setting[1]}\` names a file by its home directory (\`%d\`)`));
      else for (const file of value.split(/\s+/)) found.push({ kind: 'file', path: file, write: SSH_FILE_KEYS.get(key)! });
    }
  }
  return found;
}

export type RemoteCommand = { kind: 'none' } | { kind: 'string'; text: string } | { kind: 'unverifiable'; reason: string };

// ssh options after which it runs no command line: no command (-N), a forwarding (-W), a
// control request (-O), the configuration or version printed (-G, -V), a subsystem (-s).
const SSH_NO_COMMAND = 'NWOGVs';

/**
 * The command line `ssh` (its words after its name) has the remote shell run: the words after
 * the destination joined with spaces, as ssh sends them. Options come before the destination
 * and again after it, as ssh reads them, up to the first other word or a `--`.
 */
export function sshRemoteCommand(args: WordValue[], name: 'ssh' | 'autossh' = 'ssh'): RemoteCommand {
  const valued = sshValued[name];
  let host = false;
  let noCommand = false;
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) return { kind: 'unverifiable', reason: `an argument of \`ssh\` is not a literal: \`${word.text}\`` };
    const w = word.text;
    if (w === '--') {
      i++;
      if (host) break;
      continue;
    }
    if (!w.startsWith('-') || w === '-') {
      if (host) break;
      host = true;
      continue;
    }
    for (let k = 1; k < w.length; k++) {
      if (SSH_NO_COMMAND.includes(w[k]!)) noCommand = true;
      if (!valued.includes(w[k]!)) continue;
      if (k === w.length - 1) i++;
      break;
    }
  }
  const command = args.slice(i);
  if (noCommand || command.length === 0) return { kind: 'none' };
  const notLiteral = command.find((w) => !w.literal);
  if (notLiteral !== undefined) return { kind: 'unverifiable', reason: `the command \`ssh\` runs is not a literal: \`${notLiteral.text}\`` };
  return { kind: 'string', text: command.map((w) => w.text).join(' ') };
}

// `-o Key=value` or `-o 'Key value'` (ssh_config's two spellings).
const sshSetting = /^\s*"?([A-Za-z0-9]+)"?\s*(?:=|\s)\s*(.*)$/s;
// Settings that load a library or run a program (XAuthLocation is the xauth ssh runs).
const SSH_LIBRARY_KEYS: ReadonlySet<string> = new Set(['pkcs11provider', 'securitykeyprovider', 'xauthlocation']);
// Settings naming files ssh reads (false) or writes (true: known hosts it appends to, the
// control socket it creates), read in either spelling (`-o 'IdentityFile /x'` too).
const SSH_FILE_KEYS: ReadonlyMap<string, boolean> = new Map([
  ['identityfile', false], ['certificatefile', false], ['globalknownhostsfile', false], ['revokedhostkeys', false], ['identityagent', false],
  ['userknownhostsfile', true], ['controlpath', true],
]);

// The short options that take a value (the rest of a cluster, or the next word), per program
// (OpenSSH 9: `ssh -P tag` is new, and an older ssh refuses it).
const sshValued = { ssh: 'BbcDEeFIiJLlmOoPpQRSWw', autossh: 'BbcDEeFIiJLlmOoPpQRSWwM', scp: 'cDFiJloPSX', sftp: 'BbcDFiJloPRSsX' } as const;
