// One-line messages every command prints the same way.
import { relative } from 'node:path';
import type { Diagnostic } from '../types.js';

/** The first line of an error's message: commands never print stack traces. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

/** A file path relative to `cwd` when it lies below it, else as given. */
export function displayPath(file: string, cwd: string): string {
  const r = relative(cwd, file);
  return r === '' || r.startsWith('..') ? file : r;
}

/** `file:line:column: severity code: message`. */
export function diagnosticLine(d: Diagnostic, cwd: string): string {
  return `${displayPath(d.location.file, cwd)}:${d.location.line}:${d.location.column}: ${d.severity} ${d.code}: ${d.message}`;
}
