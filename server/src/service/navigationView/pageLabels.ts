import { parseFrontMatter } from '../frontMatter/parseFrontMatter';
import { joinUri } from '../uri';
import type { DocsWorkspace } from '../workspace';

/** How the sidebar shows a page: its label and icon. */
export interface PageLabel {
  label: string;
  icon?: string;
}

/** How many pages of one level are read at once for their labels. */
const READS_AT_ONCE = 16;

/**
 * The sidebar label of a page as the platform's build gives it (getDecoratedNavPageAndSlug): the front
 * matter's `sidebarTitle`, else its `title`, else the last segment of the path with `-` and `_` as
 * spaces and its first letter capitalised. Its `icon` as written.
 */
export function labelOfText(relative: string, text: string | undefined): PageLabel {
  const data = text === undefined ? {} : parseFrontMatter(text).data;
  // A number is shown as written (`title: 3.8`).
  const shown = (value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  const written = shown(data.sidebarTitle) ?? shown(data.title);
  const icon = typeof data.icon === 'string' && data.icon.trim() !== '' ? data.icon : undefined;
  return { label: written ?? titleFromPath(relative), ...(icon && { icon }) };
}

/** The platform's `slugToTitle` of a page path: `guides/getting_started-now` is "Getting started now". */
export function titleFromPath(path: string): string {
  const slug = path.replace(/\.mdx?$/i, '').split('?')[0];
  const last = (slug.split('/').at(-1) ?? '').split('-').join(' ').split('_').join(' ');
  return last.charAt(0).toUpperCase() + last.slice(1);
}

/** The labels of pages (paths relative to the root), read through the workspace a few at a time; an unreadable page gets its path's title. */
export async function pageLabels(workspace: DocsWorkspace, rootUri: string, relatives: readonly string[]): Promise<Map<string, PageLabel>> {
  const labels = new Map<string, PageLabel>();
  const queue = [...new Set(relatives)];
  const worker = async () => {
    for (let relative = queue.shift(); relative !== undefined; relative = queue.shift()) {
      const text = await workspace.readFile(joinUri(rootUri, relative)).catch(() => undefined);
      labels.set(relative, labelOfText(relative, text));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, queue.length) }, worker));
  return labels;
}
