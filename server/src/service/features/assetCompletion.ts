import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import type { Segment } from '../docsJson/jsonLocation';
import type { SiteState } from '../session/siteState';

const FONT = /\.(woff2?|ttf|otf)$/i;
const IMAGE = /\.(png|jpe?g|svg|gif|webp|avif|ico)$/i;
const GRAMMAR = /\.json$/i;

/** Completion of a favicon, logo, background image or thumbnail path (images), a font source (fonts) or a custom language (JSON grammars): the site's files of that type. */
export function completeAssetFiles(state: SiteState, path: readonly Segment[], range: Range): CompletionItem[] {
  const files = state.context?.files;
  if (!files) return [];
  const font = path[0] === 'fonts';
  const grammar = path[0] === 'styling';
  const type = font ? FONT : grammar ? GRAMMAR : IMAGE;
  const found = [...files.files].filter((file) => type.test(file) && !files.isIgnored(file) && !file.startsWith('node_modules/')).sort();
  return found.map((file) => {
    const text = JSON.stringify(`/${file}`);
    return {
      label: `/${file}`,
      kind: CompletionItemKind.File,
      detail: font ? 'Font file' : grammar ? 'Language grammar' : 'Image',
      textEdit: { range, newText: text },
      filterText: text,
    };
  });
}
