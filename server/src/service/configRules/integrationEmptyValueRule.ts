import { child, properties, keyOf, valueNode, stringValue } from '../json/jsonTree';
import { docsJsonSchema } from '../docsJson/schema';
import type { SiteContext } from './siteContext';

/** The platform accepts an empty required value, and the integration then silently does nothing. */
export function integrationEmptyValueRule({ config, sink }: SiteContext): void {
  const known = docsJsonSchema.properties.integrations.properties as Record<string, { required?: string[] }>;
  for (const integration of properties(child(config, 'integrations'))) {
    const name = keyOf(integration);
    const required = known[name]?.required ?? [];
    const body = valueNode(integration);
    for (const field of required) {
      const value = child(body, field);
      if (value && stringValue(value)?.trim() === '') {
        sink.atNode(
          'integrations/empty-value',
          value,
          `\`integrations.${name}.${field}\` is empty, so ${name} will not load. Fill it in or remove the \`${name}\` integration.`,
        );
      }
    }
  }
}
