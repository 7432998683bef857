import { keyNode, keyOf } from '../jsonTree';
import { ROOT_DIVISIONS } from '../navigation';
import type { SiteContext } from './siteContext';

/** The platform keeps the first root division in its own order and silently drops the others. */
export function rootDivisionsRule({ navigation, sink }: SiteContext): void {
  const present = navigation.rootDivisions;
  if (present.length < 2) return;
  const rank = (key: string) => (ROOT_DIVISIONS as readonly string[]).indexOf(key);
  const kept = [...present].sort((a, b) => rank(keyOf(a)) - rank(keyOf(b)))[0];
  for (const property of present) {
    if (property === kept) continue;
    sink.atNode('nav/multiple-roots', keyNode(property) ?? property, `The navigation root holds both \`${keyOf(kept)}\` and \`${keyOf(property)}\`; the platform uses \`${keyOf(kept)}\` and ignores \`${keyOf(property)}\`. Nest one inside the other (for example \`${keyOf(property)}\` inside each of the \`${keyOf(kept)}\`) or remove it.`, {
      related: [{ node: keyNode(kept) ?? kept, message: `\`${keyOf(kept)}\` is the division the platform keeps` }],
    });
  }
}
