import type { ImportedName } from './jsSyntax';

/** A JSX attribute as written: `name="v"`, `name='v'`, `name={expr}`, or a bare `name`. */
export interface BodyAttribute {
  name: string;
  nameOffset: number;
  /** A string for quoted values, `true` for a bare attribute, `{ expression }` for `{...}`. */
  value: string | true | { expression: string };
  /** The range of the value as written (quotes or braces included); the name's range when bare. */
  valueOffset: number;
  valueLength: number;
}

/** A JSX element of the body (its opening tag). */
export interface BodyElement {
  name: string;
  /** The `<` of the opening tag, and the tag's length up to its `>`. */
  offset: number;
  length: number;
  nameOffset: number;
  nameLength: number;
  attributes: BodyAttribute[];
  selfClosing: boolean;
  /** A tag alone on its line(s) (a block); otherwise inside a paragraph. */
  flow: boolean;
  /** The index of the enclosing element, or -1. */
  parent: number;
  /** Its text content, where known (from the reference parser's tree): the title of an `<h2>`. */
  text?: string;
}

/** A link, an image, a reference definition, or a URL attribute of an element (`href`, `src`). */
export interface BodyLink {
  kind: 'link' | 'image' | 'definition' | 'attribute';
  url: string;
  /** The URL as written in the page (for an attribute, the value without its quotes). */
  offset: number;
  length: number;
  /** For an image: its alt text. */
  alt?: string;
  /** For an attribute: the element and the attribute name. */
  element?: string;
  attribute?: string;
  /** For a definition: its label, normalised ({@link referenceLabel}). */
  label?: string;
}

/** A reference label as CommonMark matches it: case-folded, inner whitespace collapsed, trimmed. */
export function referenceLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface BodyHeading {
  level: number;
  /** The text the platform slugs (the heading's text, markup removed). */
  title: string;
  /** `## Title {#id}`: the custom id, as written. */
  customId?: string;
  offset: number;
  length: number;
  /** An ATX heading's title as written (`## Rate limits ##` → `Rate limits`), without a custom id: what a rename rewrites. */
  titleSpan?: { offset: number; length: number };
  /** The index of the enclosing element, or -1. */
  parent: number;
  /** False when the heading holds markup the scanner does not read exactly (its title may differ). */
  exact: boolean;
}

export interface BodyImport {
  source: string;
  /** The range of the source string (quotes included). */
  offset: number;
  length: number;
  /** The names it brings into the page, and what each is in the imported file. */
  names: ImportedName[];
}

/**
 * What a page body holds, read in one linear pass: links and images, reference definitions, JSX
 * elements with their attributes, headings, imports and exports; code (fenced, inline, math) and
 * comments are skipped. `uncertain` is set where the page uses a construct the scanner does not
 * vouch for (a `<` that starts no tag it can read, an element left open, JSX spanning lines
 * inside a paragraph, an expression over several lines...): only then does the page go through the
 * reference MDX parser, which decides whether it parses. Where `uncertain` is unset, the page parses
 * as MDX, or fails with the one `error` the scanner is sure of (the differential tests check this
 * against the parser on every corpus page, the fuzz test on pages of hard fragments).
 */
export interface BodyScan {
  links: BodyLink[];
  elements: BodyElement[];
  headings: BodyHeading[];
  imports: BodyImport[];
  exported: string[];
  /**
   * Labels that reference links and images use (`[text][label]`, `[label][]`, `[label]`), normalised:
   * a definition no link uses renders nothing.
   */
  references: Set<string>;
  /** The body holds more than imports and exports (text, elements, code). */
  hasContent: boolean;
  /** Expressions holding only a block comment (`{/* note *\/}`), outside code: where inline suppressions live. */
  comments: { offset: number; length: number }[];
  /**
   * Text expressions `{{name}}`, outside code: MDX reads them as an object holding `name`, which no
   * page can render. The platform replaces those docs.json's `variables` define before MDX reads the page.
   */
  templates: { offset: number; length: number; name: string }[];
  uncertain?: { offset: number; reason: string };
  /**
   * The page's one MDX syntax error, where the scanner is sure of it and of everything else
   * ({@link ScannedSyntaxError}): the parser rejects the page with exactly this error. Meaningless
   * when `uncertain` is set (the parser decides then).
   */
  error?: ScannedSyntaxError;
}

/** The names a page's imports and exports bring into its scope: its own components and values. */
export function scopeNames(scan: Pick<BodyScan, 'imports' | 'exported'>): Set<string> {
  return new Set([...scan.imports.flatMap((item) => item.names.map((name) => name.local)), ...scan.exported]);
}

/** A scan with nothing found yet. */
export function emptyScan(): BodyScan {
  return {
    links: [],
    elements: [],
    headings: [],
    imports: [],
    exported: [],
    references: new Set(),
    hasContent: false,
    comments: [],
    templates: [],
  };
}

/** A syntax error the scanner is sure of, in the parser's own words and place (see syntaxErrors.ts). */
export interface ScannedSyntaxError {
  offset: number;
  length: number;
  message: string;
}
