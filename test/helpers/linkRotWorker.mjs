// Runs the platform's link checker (@mintlify/link-rot, installed in .oracle/ for the differential
// tests only) on one docs root, offline, and prints as JSON what it reports (broken links and
// redirects) and what it read of each page with the platform's MDX parser (the URLs it found, the
// anchors it computed, or the syntax error). Run in a child process so that sites are checked side
// by side. Usage: node linkRotWorker.mjs ROOT
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = resolve(import.meta.dirname, '../../.oracle/node_modules/@mintlify/link-rot/dist');
const root = process.argv[2];
const write = process.stdout.write.bind(process.stdout);
// The checker logs what it finds; only the JSON goes out.
console.log = console.warn = console.error = console.info = () => {};
const { buildGraph, decorateGraphNodeFromPageContent } = await import(
  pathToFileURL(join(dist, 'static-checking/getBrokenInternalLinks.js')).href
);
const { getPagePaths } = await import(pathToFileURL(join(dist, 'prebuild.js')).href);
const { getMintIgnore } = await import(pathToFileURL(resolve(dist, '../../prebuild/dist/index.js')).href).catch(() => ({}));
const offline = async () => {
  throw new Error('offline');
};
const readPage = (node) => ({ file: node.toString(), urls: node.paths.map((path) => path.originalPath), anchors: [...node.headingSlugs] });

let result;
try {
  // What getBrokenInternalLinks and getBrokenRedirects do, on one graph, whose pages are then read out.
  const graph = await buildGraph(root, { checkSnippets: true, fetchRemoteDocument: offline });
  graph.precomputeFileResolutions();
  const links = graph.getBrokenInternalLinks({ checkAnchors: true, checkSnippets: true });
  result = {
    links: links.map((link) => ({
      file: link.relativeDir === '.' ? link.filename : join(link.relativeDir, link.filename),
      url: link.originalPath,
    })),
    redirects: graph.getBrokenRedirects(),
    pages: Object.values(graph.nodes)
      .filter((node) => node.headingSlugs !== null)
      .map(readPage),
  };
} catch (error) {
  // The checker stops at the first page that does not parse: each page is read alone instead.
  const ignore = getMintIgnore ? await getMintIgnore(root) : [];
  const pages = [];
  for (const file of getPagePaths(root, ignore)) {
    const node = {
      paths: [],
      headingSlugs: null,
      toString: () => file,
      addPath(url) {
        this.paths.push({ originalPath: url });
      },
    };
    try {
      await decorateGraphNodeFromPageContent(node, readFileSync(join(root, file), 'utf8'), { checkSnippets: true });
      pages.push(readPage(node));
    } catch (pageError) {
      pages.push({ file, error: String(pageError?.message ?? pageError).slice(0, 300) });
    }
  }
  result = { error: String(error?.message ?? error), pages };
}
write(JSON.stringify(result));
