// An ordinary before_tool_call hook (not a trusted policy): it records every call that
// reaches it, so the integration test can tell which calls toolwarden stopped first.
export default {
  id: "tw-recorder",
  name: "Toolwarden IT recorder",
  description: "Records calls that reach ordinary before_tool_call hooks",
  register(api) {
    api.on("before_tool_call", (event, ctx) => {
      (globalThis.__twRecorded ??= []).push({ toolName: event.toolName, params: event.params, toolCallId: event.toolCallId ?? ctx.toolCallId });
      return undefined;
    });
  },
};
