// The language server over stdio as an editor drives it: median and p95 of diagnostics after an edit
// of a page entry in docs.json (typing in a page name), after an entry added or removed, and after a
// structural edit (a group added: a full load), of diagnostics of a page after an edit of its body, completion in a pages array, hover;
// and the server's memory; then the same page edit while a workspace pull (`workspace/diagnostic`)
// checks every file of the site. On the 10,000-page site
// (a third endpoint pages) by default, on the crewAI-shaped one (`--site crew`), or on the crewAI-sized
// site of real pages that `npm run bench` writes (`--site real`).
// `--profile DIR` runs the server with --cpu-prof and writes its profile there.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateCrewSite } from './generateCrewSite.mjs';
import { generateRealShapedSite } from './generateRealShapedSite.mjs';
import { generateSite } from './generateSite.mjs';
import { startLspServer } from './lspServer.mjs';

const here = resolve(import.meta.dirname);
const RUNS = 30;

/** The sites, each with a page entry of its docs.json to edit, complete and hover. */
const SITES = {
  'pages-10000': {
    make: () => generateSite(join(here, '.sites', 'pages-10000-api'), { pages: 10000, operations: 1000, endpointShare: 1 / 3 }),
    entry: /"section-3\/topic-0\/page-1525"/,
  },
  crew: { make: () => generateCrewSite(join(here, '.sites', 'crew')), entry: /"v0\.8\/ko\/guides\/[^"]+"/ },
  real: {
    make: () => {
      const corpus = process.env.DOCSMITH_CORPUS ?? resolve(here, '../../shared/corpus/real');
      const dir = generateRealShapedSite(join(here, '.sites', 'real-shaped'), corpus);
      if (!dir) throw new Error(`no corpus at ${corpus} (set DOCSMITH_CORPUS): the site of real pages is made of it`);
      return dir;
    },
    entry: /"v0\.8\/ko\/hoppscotch__docs\/documentation\/getting-started\/[^"]+"/,
  },
};

export async function runLspBench({ site = 'pages-10000', profileDir } = {}) {
  const root = SITES[site].make();
  const flags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const { child, connection, rootUri } = await startLspServer(root, {
    flags,
    capabilities: { textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  const uri = `${rootUri}/docs.json`;
  const text = readFileSync(join(root, 'docs.json'), 'utf8');
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  const entry = SITES[site].entry.exec(text)[0];
  const lines = text.split('\n');
  const pageLine = lines.findIndex((line) => line.includes(entry));
  const position = { line: pageLine, character: lines[pageLine].indexOf(entry) + 5 };

  const coldStart = performance.now();
  await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  const cold = performance.now() - coldStart;
  const afterCold = memory(child.pid);

  let version = 1;
  /** Diagnostics of docs.json after each of RUNS edits, alternately to `edited` and back to the original text. */
  const docsJsonEdits = async (edited) => {
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: ++version },
        contentChanges: [{ text: i % 2 === 0 ? edited : text }],
      });
      const start = performance.now();
      await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
      samples.push(performance.now() - start);
    }
    return samples;
  };
  // Typing in a page entry; an entry added, then removed (both applied to the last state); and an
  // edit the incremental path cannot take (a group added, then removed: docs.json is loaded again).
  const diagnostics = await docsJsonEdits(text.replace(entry, `${entry.slice(0, -1)}x"`));
  const structural = await docsJsonEdits(text.replace(entry, `${entry}, "added-page"`));
  const regroup = await docsJsonEdits(text.replace(entry, `${entry}, { "group": "Added", "pages": ["added-page"] }`));
  // A page of the site opened and edited: typing in its prose (the scanner vouches for the page), and
  // an edit with two MDX errors (`<5`, `<6`), which the scanner leaves to the MDX parser (one it
  // reports itself), so that the page goes through the parser (in the server, on its worker).
  const pageUri = `${rootUri}/${entry.slice(1, -1)}.mdx`;
  const pageText = readFileSync(join(root, `${entry.slice(1, -1)}.mdx`), 'utf8');
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: pageUri, languageId: 'mdx', version: 1, text: pageText },
  });
  await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: pageUri } });
  const paragraph = pageText.indexOf('\n\n', pageText.indexOf('## ')) + 2;
  const pageEdit = async (insert) => {
    // Only the edits that insert are timed (the edit back to the original text is not).
    const samples = [];
    for (let i = 0; i < 2 * RUNS; i++) {
      const edited = i % 2 === 0 ? pageText.slice(0, paragraph) + insert + pageText.slice(paragraph) : pageText;
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: pageUri, version: ++version },
        contentChanges: [{ text: edited }],
      });
      const start = performance.now();
      await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: pageUri } });
      if (i % 2 === 0) samples.push(performance.now() - start);
    }
    return samples;
  };
  const pageProse = await pageEdit('Typing a word ');
  const pageParsed = await pageEdit('It takes <5 minutes, or <6 ');
  const completion = await time(() => connection.sendRequest('textDocument/completion', { textDocument: { uri }, position }));
  const hover = await time(() => connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }));
  // The editor's memory before the workspace pull below (the target of issue 16 is the editor's).
  const beforeWorkspace = memory(child.pid);
  // The workspace pull (`workspace/diagnostic`): every file of the site, first with nobody typing.
  const workspaceStart = performance.now();
  const first = await connection.sendRequest('workspace/diagnostic', { previousResultIds: [] });
  const workspace = { ms: performance.now() - workspaceStart, files: first.items.length, peak: memory(child.pid).peak };
  // Then typing in the page while it checks the site again (docs.json changed, so every page is checked).
  const previousResultIds = first.items.filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId }));
  const again = connection.sendRequest('workspace/diagnostic', { previousResultIds });
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: ++version },
    contentChanges: [{ text: text.replace(entry, `${entry}, "added-page"`) }],
  });
  await new Promise((done) => setTimeout(done, 700)); // past the quiet time: the check is running
  const duringWorkspace = [];
  for (let i = 0; i < 2 * RUNS; i++) {
    const edited = i % 2 === 0 ? pageText.slice(0, paragraph) + 'Typing a word ' + pageText.slice(paragraph) : pageText;
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: pageUri, version: ++version },
      contentChanges: [{ text: edited }],
    });
    const start = performance.now();
    await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: pageUri } });
    duringWorkspace.push(performance.now() - start);
    await new Promise((done) => setTimeout(done, 30)); // a typist's pace
  }
  let last = await again;
  workspace.pageEditsDuring = stats(duringWorkspace);
  // The workspace pass after a docs.json edit, once the site has been checked: its time (from the
  // edit, the quiet wait of 400 ms included) and the files it reports as changed.
  const passAfter = async (edited) => {
    const ids = last.items.filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId }));
    const pull = connection.sendRequest('workspace/diagnostic', { previousResultIds: [...previousResultIds, ...ids] });
    const start = performance.now();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++version },
      contentChanges: [{ text: edited }],
    });
    last = await pull;
    return { ms: performance.now() - start, changed: last.items.filter((r) => r.kind === 'full').length };
  };
  // docs.json has the entry added above ("added-page"): one entry typed in, then one more added.
  workspace.afterEntryEdit = await passAfter(text.replace(entry, `${entry.slice(0, -1)}x", "added-page"`));
  workspace.afterEntryAdded = await passAfter(text.replace(entry, `${entry.slice(0, -1)}x", "added-page", "added-page-2"`));
  const { rss, peak } = memory(child.pid);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done()));
  connection.dispose();
  return {
    cold,
    diagnostics: stats(diagnostics),
    structural: stats(structural),
    regroup: stats(regroup),
    pageProse: stats(pageProse),
    pageParsed: stats(pageParsed),
    pageKb: Buffer.byteLength(pageText) / 1024,
    workspace,
    pageDuringWorkspace: workspace.pageEditsDuring,
    completion: stats(completion),
    hover: stats(hover),
    rss,
    peak: beforeWorkspace.peak,
    peakWithWorkspace: peak,
    afterCold,
  };

  async function time(request) {
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await request();
      samples.push(performance.now() - start);
    }
    return samples;
  }
}

/** Resident memory now and at its peak, in MB (Linux /proc). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 };
}

/** The median and p95 of samples (ms). */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] };
}

if (process.argv[1] === import.meta.filename) {
  const { values } = (await import('node:util')).parseArgs({ options: { site: { type: 'string' }, profile: { type: 'string' } } });
  const r = await runLspBench({ site: values.site, profileDir: values.profile && resolve(values.profile) });
  console.log(JSON.stringify(r, null, 2));
}
