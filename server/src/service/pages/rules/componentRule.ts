import catalogue from '../../../../../schemas/components.json';
import { scopeNames, type BodyAttribute, type BodyElement } from '../../mdx/bodyScan';
import { closest } from '../../check/suggest';
import type { PageContext } from '../pageContext';
import { componentSource, importInsertion } from '../componentSources';
import { componentsJudged } from './componentsJudged';

interface PropInfo {
  values?: string[];
}

interface ComponentInfo {
  doc?: string;
  props?: Record<string, PropInfo>;
}

const COMPONENTS = catalogue.components as Record<string, ComponentInfo>;
const COMPONENT_NAMES = Object.keys(COMPONENTS);
const UNIVERSAL_PROPS = new Set(catalogue.universalProps);
const DOCS = 'https://mintlify.com/docs/';

/**
 * JSX components are the platform's own (schemas/components.json, from its allow-list and its
 * documentation) or imported or defined in the page. For a component whose documentation lists its
 * props, a prop that looks like a misspelt documented one, and a value outside a documented set,
 * are reported. Lower-case tags are HTML; code and comments hold no components.
 */
export async function componentRule(page: PageContext): Promise<void> {
  const body = page.document.body();
  if (body.elements.length === 0 || !(await componentsJudged(page))) return;
  let locals: Set<string> | undefined;
  const sources = new Map<string, Promise<string | undefined>>();
  for (const element of body.elements) {
    if (!/^[A-Z]/.test(element.name)) continue;
    const info = COMPONENTS[element.name];
    if (info) {
      if (info.props) checkProps(page, element, info);
      continue;
    }
    locals ??= scopeNames(body);
    const root = element.name.split('.')[0];
    if (locals.has(root) || locals.has(element.name)) continue;
    let source = sources.get(root);
    if (!source) sources.set(root, (source = componentSource(page, root)));
    const file = await source;
    if (file) {
      const statement = `import { ${root} } from "/${file}";`;
      page.report(
        'mdx/unknown-component',
        element.nameOffset,
        element.nameLength,
        `<${element.name}> is not a component of the platform, and this page neither imports nor defines it, so the platform does not render it. ` +
          `${file} exports it: ${statement}`,
        { data: { insert: importInsertion(page, statement) } },
      );
      continue;
    }
    const suggestion = closest(element.name, [...COMPONENT_NAMES, ...locals]);
    page.report(
      'mdx/unknown-component',
      element.nameOffset,
      element.nameLength,
      `<${element.name}> is not a component of the platform, and this page neither imports nor defines it, so the platform does not render it.` +
        (suggestion
          ? ` Did you mean <${suggestion}>?`
          : ` Import it from a snippet (import { ${root} } from "/snippets/${root}.jsx") or use a built-in component.`),
      // A fix renames a self-closing tag only: an element's closing tag would keep the old name.
      suggestion && element.selfClosing ? { data: { replace: suggestion, replaceLabel: `<${suggestion}>` } } : undefined,
    );
  }
}

function checkProps(page: PageContext, element: BodyElement, info: ComponentInfo): void {
  const props = info.props!;
  const names = Object.keys(props);
  const where = info.doc ? ` (${DOCS}${info.doc})` : '';
  for (const attribute of element.attributes) {
    const known = props[attribute.name];
    if (known) {
      checkValue(page, element, attribute, known, where);
      continue;
    }
    if (UNIVERSAL_PROPS.has(attribute.name) || /^(?:data|aria)-/.test(attribute.name)) continue;
    // Only a prop that is clearly a misspelt documented one: undocumented props may still work.
    const suggestion = closest(attribute.name, names);
    if (!suggestion || !looksMisspelt(attribute.name, suggestion)) continue;
    page.report(
      'mdx/unknown-prop',
      attribute.nameOffset,
      attribute.name.length,
      `<${element.name}> has no prop \`${attribute.name}\`, so it is ignored. Did you mean \`${suggestion}\`?${where}`,
      { data: { replace: suggestion, replaceLabel: suggestion } },
    );
  }
}

function checkValue(page: PageContext, element: BodyElement, attribute: BodyAttribute, info: PropInfo, where: string): void {
  if (!info.values || typeof attribute.value !== 'string' || info.values.includes(attribute.value)) return;
  const suggestion = closest(attribute.value, info.values);
  const quote = page.text[attribute.valueOffset];
  page.report(
    'mdx/invalid-prop',
    attribute.valueOffset,
    attribute.valueLength,
    `\`${attribute.name}="${attribute.value}"\` is not a value <${element.name}> takes: one of ${info.values.map((value) => `"${value}"`).join(', ')}.` +
      `${suggestion ? ` Did you mean "${suggestion}"?` : ''}${where}`,
    suggestion ? { data: { replace: `${quote}${suggestion}${quote}`, replaceLabel: suggestion } } : undefined,
  );
}

/** The same letters in another case, or one or two letters off in a name of five or more. */
function looksMisspelt(name: string, documented: string): boolean {
  if (name.toLowerCase() === documented.toLowerCase()) return true;
  return documented.length >= 5 && closest(name, [documented]) === documented;
}
