// Where a long question's answer belongs, on real sites: a passage of LEN words (35 by default) from
// every fourth section of each corpus site (sections of at least LEN + 10 words, from a third of the
// way in), asked alone as an unanswered question. Counts how often its cluster's suggestion is the
// passage's own page, and its own section. `--identifiers N` adds N pasted identifiers no page uses
// (`3kd9f0zq`) to each passage. `node --import tsx bench/gapPassages.ts [LEN] [--identifiers N]`; the
// corpus is ../shared/corpus/real (or DOCSMITH_CORPUS).
import { join } from 'node:path';
import { createLanguageService } from '../server/src/service';
import { clusterGaps, type GapQuestion } from '../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../server/src/analytics/gaps/pageRanking';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../test/helpers/corpus';
import { ROOT } from '../test/helpers/memoryWorkspace';
import { memorySite } from '../test/helpers/memorySite';
import { NOT_CANCELLED } from '../server/src/service/cancellation';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--identifiers');
  const identifiers = flag >= 0 ? Number(args.splice(flag, 2)[1]) : 0;
  const length = Number(args[0] ?? 35);
  let seed = 1;
  const identifier = () => `${(seed = (seed * 1103515245 + 12345) % 2147483648).toString(36)}zq`;
  console.log(`passages of ${length} words${identifiers ? ` and ${identifiers} identifiers` : ''} on ${CORPUS_LABEL}`);
  let total = 0;
  let rightPage = 0;
  let rightSection = 0;
  for (const name of corpusSites()) {
    const site = memorySite(join(CORPUS, name));
    const index = await createLanguageService({ workspace: site }).getPageIndex(`${ROOT}/docs.json`, NOT_CANCELLED);
    if (!index) continue;
    const ranker = createPageRanker(index.pages);
    let seen = 0;
    for (const page of index.pages)
      for (const section of page.sections) {
        const words = section.text.split(/\s+/).filter(Boolean);
        if (words.length < length + 10 || seen++ % 4) continue;
        const start = Math.floor(words.length / 3);
        const question: GapQuestion = {
          id: 'passage',
          query: [...words.slice(start, start + length), ...Array.from({ length: identifiers }, identifier)].join(' '),
          timestamp: '2026-01-01T00:00:00Z',
          sources: [],
        };
        const suggestion = clusterGaps([question], { ranker })[0].suggestion;
        total++;
        if (suggestion?.file !== page.file) continue;
        rightPage++;
        if (suggestion.anchor === section.anchor) rightSection++;
      }
  }
  const share = (count: number) => `${count} (${((100 * count) / (total || 1)).toFixed(1)}%)`;
  console.log(`${total} passages: own page ${share(rightPage)}, own section ${share(rightSection)}`);
}

void main();
