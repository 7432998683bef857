/**
 * Random values drawn from a JSON schema, for the differential tests: the platform's own JSON
 * schema (test-only) describes what it accepts, and samples from it, then mutated, are checked by
 * the platform and by Docsmith. Deterministic for a seed.
 */
export type Schema = Record<string, any>;

export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x100000000;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

const WORDS = ['intro', 'quickstart', 'guides', 'api', 'overview', 'setup', 'billing', 'Webhooks', 'Getting started', 'v2', 'en'];

export class SchemaSampler {
  constructor(private readonly root: Schema) {}

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let guard = 0; current && typeof current.$ref === 'string' && guard < 20; guard++) {
      const { $ref, ...rest } = current;
      const target = this.pointer($ref);
      current = { ...target, ...rest };
    }
    return current;
  }

  private pointer(ref: string): Schema {
    let node: any = this.root;
    for (const segment of ref.replace(/^#\/?/, '').split('/')) {
      if (segment === '') continue;
      node = node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node ?? {};
  }

  sample(schema: Schema, random: Random, depth = 0, key = ''): unknown {
    const s = this.resolve(schema);
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum)) return random.pick(s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (Array.isArray(branches)) {
      // Deep in the tree, prefer branches that do not recurse (a page string over a group).
      const candidates =
        depth > 6 ? branches.filter((b: Schema) => this.resolve(b).type !== 'object' && this.resolve(b).type !== 'array') : branches;
      return this.sample(random.pick(candidates.length ? candidates : branches), random, depth + 1, key);
    }
    if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((part: Schema) => this.sample(part, random, depth + 1, key)));
    const type = Array.isArray(s.type) ? random.pick(s.type) : s.type;
    switch (type) {
      case 'object':
        return this.sampleObject(s, random, depth);
      case 'array': {
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? 3, depth > 5 ? Math.max(min, 1) : 3);
        const count = min + random.int(Math.max(1, max - min + 1));
        return Array.from({ length: count }, () => this.sample(s.items ?? {}, random, depth + 1, key));
      }
      case 'string':
        return this.sampleString(s, random, key);
      case 'number':
      case 'integer': {
        const min = s.minimum ?? s.exclusiveMinimum ?? 0;
        const max = s.maximum ?? s.exclusiveMaximum ?? min + 100;
        return type === 'integer' ? Math.ceil(min) + random.int(Math.max(1, Math.floor(max - min))) : min + random.next() * (max - min);
      }
      case 'boolean':
        return random.chance(0.5);
      case 'null':
        return null;
      default:
        return random.pick(['x', 1, true]);
    }
  }

  private sampleObject(s: Schema, random: Random, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const required = new Set<string>(s.required ?? []);
    for (const [key, property] of Object.entries<Schema>(s.properties ?? {})) {
      if (this.resolve(property).not) continue; // a key that must be absent
      if (required.has(key) || random.chance(depth > 4 ? 0.15 : 0.45)) result[key] = this.sample(property, random, depth + 1, key);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object' && random.chance(0.5)) {
      const names = this.resolve(s.propertyNames ?? {}).enum ?? ['a', 'b', 'custom'];
      result[String(random.pick(names))] = this.sample(s.additionalProperties, random, depth + 1);
    }
    return result;
  }

  private sampleString(s: Schema, random: Random, key: string): string {
    const unique = `${random.pick(WORDS).toLowerCase().replace(/ /g, '-')}-${random.int(1e6)}`;
    // Values the platform checks in code, which its JSON schema does not show: links, URLs, spec paths.
    if (s.format === 'uri' || s.format === 'url' || /^(?:url|logo|id|apiHost|launchUrl|cdnUrl|scriptSource)$/.test(key))
      return random.pick(['https://example.com', 'https://example.com/docs']);
    if (key === 'href') return random.pick([`/${unique}`, 'https://example.com/x', '#top', 'mailto:a@example.com']);
    if (key === 'source' || key === 'openapi' || key === 'asyncapi' || key === 'graphql')
      return random.pick([`specs/${unique}.json`, `https://example.com/${unique}.json`]);
    if (key === 'path') return `guides/${unique}`;
    if (key === 'measurementId' || key === 'tagId') return `G-${unique}`;
    if (key === 'apiKey' && s.pattern) return `phc_${unique}`;
    if (key === 'icon' || key === 'name') return random.pick(['book', 'rocket', 'code']);
    if (s.pattern) {
      const pattern = String(s.pattern);
      if (pattern.includes('#') && pattern.includes('a-f')) return random.pick(['#0D9373', '#fff', '#123abc']);
      if (pattern.startsWith('^G')) return 'G-ABC123';
      if (pattern.includes('phc_')) return 'phc_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
      return random.pick(WORDS);
    }
    const min = s.minLength ?? 0;
    return unique.length >= min ? unique : unique.padEnd(min, 'x');
  }
}

const KEYS = [
  'pages',
  'groups',
  'tabs',
  'href',
  'public',
  'boost',
  'searchable',
  'openapi',
  'hidden',
  'icon',
  'root',
  'tag',
  'x',
  'custom',
  'graphql',
  'sdk',
  'global',
  'menu',
  'anchors',
  'source',
  'directory',
];
const VALUES: unknown[] = [
  '',
  ' ',
  'intro',
  '/intro',
  'fa-book',
  'http://example.com',
  'https://example.com',
  'ftp://x',
  '#abc',
  'mailto:a@b.c',
  'file.svg',
  0,
  1.5,
  -1,
  true,
  false,
  null,
  [],
  [''],
  ['a'],
  {},
  { group: 'g' },
  { group: '', pages: [] },
  { pages: ['a'] },
  { tab: 't' },
  { source: 'x.json' },
];

/** Every container of a value with the path to it: objects and arrays, the root first. */
function containers(value: unknown, path: (string | number)[] = [], out: { node: any; path: (string | number)[] }[] = []): typeof out {
  if (value && typeof value === 'object') {
    out.push({ node: value, path });
    for (const [key, child] of Object.entries(value)) containers(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

/** A few random edits of a value (in place): a key added, a value replaced, a key or item removed. */
export function mutate(value: unknown, random: Random, edits: number): void {
  for (let i = 0; i < edits; i++) {
    const all = containers(value);
    if (all.length === 0) return;
    const { node } = random.pick(all);
    const keys = Object.keys(node);
    const choice = random.int(3);
    if (choice === 0 && !Array.isArray(node)) node[random.pick(KEYS)] = structuredClone(random.pick(VALUES));
    else if (choice === 1 && keys.length) node[random.pick(keys)] = structuredClone(random.pick(VALUES));
    else if (keys.length) {
      const key = random.pick(keys);
      if (Array.isArray(node)) node.splice(Number(key), 1);
      else delete node[key];
    }
  }
}
