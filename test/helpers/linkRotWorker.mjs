// Runs the platform's link checker (@mintlify/link-rot, installed in .oracle/ for the differential
// tests only) on one docs root, offline, and prints its broken links and redirects as JSON. Run in a
// child process so that sites are checked side by side. Usage: node linkRotWorker.mjs ROOT
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const oracle = resolve(import.meta.dirname, '../../.oracle/node_modules/@mintlify/link-rot/dist/index.js');
const root = process.argv[2];
const write = process.stdout.write.bind(process.stdout);
// The checker logs what it finds; only the JSON goes out.
console.log = console.warn = console.error = console.info = () => {};
const linkRot = await import(pathToFileURL(oracle).href);
const offline = async () => {
  throw new Error('offline');
};
try {
  const links = await linkRot.getBrokenInternalLinks(root, { checkAnchors: true, checkSnippets: true, fetchRemoteDocument: offline });
  const redirects = await linkRot.getBrokenRedirects(root, {});
  write(
    JSON.stringify({
      links: links.map((link) => ({
        file: link.relativeDir === '.' ? link.filename : join(link.relativeDir, link.filename),
        url: link.originalPath,
      })),
      redirects,
    }),
  );
} catch (error) {
  write(JSON.stringify({ error: String(error?.message ?? error) }));
}
