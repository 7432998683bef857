import { closest } from '../../check/suggest';
import type { PageContext } from '../pageContext';

/**
 * `{{name}}` in a page's text, outside code, that docs.json's `variables` do not replace: MDX reads it
 * as the expression `{name}`, an object holding `name`, which React cannot render ("name is not
 * defined", or "Objects are not valid as a React child" when the page defines `name`): the text is
 * not shown as written. (The platform also compiles each page without its JavaScript, and may show
 * that version instead: without the braces' text.) Those the variables define are replaced before
 * MDX reads the page, so they are gone from the scan.
 */
export function variableRule(page: PageContext): void {
  const templates = page.document.body().templates;
  if (!templates.length) return;
  const names = page.site.variables?.names ?? new Set<string>();
  const defined = [...names].slice(0, 6);
  const suggestions = new Map<string, string | undefined>();
  for (const { offset, length, name } of templates) {
    // A defined one left as written: the page grew past what substitution allows (see substituteVariables).
    if (names.has(name)) continue;
    if (!suggestions.has(name)) suggestions.set(name, names.size ? closest(name, names) : undefined);
    const near = suggestions.get(name);
    const why = `MDX reads \`{{${name}}}\` as the JavaScript expression \`{${name}}\`, not as text: React cannot render it (it throws "${name} is not defined"), so the page does not show it as written.`;
    const fix = near
      ? ` It is not one of docs.json's \`variables\`: did you mean \`{{${near}}}\`?`
      : defined.length
        ? ` It is not one of docs.json's \`variables\` (${defined
            .slice(0, 5)
            .map((item) => `\`${item}\``)
            .join(', ')}${names.size > 5 ? ', …' : ''}): define it there, or write \`\\{\\{${name}}}\` to show the braces.`
        : ` Define \`${name}\` in docs.json's \`variables\` for the platform to replace it, or write \`\\{\\{${name}}}\` to show the braces.`;
    const replace = near ? `{{${near}}}` : `\\{\\{${name}}}`;
    page.report('mdx/undefined-variable', offset, length, why + fix, { data: { replace, replaceLabel: replace } });
  }
}
