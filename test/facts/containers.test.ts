// The command a container runs (src/facts/shell/containers.ts), as the shell reading sees it.
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

/** The commands a line runs inside its container: all but the container line itself. */
const inside = (line: string): string[] => parseShell(line).commands.filter((c) => c.words[0] !== 'docker' && c.words[0] !== 'podman' && c.words[0] !== 'kubectl').map((c) => c.text);

describe('the command a container runs', () => {
  it('follows run and exec past their options and their image, container or service', () => {
    expect(inside('docker run --rm -it -e A=1 -v /w:/w --network host -w /w node:20 npm test')).toEqual(['npm test']);
    expect(inside('docker run -itv/w:/w node:20 ls')).toEqual(['ls']);
    expect(inside('docker exec -u root -w /app web ls -la')).toEqual(['ls -la']);
    expect(inside('docker -H tcp://h:2375 container exec web ls')).toEqual(['ls']);
    expect(inside('podman exec db psql -c x')).toEqual(['psql -c x']);
    expect(inside('docker compose -f dc.yml -p p run --rm -e A=1 web pytest -q')).toEqual(['pytest -q']);
    expect(inside('docker compose exec -T web sh -c "ls; pwd"')).toEqual(['ls', 'pwd']);
  });

  it('puts --entrypoint first, and runs nothing of its words without a command or an entrypoint', () => {
    expect(inside('docker run --entrypoint curl img -s e.vil')).toEqual(['curl -s e.vil']);
    expect(inside('docker run --entrypoint=/bin/sh img -c "id"')).toEqual(['id']);
    // the container's own command is allowed by the container line (a runner's: SimpleCommand.runBy)
    expect(parseShell('docker exec web ls').commands.find((c) => c.text === 'ls')?.runBy?.text).toBe('docker exec web ls');
    expect(inside('docker run --rm hello-world')).toEqual([]);
    expect(inside('docker ps -a')).toEqual([]);
    expect(inside('docker build -t x .')).toEqual([]);
  });

  it("reads kubectl's command after its --", () => {
    expect(inside('kubectl -n prod exec -it api-0 -c app -- ls /data')).toEqual(['ls /data']);
    expect(inside('kubectl run tmp --image=busybox --rm -it -- wget x')).toEqual(['wget x']);
    expect(inside('kubectl exec api-0 ls')).toEqual([]);
    expect(inside('kubectl get pods')).toEqual([]);
  });

  it('is unverifiable when the command, the entrypoint or a word before kubectl\'s -- is not a literal', () => {
    expect(parseShell('docker exec web $CMD').unverifiable).toMatch(/not a literal/);
    expect(parseShell('docker run --entrypoint "$E" img').unverifiable).toMatch(/entrypoint|made at run time/);
    expect(parseShell('kubectl exec $POD -- ls').unverifiable).toMatch(/not a literal|known only when the line runs/);
  });
});
