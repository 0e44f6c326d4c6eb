// Parameters that carry JSON text: a proxy tool's arguments for the tool it calls (Cline's and
// Roo Code's `use_mcp_tool { arguments: "{…}" }`, MCP hubs' `call_tool`), and lists MCP servers
// accept as JSON text (`paths: "[…]"`, turned back into a list). Read as what they decode to.

/** Parameter names whose text a proxy decodes as the called tool's arguments. */
export const JSON_ARGUMENT_KEYS: ReadonlySet<string> = new Set(['arguments', 'args', 'params', 'parameters', 'input', 'tool_input', 'toolInput', 'tool_args', 'toolArgs', 'request', 'payload']);

/** Longest text decoded: past it a proxy's arguments are left as text (the extractor bounds what it walks anyway). */
const MAX_JSON_TEXT = 1 << 20;

/** Whether a text may be an object's or a list's JSON: it starts with `{`, `[` or a blank (one character read). */
export function mayBeJsonText(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 0x7b || first === 0x5b || first <= 0x20;
}

/** The object or list a JSON text holds; undefined for any other text (most), or one that does not parse. */
export function jsonValueOf(text: string): object | undefined {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x0a || text.charCodeAt(i) === 0x09 || text.charCodeAt(i) === 0x0d)) i++;
  const first = text.charCodeAt(i);
  if ((first !== 0x7b /* { */ && first !== 0x5b) /* [ */ || text.length > MAX_JSON_TEXT) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
