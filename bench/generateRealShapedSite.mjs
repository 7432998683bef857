// A crewAI-sized site made of real pages (issue 41): the corpus sites, each copied whole under a
// version and a language (`v1.0/en/<site>/...`), until every one of the 5 x 5 versions x languages
// holds about a thousand pages. Pages keep their own text (headings with punctuation, non-ASCII and
// emoji, components, code blocks, pages the scanner leaves to the reference parser) and their own
// links: absolute links, images and imports get the site's prefix, relative ones stay as they are.
// docs.json lists every page of each site in a tab of its own, with the site's OpenAPI specs and
// redirects (prefixed). The synthetic crewAI-shaped site (generateCrewSite.mjs) never reached the
// costs the real sites have; this one is made of them. The corpus is not part of the repository:
// without it, there is no such site (the bench says so).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Bumped when the layout changes: a site written by an older generator is written again. */
const GENERATOR_VERSION = '1';
const VERSIONS = ['v1.0', 'v0.9', 'v0.8', 'v0.7', 'v0.6'];
const LANGUAGES = ['en', 'pt-BR', 'ko', 'ja', 'zh'];
/** Sites larger than this are left out (they have rows of their own in the bench). */
const MAX_SITE_PAGES = 2000;
const TEXT = /\.(?:mdx?|json|ya?ml|jsx?|tsx?)$/i;
const SKIPPED = new Set(['docs.json', 'mint.json', '.mintignore', 'SOURCE', 'LICENSE']);

function filesOf(root, dir = root, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.git')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesOf(root, path, found);
    else if (entry.isFile() && !(dir === root && SKIPPED.has(entry.name))) found.push(path.slice(root.length + 1));
  }
  return found;
}

/** Absolute links, images, `href`/`src` values and imports of a page moved under `prefix`. */
function prefixed(text, prefix) {
  return text
    .replace(/(\]\(\s*<?)\/(?!\/)/g, `$1/${prefix}/`)
    .replace(/(\b(?:href|src)=\{?["'`])\/(?!\/)/g, `$1/${prefix}/`)
    .replace(/(\bfrom\s+["'])\/(?!\/)/g, `$1/${prefix}/`);
}

/** The OpenAPI files a site's docs.json names (`openapi` values that are paths in the site). */
function specsOf(config, siteDir) {
  const found = new Set();
  const walk = (node, key) => {
    if (typeof node === 'string') {
      if (key === 'openapi' && !/^https?:/.test(node) && existsSync(join(siteDir, node.replace(/^\//, ''))))
        found.add(node.replace(/^\//, ''));
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, key));
    else if (node && typeof node === 'object')
      for (const [name, value] of Object.entries(node)) walk(value, name === 'source' ? key : name);
  };
  walk(config, '');
  return [...found];
}

/** Writes the site into `dir` (kept when it was written by this generator from the same corpus); undefined without a corpus. */
export function generateRealShapedSite(dir, corpus, { pages = 25000 } = {}) {
  if (!existsSync(corpus)) return undefined;
  const marker = join(dir, '.generated');
  const stamp = `${GENERATOR_VERSION} ${corpus} ${pages}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === stamp) return dir;
  const sites = readdirSync(corpus)
    .filter((name) => existsSync(join(corpus, name, 'docs.json')))
    .sort()
    .map((name) => {
      const files = filesOf(join(corpus, name));
      return { name, files, pages: files.filter((file) => /\.mdx?$/i.test(file) && !file.startsWith('snippets/')) };
    })
    .filter((site) => site.pages.length > 0 && site.pages.length <= MAX_SITE_PAGES);
  if (sites.length === 0) return undefined;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const perCombo = Math.ceil(pages / (VERSIONS.length * LANGUAGES.length));
  const redirects = [];
  let next = 0;
  let written = 0;
  const versions = VERSIONS.map((version) => ({
    version,
    languages: LANGUAGES.map((language) => {
      const tabs = [];
      for (let count = 0; count < perCombo && written < pages;) {
        const site = sites[next++ % sites.length];
        const prefix = `${version}/${language}/${site.name}`;
        for (const file of site.files) {
          const target = join(dir, prefix, file);
          mkdirSync(dirname(target), { recursive: true });
          if (TEXT.test(file)) writeFileSync(target, prefixed(readFileSync(join(corpus, site.name, file), 'utf8'), prefix));
          else if (statSync(join(corpus, site.name, file)).size < 1_000_000) copyFileSync(join(corpus, site.name, file), target);
        }
        let config = {};
        try {
          config = JSON.parse(readFileSync(join(corpus, site.name, 'docs.json'), 'utf8'));
        } catch {
          // a site whose docs.json is not plain JSON: its pages are listed all the same
        }
        for (const redirect of Array.isArray(config.redirects) ? config.redirects : [])
          if (typeof redirect?.source === 'string' && typeof redirect?.destination === 'string')
            redirects.push({
              source: `/${prefix}${redirect.source.startsWith('/') ? '' : '/'}${redirect.source}`,
              destination: /^https?:/.test(redirect.destination)
                ? redirect.destination
                : `/${prefix}${redirect.destination.startsWith('/') ? '' : '/'}${redirect.destination}`,
            });
        const groups = new Map();
        for (const page of site.pages) {
          const folder = page.includes('/') ? page.slice(0, page.indexOf('/')) : 'Overview';
          if (!groups.has(folder)) groups.set(folder, []);
          groups.get(folder).push(`${prefix}/${page.replace(/\.mdx?$/i, '')}`);
        }
        const specs = specsOf(config, join(corpus, site.name)).map((spec) => `/${prefix}/${spec}`);
        tabs.push({
          tab: site.name,
          ...(specs.length && { openapi: specs }),
          groups: [...groups].map(([group, list]) => ({ group, pages: list })),
        });
        count += site.pages.length;
        written += site.pages.length;
      }
      return { language, tabs };
    }),
  }));
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Real-shaped',
    colors: { primary: '#EB6658' },
    navigation: { versions },
    ...(redirects.length && { redirects }),
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(marker, stamp);
  return dir;
}

if (process.argv[1] === import.meta.filename) {
  const [target, corpus] = process.argv.slice(2);
  console.log(generateRealShapedSite(target, corpus) ?? `no corpus at ${corpus}`);
}
