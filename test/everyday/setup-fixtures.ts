// The workspace the everyday corpus runs in: a small polyglot repository laid out as a coding
// agent finds one (package.json, src/, test/, a Python app, a Go and a Rust crate, node_modules
// with its .bin links, a .git directory). Idempotent: removes and recreates the tree, so symlink
// resolution sees real directories, files and links, as in use.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFiles } from '../write-files.js';

export const EVERYDAY_BASE = '/tmp/toolwarden-everyday';
export const EVERYDAY_WS = path.join(EVERYDAY_BASE, 'ws');

export function setupEverydayFixtures(): void {
  fs.rmSync(EVERYDAY_BASE, { recursive: true, force: true });
  const files: Record<string, string> = {
    'package.json': '{ "name": "app", "scripts": { "test": "vitest run", "build": "tsc", "lint": "eslint ." } }\n',
    'package-lock.json': '{}\n',
    'tsconfig.json': '{}\n',
    'vitest.config.ts': 'export default {};\n',
    '.eslintrc.json': '{}\n',
    '.prettierrc': '{}\n',
    '.gitignore': 'node_modules\ndist\n',
    '.env.example': 'API_URL=\n',
    '.env': 'SECRET=1\n',
    'README.md': '# app\n',
    'CHANGELOG.md': '# changes\n',
    'Makefile': 'test:\n\tnpm test\n',
    'Dockerfile': 'FROM node:20\n',
    'docker-compose.yml': 'services: {}\n',
    'src/index.ts': 'export {};\n',
    'src/app.ts': 'export {};\n',
    'src/utils/strings.ts': 'export {};\n',
    'src/components/Button.tsx': 'export {};\n',
    'src/api/client.ts': 'export {};\n',
    'test/app.test.ts': 'test;\n',
    'test/fixtures/data.json': '{}\n',
    'docs/guide.md': '# guide\n',
    'scripts/build.sh': '#!/bin/sh\n',
    'scripts/migrate.js': '\n',
    'app/__init__.py': '',
    'app/main.py': 'print(1)\n',
    'tests/test_main.py': 'def test(): pass\n',
    'pyproject.toml': '[project]\n',
    'requirements.txt': 'pytest\n',
    'go.mod': 'module app\n',
    'cmd/server/main.go': 'package main\n',
    'internal/store/store.go': 'package store\n',
    'Cargo.toml': '[package]\n',
    'crates/core/src/lib.rs': '\n',
    'notebooks/analysis.ipynb': '{}\n',
    'dist/index.js': '\n',
    'logs/app.log': 'ok\n',
    'node_modules/typescript/bin/tsc': '\n',
    'node_modules/vitest/vitest.mjs': '\n',
    'node_modules/lodash/package.json': '{}\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': '[core]\n',
    // objects/ and refs/ too: git passes over a `.git` without them (red team gprt).
    '.git/objects/.keep': '',
    '.git/refs/heads/.keep': '',
    '.github/workflows/ci.yml': 'on: push\n',
    '.vscode/settings.json': '{}\n',
  };
  writeFiles(EVERYDAY_WS, files);
  fs.mkdirSync(path.join(EVERYDAY_WS, 'node_modules/.bin'), { recursive: true });
  fs.symlinkSync('../typescript/bin/tsc', path.join(EVERYDAY_WS, 'node_modules/.bin/tsc'));
  fs.symlinkSync('../vitest/vitest.mjs', path.join(EVERYDAY_WS, 'node_modules/.bin/vitest'));
  fs.mkdirSync(path.join(EVERYDAY_WS, 'tmp'), { recursive: true });
}
