// socat: the addresses that run a program or a command line (EXEC, SYSTEM, SHELL), read from its words.
import { socatAddresses } from '../grammars.js';
import { unverifiable, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

/**
 * socat's EXEC, SYSTEM and SHELL addresses (any case, any abbreviation, to be safe) run a
 * program or a command line; an address whose type is not literal may be one of them.
 */
export function socatHidden(args: WordValue[]): Hidden[] {
  const { addresses } = socatAddresses(['socat', ...args.map((a) => a.text)]);
  for (const address of addresses) {
    const type = /^[^:,]*/.exec(address)![0].toLowerCase();
    if (type !== '' && ['exec', 'system', 'shell'].some((runs) => runs.startsWith(type))) return [unverifiable(`\`socat ${address.slice(0, 80)}\` runs a program or a command line`)];
    if (/[$`{}*?[\]\\"']/.test(type)) return [unverifiable(`\`socat ${address.slice(0, 80)}\`: an address type not known here may run a program`)];
  }
  return [];
}
