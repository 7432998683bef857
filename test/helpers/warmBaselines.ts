// Checks the corpus sites whose baselines are not kept yet (test/helpers/corpusBaseline.ts), one
// share of them: `node --import tsx test/helpers/warmBaselines.ts SHARE SHARES`. test/run.mjs runs
// one share per core before the corpus suites, which then read the baselines instead of each
// checking every site again (and instead of taking turns at the same site).
import { join } from 'node:path';
import { baselineCheck } from './corpusBaseline';
import { CORPUS, corpusSites } from './corpus';

async function main(share: number, shares: number): Promise<void> {
  const sites = corpusSites().filter((_, index) => index % shares === share);
  for (const site of sites) await baselineCheck(join(CORPUS, site));
}

void main(Number(process.argv[2] ?? 0), Number(process.argv[3] ?? 1));
