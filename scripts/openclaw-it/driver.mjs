// Drives OpenClaw's REAL plugin loader and before_tool_call pipeline with the toolwarden
// plugin. Run with Node 24 from .openclaw-it/: `node driver.mjs SPEC.json`. SPEC:
// { pluginDir, config, enabled?, cases: [{ name, toolName, params, ctx, approvalMode? }] }.
// Prints one line `@@TOOLWARDEN_IT@@{ load: {...}, results: [{ name, outcome, recorded }] }`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Before importing OpenClaw: it opens state under ~/.openclaw otherwise.
const isolated = fs.mkdtempSync(path.join(os.tmpdir(), "tw-openclaw-it-"));
process.env.OPENCLAW_STATE_DIR = path.join(isolated, "state");
process.env.HOME = isolated;
process.on("exit", () => fs.rmSync(isolated, { recursive: true, force: true }));

const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const itRoot = path.resolve(process.argv[3] ?? process.cwd());
const openclawDir = path.join(itRoot, "node_modules", "openclaw");
const distDir = path.join(openclawDir, "dist");

// The loader has no public export; its chunk name is hashed, so find it by what it holds.
const loaderFile = fs
  .readdirSync(distDir)
  .find((f) => /^loader-[A-Za-z0-9_-]+\.mjs$/.test(f) && fs.readFileSync(path.join(distDir, f), "utf8").includes("loadAndActivateRootPluginRegistry as t"));
if (!loaderFile) throw new Error("OpenClaw loader chunk not found");
const loader = await import(path.join(distDir, loaderFile));
const loadAndActivate = loader.t;
const harness = await import(path.join(openclawDir, "dist/plugin-sdk/agent-harness-runtime.js"));
const { runBeforeToolCallHook, getBeforeToolCallPolicyDiagnosticState } = harness;

const recorderDir = path.join(path.dirname(new URL(import.meta.url).pathname), "recorder-plugin");
const entries = { "tw-recorder": { enabled: true } };
if (spec.enabled !== false) entries.toolwarden = { enabled: true, config: spec.config };
else entries.toolwarden = { config: spec.config };
const config = { plugins: { load: { paths: [spec.pluginDir, recorderDir] }, entries } };
const registry = loadAndActivate({ config, workspaceDir: spec.workspaceDir ?? process.cwd(), env: process.env, cache: false });

const record = registry.plugins.find((p) => p.id === "toolwarden");
const load = {
  plugin: record && { status: record.status, enabled: record.enabled, explicitlyEnabled: record.explicitlyEnabled, error: record.error ?? null, contracts: record.contracts },
  diagnostics: (registry.diagnostics ?? []).filter((d) => d.pluginId === "toolwarden").map((d) => ({ level: d.level, message: d.message })),
  trustedToolPolicies: registry.trustedToolPolicies.map((e) => `${e.pluginId}/${e.policy.id}`),
  ordinaryHooks: registry.typedHooks.filter((h) => h.hookName === "before_tool_call").map((h) => h.pluginId),
  policyState: getBeforeToolCallPolicyDiagnosticState(),
};

const results = [];
let n = 0;
for (const c of spec.cases) {
  globalThis.__twRecorded = [];
  const toolCallId = `call-${++n}`;
  let outcome;
  try {
    outcome = await runBeforeToolCallHook({
      toolName: c.toolName,
      params: c.params,
      toolCallId,
      ctx: { cwd: spec.workspaceDir, ...c.ctx },
      ...(c.approvalMode ? { approvalMode: c.approvalMode } : {}),
    });
  } catch (error) {
    outcome = { threw: String(error?.message ?? error) };
  }
  // deferredApproval carries functions and context; keep what the test asserts on.
  if (outcome?.deferredApproval) outcome = { blocked: outcome.blocked, deferredApproval: { approval: outcome.deferredApproval.approval, toolName: outcome.deferredApproval.toolName } };
  results.push({ name: c.name, outcome: JSON.parse(JSON.stringify(outcome ?? null)), recorded: globalThis.__twRecorded });
}
// A marker line: plugin loggers print to stdout too.
process.stdout.write(`\n@@TOOLWARDEN_IT@@${JSON.stringify({ load, results })}\n`);
process.exit(0);
