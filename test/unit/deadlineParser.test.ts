import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { deadlineParser } from '../../server/src/parserWorker/deadlineParser';
import { parseMdx, type MdxParse } from '../../server/src/service/mdx/mdxReference';
import { tempDir } from '../helpers/tempDir';

/**
 * The language server parses the pages the scanner cannot vouch for on a worker it stops at a
 * deadline: the parser's work on some inline markup grows with the square of a paragraph's length.
 */
const BUNDLED = resolve(__dirname, '../../dist/parserWorker.js');
/** Seconds of the parser's time: an element left open (the scanner sends the page to the parser) and 60,000 `*_`. */
const HOSTILE = `---\ntitle: X\n---\n\n<Note>\n\n${'*_'.repeat(30_000)}\n`;

const plain = (result: MdxParse) => JSON.parse(JSON.stringify(result)) as unknown;

/** A worker script that speaks the parser worker's protocol: `onStart` runs first; `reply` answers each page (`text`) with `answer(...)`. */
function fakeWorker({ onStart = '', reply }: { onStart?: string; reply: string }): string {
  const script = join(tempDir(), 'fakeWorker.js');
  writeFileSync(
    script,
    `const { workerData } = require('node:worker_threads');
     ${onStart}
     const { flag, port } = workerData;
     const answer = (reply) => { port.postMessage(reply); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); };
     port.on('message', (text) => { ${reply} });
     answer({ ready: true });`,
  );
  return script;
}

const PAGES = {
  tree: '---\ntitle: Hi\n---\n\n# Hello *there* {1 + 1}\n\n<Card title="A">\n  [link](/b#c)\n</Card>\n\nexport const a = 1\n',
  error: '---\ntitle: Hi\n---\n\nSee <Note>\n\nunclosed\n',
  notParsed: `---\ntitle: Hi\n---\n\n${'{a b} '.repeat(60_000)}\n`,
};

test('the worker gives what the parser gives on this thread: a tree, a syntax error, or why it did not parse', () => {
  const logged: string[] = [];
  const parser = deadlineParser({ deadlineMs: 60_000, why: '', script: BUNDLED, log: (line) => logged.push(line) });
  try {
    for (const [kind, text] of Object.entries(PAGES)) {
      const result = parser.parse(text);
      assert.ok(kind in result, `${kind}: ${JSON.stringify(result).slice(0, 200)}`);
      assert.deepEqual(plain(result), plain(parseMdx(text)), kind);
    }
    assert.deepEqual(logged, []);
  } finally {
    parser.close();
  }
});

test('a page past the deadline is not checked, and a new worker parses the next page', () => {
  const logged: string[] = [];
  const parser = deadlineParser({
    deadlineMs: 200,
    why: ', so that the editor does not wait',
    script: BUNDLED,
    log: (line) => logged.push(line),
  });
  try {
    const stopped = parser.parse(HOSTILE);
    assert.ok('notParsed' in stopped, JSON.stringify(stopped).slice(0, 200));
    assert.match(
      stopped.notParsed.reason,
      /^the parser was stopped after 0\.2 s \(its work on some inline markup grows with the square of a paragraph's length\), so that the editor does not wait$/,
    );
    assert.deepEqual(logged, ['Docsmith stopped the MDX parser on a page after 0.2 s.']);
    assert.deepEqual(plain(parser.parse(PAGES.error)), plain(parseMdx(PAGES.error)));
  } finally {
    parser.close();
  }
});

test('without a worker, pages are parsed on the calling thread, and the reason is logged once', () => {
  const logged: string[] = [];
  const missing = join(tempDir(), 'gone.js');
  const parser = deadlineParser({ deadlineMs: 200, why: '', script: missing, log: (line) => logged.push(line) });
  assert.deepEqual(plain(parser.parse(PAGES.tree)), plain(parseMdx(PAGES.tree)));
  assert.deepEqual(plain(parser.parse(PAGES.error)), plain(parseMdx(PAGES.error)));
  assert.deepEqual(logged, [`Docsmith parses MDX on this thread: the parser worker could not start (${missing} is missing).`]);
});

test('a worker that cannot answer a page has it parsed on the calling thread', () => {
  const script = fakeWorker({ reply: `answer({ failed: 'no parser here' });` });
  const parser = deadlineParser({ deadlineMs: 5000, why: '', script });
  try {
    assert.deepEqual(plain(parser.parse(PAGES.error)), plain(parseMdx(PAGES.error)));
  } finally {
    parser.close();
  }
});

test('from the sources (no bundle beside them), the worker runs through tsx', () => {
  const logged: string[] = [];
  const parser = deadlineParser({ deadlineMs: 60_000, why: '', log: (line) => logged.push(line) });
  try {
    assert.deepEqual(plain(parser.parse(PAGES.error)), plain(parseMdx(PAGES.error)));
    assert.deepEqual(logged, []);
  } finally {
    parser.close();
  }
});

test('parseAsync leaves the calling thread free, stops a page at the deadline, and gives the parse of the next', async () => {
  const logged: string[] = [];
  const parser = deadlineParser({ deadlineMs: 300, why: '', script: BUNDLED, log: (line) => logged.push(line) });
  try {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const stopped = await parser.parseAsync(HOSTILE, 'hostile.mdx');
    clearInterval(timer);
    assert.ok(stopped && 'notParsed' in stopped, JSON.stringify(stopped).slice(0, 200));
    assert.match(stopped.notParsed.reason, /^the parser was stopped after 0\.3 s/);
    assert.ok(ticks > 0, 'the event loop ran while the worker parsed');
    for (const [kind, text] of Object.entries(PAGES))
      assert.deepEqual(plain((await parser.parseAsync(text, kind))!), plain(parseMdx(text)), kind);
    assert.deepEqual(logged, ['Docsmith stopped the MDX parser on a page after 0.3 s.']);
  } finally {
    parser.close();
  }
});

test('parseAsync: a newer version of a document replaces the one still waiting, which resolves undefined', async () => {
  const parser = deadlineParser({ deadlineMs: 300, why: '', script: BUNDLED });
  try {
    const busy = parser.parseAsync(HOSTILE, 'other.mdx');
    const older = parser.parseAsync(PAGES.error, 'page.mdx');
    const newer = parser.parseAsync(PAGES.tree, 'page.mdx');
    assert.equal(await older, undefined);
    assert.deepEqual(plain((await newer)!), plain(parseMdx(PAGES.tree)));
    assert.ok('notParsed' in (await busy)!);
  } finally {
    parser.close();
  }
});

test('parseAsync without a worker parses on the calling thread', async () => {
  const parser = deadlineParser({ deadlineMs: 300, why: '', script: join(tempDir(), 'gone.js') });
  assert.deepEqual(plain((await parser.parseAsync(PAGES.error, 'a.mdx'))!), plain(parseMdx(PAGES.error)));
  parser.close();
});

test('parseAsync: a worker idle for a while is stopped, and the next page starts another', async () => {
  const starts = join(tempDir(), 'starts');
  const script = fakeWorker({
    onStart: `require('node:fs').appendFileSync(${JSON.stringify(starts)}, 'S');`,
    reply: `answer({ error: { offset: 0, length: 1, message: 'counted' } });`,
  });
  const parser = deadlineParser({ deadlineMs: 5000, why: '', script, idleMs: 20 });
  try {
    assert.deepEqual(await parser.parseAsync(PAGES.error, 'a.mdx'), { error: { offset: 0, length: 1, message: 'counted' } });
    await parser.parseAsync(PAGES.error, 'b.mdx');
    assert.equal(readFileSync(starts, 'utf8'), 'S', 'one worker for pages in a row');
    // Waits for the idle worker to be stopped: the next page needs a new one.
    for (let round = 0; round < 200 && readFileSync(starts, 'utf8') === 'S'; round++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await parser.parseAsync(PAGES.error, `c${round}.mdx`);
    }
    assert.equal(readFileSync(starts, 'utf8'), 'SS');
  } finally {
    parser.close();
  }
});

test('parseAsync: the same text asked again under the same key waits for the one parse', async () => {
  const pages = join(tempDir(), 'pages');
  const script = fakeWorker({
    reply: `require('node:fs').appendFileSync(${JSON.stringify(pages)}, 'P'); answer({ error: { offset: 0, length: 1, message: text.length + ' characters' } });`,
  });
  const parser = deadlineParser({ deadlineMs: 5000, why: '', script });
  try {
    const results = await Promise.all([
      parser.parseAsync(PAGES.error, 'a.mdx'),
      parser.parseAsync(PAGES.error, 'a.mdx'),
      parser.parseAsync(PAGES.tree, 'b.mdx'),
      parser.parseAsync(PAGES.tree, 'b.mdx'),
    ]);
    assert.deepEqual(
      results.map((result) => result && 'error' in result && result.error.message),
      [
        `${PAGES.error.length} characters`,
        `${PAGES.error.length} characters`,
        `${PAGES.tree.length} characters`,
        `${PAGES.tree.length} characters`,
      ],
    );
    assert.equal(readFileSync(pages, 'utf8'), 'PP', 'one parse for each text');
  } finally {
    parser.close();
  }
});
