import type { PageContext } from '../pageContext';

/** Elements the platform's accessibility check asks an `alt` of. */
const NEEDS_ALT = new Set(['img', 'video']);

/**
 * Images carry alt text, as the platform's accessibility check (`mint a11y`) asks: a Markdown image
 * with an empty alt, or an `<img>` or `<video>` without a non-empty `alt`, is reported (as info).
 */
export function imageAltRule(page: PageContext): void {
  const body = page.document.body();
  for (const link of body.links) {
    if (link.kind === 'image' && (link.alt ?? '').trim() === '')
      page.report(
        'images/missing-alt',
        link.offset,
        link.length,
        'This image has no alt text, so screen readers have nothing to say for it. Write what it shows between the brackets: `![What it shows](...)`.',
      );
  }
  for (const element of body.elements) {
    if (!NEEDS_ALT.has(element.name)) continue;
    const alt = element.attributes.find((attribute) => attribute.name === 'alt');
    if (alt && (typeof alt.value === 'object' || (typeof alt.value === 'string' && alt.value.trim() !== ''))) continue;
    page.report(
      'images/missing-alt',
      element.nameOffset,
      element.nameLength,
      `This \`<${element.name}>\` has no alt text, so screen readers have nothing to say for it. Add \`alt="what it shows"\`.`,
    );
  }
}
