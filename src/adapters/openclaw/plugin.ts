// The OpenClaw plugin entry (`definePluginEntry`-shaped plain object): loaded by OpenClaw
// through `package.json` → `openclaw.extensions`. See docs/adapters.md for the config.
import { createMemoryStore, loadPolicySet } from '../../index.js';
import { createSqliteStore } from '../../state/sqlite.js';
import { createOpenClawPlugin } from './entry.js';

const plugin = createOpenClawPlugin({
  loadPolicySet: (paths, options) => loadPolicySet(paths, options),
  createMemoryStore: () => createMemoryStore(),
  createSqliteStore: (file) => createSqliteStore(file),
});

export default plugin;
