// The module OpenClaw.NET's plugin bridge loads (`entryPath`): default export with
// `register(api)`. See docs/adapters.md for the gateway config and the bridge's limits.
import { createMemoryStore, loadPolicySet } from '../../index.js';
import { createSqliteStore } from '../../state/sqlite.js';
import { createDotnetBridgePlugin } from './entry.js';

const plugin = createDotnetBridgePlugin({
  loadPolicySet: (paths, options) => loadPolicySet(paths, options),
  createMemoryStore: () => createMemoryStore(),
  createSqliteStore: (file) => createSqliteStore(file),
});

export default plugin;
