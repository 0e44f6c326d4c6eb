// `autonomy`: readonly denies write and exec; supervised asks for writes and for any exec
// whose every simple command is not on the shell allowlist.
import type { SectionCompiler } from '../section.js';
import { tick, VerdictMemo } from '../section.js';
import { allowForms, commandGlobs, firstOf, runsProgram } from './shell.js';

/** Autonomy gates object to write and exec calls only (each also returns early for reads). */
const NOT_READ = ['write', 'exec'] as const;

export const compileAutonomy: SectionCompiler = ({ doc, at, cover }) => {
  const mode = doc.autonomy ?? 'full';
  if (mode === 'full') return {};
  cover('/autonomy', `autonomy ${mode}`);
  const source = at('/autonomy');
  if (mode === 'readonly') {
    // The verdict is pure in the tool name (the class follows from it within one policy).
    const denied = new VerdictMemo();
    return {
      checks: [
        {
          id: 'autonomy',
          classes: NOT_READ,
          run({ toolClass, call }, sink) {
            if (toolClass === 'read') return;
            const name = call.toolName;
            sink.verdicts.push(denied.get(name) ?? denied.keep(name, { decision: 'deny', check: 'autonomy', message: `autonomy is readonly: ${toolClass} tool ${tick(name)} is denied`, source }));
            sink.trace?.push({ policy: '', check: 'autonomy', outcome: 'deny', saw: toolClass, hits: ['/autonomy'] });
          },
        },
      ],
    };
  }
  const allow = commandGlobs(doc.shell?.allow);
  return {
    checks: [
      {
        id: 'autonomy',
        classes: NOT_READ,
        run(view, sink) {
          const { toolClass, call } = view;
          if (toolClass === 'read') return;
          if (toolClass === 'exec') {
            const f = view.shell();
            // Every program it runs is allowed (a command of redirections only runs none, and is
            // allowed only if it writes nothing: `git status; > ~/.bashrc` empties a file). A call
            // of such commands alone still writes, so it asks; one of no command at all (`process
            // poll`) does not.
            const allAllowed =
              !!f && !f.unverifiable && !f.capExceeded &&
              f.commands.every((c) => (runsProgram(c) ? firstOf(allow, allowForms(c)) >= 0 : c.writtenRedirects === undefined)) &&
              (f.commands.length === 0 || f.commands.some(runsProgram));
            if (allAllowed) return;
          }
          sink.verdicts.push({ decision: 'ask', check: 'autonomy', message: `autonomy is supervised: ${toolClass} tool ${tick(call.toolName)} needs approval`, source });
          sink.trace?.push({ policy: '', check: 'autonomy', outcome: 'ask', saw: toolClass, hits: ['/autonomy'] });
        },
      },
    ],
  };
};
