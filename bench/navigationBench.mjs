// The Docs Navigation view's requests over stdio (issue 62), on the crewAI-shaped site by default:
// the first level on a server that has not read the site yet (cold), on one that has (the view opened
// in a running editor), and after an edit of docs.json (the view read again); then expanding nodes
// (each reads its pages' titles from disk the first time): 30 groups at random, each expanded twice
// (first and again). `node bench/navigationBench.mjs [--site crew|pages-10000]` prints JSON.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateCrewSite } from './generateCrewSite.mjs';
import { generateSite } from './generateSite.mjs';
import { stats } from './lspBench.mjs';
import { startLspServer } from './lspServer.mjs';

const here = resolve(import.meta.dirname);
const RUNS = 30;
const SITES = {
  crew: () => generateCrewSite(join(here, '.sites', 'crew')),
  'pages-10000': () => generateSite(join(here, '.sites', 'pages-10000-api'), { pages: 10000, operations: 1000, endpointShare: 1 / 3 }),
};

export async function runNavigationBench({ site = 'crew' } = {}) {
  const root = SITES[site]();
  const { child, connection, rootUri } = await startLspServer(root);
  const level = (params) => connection.sendRequest('docsmith/navigationLevel', { rootUri, ...params });
  const coldStart = performance.now();
  const first = await level({});
  const cold = performance.now() - coldStart;
  const warm = await time(() => level({}));
  // The view read again after an edit of docs.json (a page entry typed): the state is made again.
  const uri = `${rootUri}/docs.json`;
  const text = readFileSync(join(root, 'docs.json'), 'utf8');
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  const entry = /"[^"][^"/]*\/[^"]+"/.exec(text.slice(text.indexOf('"pages"')))[0];
  let version = 1;
  const afterEdit = [];
  for (let i = 0; i < RUNS; i++) {
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++version },
      contentChanges: [{ text: i % 2 === 0 ? text.replace(entry, `${entry.slice(0, -1)}x"`) : text }],
    });
    const start = performance.now();
    await level({});
    afterEdit.push(performance.now() - start);
  }
  // Groups to expand: the nodes two and three levels down, 30 of them spread over the site.
  const collapsible = [];
  for (const item of first.items.filter((node) => node.collapsible && node.kind !== 'notInNavigation'))
    for (const below of (await level({ parent: item.id })).items.filter((node) => node.collapsible))
      collapsible.push(below, ...(await level({ parent: below.id })).items.filter((node) => node.collapsible));
  const picked = Array.from(
    { length: Math.min(RUNS, collapsible.length) },
    (_, at) => collapsible[Math.floor((at * collapsible.length) / RUNS)],
  );
  const expandFirst = [];
  const expandAgain = [];
  let items = 0;
  for (const node of picked) {
    for (const samples of [expandFirst, expandAgain]) {
      const start = performance.now();
      items += (await level({ parent: node.id })).items.length / 2;
      samples.push(performance.now() - start);
    }
  }
  const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done()));
  connection.dispose();
  return {
    firstLevelItems: first.items.length,
    cold,
    warm: stats(warm),
    afterEdit: stats(afterEdit),
    expandFirst: stats(expandFirst),
    expandAgain: stats(expandAgain),
    expanded: picked.length,
    itemsPerExpansion: items / Math.max(1, picked.length),
    peak,
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

if (process.argv[1] === import.meta.filename) {
  const { values } = (await import('node:util')).parseArgs({ options: { site: { type: 'string' } } });
  console.log(JSON.stringify(await runNavigationBench({ site: values.site }), null, 2));
}
