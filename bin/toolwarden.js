#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ (built by `npm install` through `prepare`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('toolwarden: not built yet: run `npm install` (or `npm run build`) in the toolwarden folder\n');
  process.exit(process.argv[2] === 'hook' ? 2 : 1);
}
try {
  const { main } = await import(entry.href);
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`toolwarden: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = process.argv[2] === 'hook' ? 2 : 1;
}
