// `node bench/cold.mjs [policy paths...]`: what a fresh process pays before its first decision
// (a hook process pays it on every call): importing dist/, loading (reading, YAML, schema,
// lint) and compiling the policies, then the first decision of a plain command and of one
// only the full shell parser reads. Run it a few times: the first run after a build also
// pays the disk.
const t0 = performance.now();
const lib = await import('../dist/index.js');
const t1 = performance.now();
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [new URL('../policies', import.meta.url).pathname];
const loaded = await lib.loadPolicyFiles(paths);
const t2 = performance.now();
if (loaded.diagnostics.some((d) => d.severity === 'error')) throw new Error(`the policies do not load: ${loaded.diagnostics[0]?.message}`);
const set = lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore() });
const t3 = performance.now();
set.evaluate({ toolName: 'exec', params: { command: 'git status && ls src' }, cwd: '/srv/ws' });
const t4 = performance.now();
set.evaluate({ toolName: 'exec', params: { command: 'for f in a b; do echo "$f"; done' }, cwd: '/srv/ws' });
const t5 = performance.now();
const ms = (a, b) => `${(b - a).toFixed(1)} ms`;
console.log(`import ${ms(t0, t1)}, load ${ms(t1, t2)}, compile ${ms(t2, t3)}, first plain command ${ms(t3, t4)}, first parsed command (loads the parser) ${ms(t4, t5)}`);
