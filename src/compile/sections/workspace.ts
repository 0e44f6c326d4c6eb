// `workspace` and the canonical-path gate every path check stands on.
import type { SectionCompiler } from '../section.js';
import { tick, VerdictMemo } from '../section.js';
import { isInside } from '../../facts/paths.js';
import type { Check, Verdict } from '../model.js';

/** Denies a call whose touched paths cannot be made canonical; runs before other path checks. */
export function canonicalCheck(at: (p: string) => string, pointer: string): Check {
  return {
    id: 'paths.canonical',
    run(view, sink) {
      const facts = view.paths();
      if (facts.ok) {
        sink.trace?.push({ policy: '', check: 'paths.canonical', outcome: 'allow', saw: facts.paths });
        return;
      }
      sink.verdicts.push({ decision: 'deny', check: 'paths.canonical', message: facts.reason, source: at(pointer) });
      sink.trace?.push({ policy: '', check: 'paths.canonical', outcome: 'deny', saw: facts.reason });
    },
  };
}

export const compileWorkspace: SectionCompiler = ({ doc, at, cover, pathSettings }) => {
  const ws = doc.workspace;
  if (!ws) return {};
  if (!pathSettings.only) return { usesPaths: true };
  cover('/workspace/root', 'workspace.only');
  const source = at(ws.only !== undefined ? '/workspace/only' : '/workspace/root');
  // The verdict for a path outside the root is a pure function of (root, path): remembered
  // for the last root seen (nearly always the only one).
  let memoRoot: string | undefined;
  let outsideVerdicts = new VerdictMemo();
  const namesMayLeave = pathSettings.resolveSymlinks;
  const outsideVerdict = (root: string, p: string): Verdict => {
    if (memoRoot !== root) {
      memoRoot = root;
      outsideVerdicts = new VerdictMemo();
    }
    return outsideVerdicts.get(p) ?? outsideVerdicts.keep(p, { decision: 'deny', check: 'workspace.only', message: `path ${tick(p)} is outside the workspace ${tick(root)}`, source });
  };
  const checks: Check[] = [
    {
      id: 'workspace.only',
      run(view, sink) {
        const facts = view.paths();
        if (!facts.ok) return; // paths.canonical has denied already
        const r = view.root();
        if (!r || !r.ok) {
          sink.verdicts.push({ decision: 'deny', check: 'workspace.only', message: `workspace root cannot be resolved: ${r ? r.reason : 'no root'}`, source: at('/workspace/root') });
          sink.trace?.push({ policy: '', check: 'workspace.only', outcome: 'deny', saw: r ? r.reason : 'no root' });
          return;
        }
        let outside = 0;
        const { paths, named } = facts;
        for (let i = 0; i < paths.length; i++) {
          if (isInside(paths[i]!, r.path)) continue;
          outside++;
          sink.verdicts.push(outsideVerdict(r.path, paths[i]!));
        }
        // Bare names too, through symlinks: `tar czf x.tgz link` with `link` pointing outside
        // leaves the workspace. Without resolution a bare name is a child of the cwd (checked
        // above) or of the root: always inside. When a path is outside already, names add no reason.
        if (namesMayLeave && outside === 0) for (let i = 0; i < named.length; i++) {
          if (isInside(named[i]!, r.path)) continue;
          outside++;
          sink.verdicts.push(outsideVerdict(r.path, named[i]!));
        }
        sink.trace?.push({ policy: '', check: 'workspace.only', outcome: outside ? 'deny' : 'allow', saw: { root: r.path, paths: facts.paths, named: facts.named }, hits: outside ? ['/workspace/root'] : [] });
      },
    },
  ];
  return { checks, usesPaths: true };
};
