// A problem found in one document, before it has a file location: the loader turns the
// pointer into `file:line:column`.
export interface Issue {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** JSON pointer inside the document. */
  pointer: string;
  /** Locate the key of the last pointer segment instead of its value (unknown keys). */
  atKey?: boolean;
}

/** `/limits/rate/0/window` → `limits.rate[0].window`; the root is `policy`. */
export function fieldName(pointer: string): string {
  if (pointer === '') return 'policy';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^(0|[1-9][0-9]*)$/.test(segment)) out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

/** A user value for a message: scalars in backticks (shortened), collections by kind. */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return '`null`';
  if (typeof value === 'object') return 'a map';
  const text = typeof value === 'string' ? value : String(value);
  const oneLine = text.replace(/[\r\n\t]/g, ' ');
  return '`' + (oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine) + '`';
}

export function quoted(values: readonly unknown[]): string {
  return values.map((v) => '`' + String(v) + '`').join(', ');
}
