import { appendFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Disagreements with the platform that remain, each judged in disagreements.json with the reason:
 * `suite` → `site` (or `*`) → a list of `{ "match": "text of the finding", "why": "..." }`.
 */
type Judged = Record<string, Record<string, { match: string; why: string }[]>>;
const file = JSON.parse(readFileSync(resolve(__dirname, 'disagreements.json'), 'utf8')) as { suites: Judged };

/** DOCSMITH_UNJUDGED=FILE: every finding not judged yet is also written there, one JSON line each, to judge them in one go. */
const unjudgedOut = process.env.DOCSMITH_UNJUDGED;

export function judged(suite: string, site: string, finding: string): boolean {
  const entries = [...(file.suites[suite]?.[site] ?? []), ...(file.suites[suite]?.['*'] ?? [])];
  const known = entries.some((entry) => finding.includes(entry.match));
  if (!known && unjudgedOut) appendFileSync(unjudgedOut, JSON.stringify({ suite, site, finding }) + '\n');
  return known;
}
