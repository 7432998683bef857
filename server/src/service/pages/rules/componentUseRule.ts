import { scopeNames, type BodyElement } from '../../mdx/bodyScan';
import type { PageContext } from '../pageContext';
import { componentsJudged } from './componentsJudged';

/** Components that must sit directly inside another, as the platform's build checks (remarkValidateSteps, remarkValidateTabs). */
const PARENTS: Record<string, string> = { Step: 'Steps', Tab: 'Tabs' };
/** Components the platform shows once per page (remarkValidateApiExamples). */
const ONCE = ['RequestExample', 'ResponseExample'];
/** Every component this rule looks at. */
const CHECKED = new Set([...Object.keys(PARENTS), ...ONCE, 'Accordion', 'Visibility']);

/**
 * What the platform's build warns about in the way a page uses its components (its remarkValidate*
 * plugins, run on every page it renders): a `<Step>` or `<Tab>` outside its group, a tab or an
 * accordion without a title, a second request or response example, a `<Visibility>` without its
 * audience (hidden from readers). The messages quote the platform's. Not reported, though the build
 * warns of them too: two accordions of one title (API references repeat "Options" or "Properties"
 * by the hundred, and the platform numbers their anchors) and a title written as an expression.
 */
export async function componentUseRule(page: PageContext): Promise<void> {
  if (await componentsJudged(page)) judgeComponentUse(page);
}

/** {@link componentUseRule} on a file whose components the platform judges. */
export function judgeComponentUse(page: PageContext): void {
  const body = page.document.body();
  const elements = body.elements;
  const report = (element: BodyElement, message: string) =>
    page.report('mdx/component-warning', element.nameOffset, element.nameLength, message);
  const counts = new Map<string, number>();
  // A component of the page's own (imported or defined under the platform's name) is not the platform's.
  let own: Set<string> | undefined;
  const parentOf = meaningfulParents(elements);
  for (const element of elements) {
    if (!CHECKED.has(element.name) || (own ??= scopeNames(body)).has(element.name)) continue;
    const parentName = PARENTS[element.name];
    // A snippet's steps and tabs go where the page that shows it puts them.
    if (parentName && element.flow && !page.snippet && parentOf(element)?.name !== parentName)
      report(
        element,
        `<${element.name}> is not directly inside <${parentName}>: the platform's build warns "Please ensure that all <${element.name}> components are direct children of <${parentName}>."`,
      );
    const title = element.attributes.find((attribute) => attribute.name === 'title');
    // Props spread into the tag (`{...props}`) may give it the title or audience it seems to lack.
    const spread = /\{\s*\.\.\./.test(page.text.slice(element.offset, element.offset + element.length));
    if (element.name === 'Tab' && element.flow && title?.value === '')
      report(element, `<Tab title=""> has no accessible name and cannot be linked to (the platform's build warns): give it a title.`);
    if (element.name === 'Accordion' && !spread && (title === undefined || title.value === true || title.value === ''))
      report(
        element,
        `<Accordion> has no title: the platform's build warns that its content will not deep-link correctly. Add a descriptive title.`,
      );
    if (ONCE.includes(element.name) && element.flow) {
      const count = (counts.get(element.name) ?? 0) + 1;
      counts.set(element.name, count);
      if (count >= 2)
        report(
          element,
          `Another <${element.name}> on this page: the platform's build warns "Only one <${element.name}> is supported per page."`,
        );
    }
    if (element.name === 'Visibility' && !spread && !element.attributes.some((attribute) => attribute.name === 'for'))
      report(
        element,
        `<Visibility> has no \`for\` audience, so the platform hides its content from readers (its build warns): write for="humans" or for="agents".`,
      );
  }
}

/**
 * Each element's enclosing element, fragments (`<>`) aside. What a fragment stands for is found once
 * and remembered: 60,000 steps under 60,000 nested fragments walked up all of them each (20 s).
 */
function meaningfulParents(elements: readonly BodyElement[]): (element: BodyElement) => BodyElement | undefined {
  // Per element index: the index of the first enclosing element that is no fragment (-1: none), once known.
  const above = new Map<number, number>();
  const resolve = (index: number): number => {
    const path: number[] = [];
    let at = index;
    let found: number | undefined;
    while (at >= 0 && elements[at].name === '') {
      found = above.get(at);
      if (found !== undefined) break;
      path.push(at);
      at = elements[at].parent;
    }
    const result = found ?? at;
    for (const fragment of path) above.set(fragment, result);
    return result;
  };
  return (element) => {
    const index = element.parent >= 0 ? resolve(element.parent) : -1;
    return index >= 0 ? elements[index] : undefined;
  };
}
