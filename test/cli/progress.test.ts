import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StatusLine } from '../../server/src/cli/statusLine';
import { createLanguageService } from '../../server/src/service';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { CLI } from '../helpers/cli';
import { docsJson, site } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { tempDir } from '../helpers/tempDir';

/** A site of `count` plain pages, every one listed. */
function pagesSite(count: number): Record<string, string> {
  const ids = Array.from({ length: count }, (_, i) => `page-${i}`);
  return site({ groups: [{ group: 'All', pages: ids }] }, ids);
}

test('a whole-site check tells how far its pages are, every 200 pages and once at the end', async () => {
  const service = createLanguageService({ workspace: new MemoryWorkspace(pagesSite(450)) });
  const seen: [number, number][] = [];
  await service.checkSite(ROOT, { token: NOT_CANCELLED, pagesDone: (done, total) => seen.push([done, total]) });
  assert.deepEqual(seen, [
    [200, 450],
    [400, 450],
    [450, 450],
  ]);
});

test('the status line: each count overwrites the last, a line that stays clears it first, and it is cleared at the end', () => {
  let written = '';
  const status = new StatusLine({ write: (text: string) => ((written += text), true) });
  status.show('200 of 450 pages checked');
  status.show('400 of 450 pages checked');
  status.say('Reused the findings of 3 unchanged pages');
  status.clear();
  status.clear(); // nothing shown: nothing to clear
  assert.equal(
    written,
    '\r\x1b[K200 of 450 pages checked\r\x1b[K400 of 450 pages checked\r\x1b[KReused the findings of 3 unchanged pages\n',
  );
});

/** `script` (util-linux) runs a command on a pseudo-terminal, as a person at a terminal runs it. */
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

test(
  'docsmith check in a terminal shows the pages counted on one line, and clears it before the report',
  { skip: !hasScript && 'NOT RUN: no `script` command (util-linux) to give the CLI a terminal' },
  () => {
    const dir = tempDir();
    for (const [path, text] of Object.entries(pagesSite(450))) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(join(dir, 'docs.json'), docsJson({ groups: [{ group: 'All', pages: ['page-0', 'missing'] }] }));
    const run = spawnSync('script', ['-qec', `node ${JSON.stringify(CLI)} check ${JSON.stringify(dir)}`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    assert.equal(run.status, 1, 'an error was found (the missing page)');
    const output = run.stdout.replace(/\r\n/g, '\n');
    const clear = '\r\x1b[K';
    assert.ok(
      output.includes(`${clear}200 of 450 pages checked${clear}400 of 450 pages checked${clear}450 of 450 pages checked${clear}`),
      JSON.stringify(output.slice(0, 300)),
    );
    // The report starts right after the last clear: nothing is printed over the count.
    const cleared = output.lastIndexOf(clear) + clear.length;
    assert.ok(output.slice(cleared).startsWith('docs.json:'), JSON.stringify(output.slice(cleared - 40, cleared + 40)));
    assert.match(output.slice(cleared), /^docs\.json:\d+:\d+ error nav\/page-not-found/);
  },
);
