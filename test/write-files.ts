// Test fixtures on disk: a tree of small text files under one directory.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes each file of `files` (path relative to `base` → text), making its directories. */
export function writeFiles(base: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(base, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}
