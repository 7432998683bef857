import { replaceWith } from '../check/fixData';
import { closestMatch } from '../check/suggest';
import type { SiteContext } from './siteContext';
import { assetFile, assetPaths, type AssetPath } from '../docsJson/assetPaths';
import { withoutBasePath, withoutHostedBases } from '../links/basePath';

/** What a missing file does to the published site, by what it is for. */
const EFFECT: Record<AssetPath['kind'], (mode: string) => string> = {
  favicon: () => `the platform's build cannot make the site's favicons ("Error generating favicons"): the site has none`,
  logo: (mode) => `the site's header shows a broken image${mode}`,
  background: (mode) => `the pages show no background image${mode}`,
  thumbnail: () => `the social-media thumbnails of the pages are made without it`,
  font: () => `browsers cannot load the font and show another`,
  language: () =>
    `the platform's build skips it ("Custom language file … defined in docs.json is not found"): code blocks in that language are not highlighted`,
};

const NAME: Record<AssetPath['kind'], string> = {
  favicon: 'Favicon file',
  logo: 'Logo file',
  background: 'Background image',
  thumbnail: 'Thumbnail background',
  font: 'Font file',
  language: 'Custom language file',
};

/**
 * The favicon, logo, background image, thumbnails' background, self-hosted fonts and custom code block
 * languages docs.json names are files of the docs root (URLs are not fetched). The site still builds without them: a warning,
 * with the file of the same name in another letter case, or the closest of the same type, as the fix.
 */
export function assetFilesRule({ config, files, links, sink }: SiteContext): void {
  const targets = links.targets();
  const base = links.basePath();
  for (const asset of assetPaths(config)) {
    const file = assetFile(asset.value);
    if (file === undefined) continue;
    // The build reads the favicon and the grammars from the repository; the others are served as files of the site.
    const fromRepository = asset.kind === 'favicon' || asset.kind === 'language';
    const present = (path: string) => (fromRepository ? files.files.has(path) : targets.exists(path));
    if (file !== null && reached(file, base, present)) continue;
    const mode = asset.mode ? ` in ${asset.mode} mode` : '';
    const where = file === null ? 'leaves the docs root' : 'is not in the docs root';
    const variant = file === null ? undefined : (targets.caseVariant(file) ?? sameType(file, files.files));
    const written = (path: string) => (asset.value.trim().startsWith('/') ? `/${path}` : path);
    sink.atNode(
      'config/file-not-found',
      asset.node,
      `${NAME[asset.kind]} "${asset.value}" (\`${asset.key}\`) ${where}, so ${EFFECT[asset.kind](mode)}.` +
        (variant ? ` Did you mean "${written(variant)}"?` : ' Add the file, or fix the path.'),
      { data: variant ? replaceWith(written(variant)) : undefined },
    );
  }
}

/**
 * Whether the file is there, or is there once a base path is taken off its path: the site's own, or
 * one the platform hosts sites under (`/docs/images/logo.svg` on a site served at `/docs`).
 */
function reached(file: string, base: string | undefined, present: (path: string) => boolean): boolean {
  if (present(file)) return true;
  const own = base === undefined ? undefined : withoutBasePath(file, base);
  const rests = [...(own === undefined ? [] : [own]), ...withoutHostedBases(file).map((stripped) => stripped.rest)];
  return rests.some((rest) => rest !== '' && present(rest));
}

/** The closest file with the same extension (an image for an image, a font for a font). */
function sameType(file: string, all: ReadonlySet<string>): string | undefined {
  const extension = /\.[^./]+$/.exec(file)?.[0].toLowerCase();
  if (!extension) return undefined;
  const candidates = [...all].filter((path) => path.toLowerCase().endsWith(extension));
  return closestMatch(file, candidates).best;
}
