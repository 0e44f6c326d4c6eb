// Argument parsing shared by commands: node's util.parseArgs, errors as one-line messages.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type Parsed<T extends ParseArgsConfig['options']> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T): { ok: true; values: Parsed<T>['values']; positionals: string[] } | { ok: false; message: string } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { ok: true, values, positionals };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** `--policy a b --policy c` and trailing positionals all name policy paths. */
export function policyPaths(values: { policy?: string[] | undefined }, positionals: string[]): string[] {
  return [...(values.policy ?? []), ...positionals];
}
