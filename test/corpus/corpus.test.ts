import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORPUS, CORPUS_LABEL, corpusSites, FULL_CORPUS, sitesIn, VENDORED } from '../helpers/corpus';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { baselineByUri } from '../helpers/corpusBaseline';
import { createLanguageService } from '../../server/src/service';
import { pathToUri } from '../../server/src/service/uri';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { occurrences } from '../../server/src/service/check/groupRepeats';
import { existsSync, writeFileSync } from 'node:fs';

/**
 * Each site's error-level findings, judged per code: `count` of them, `why`, and under `false` how many of
 * them are known false findings, by the issue item (`38.10`) whose fix removes them.
 */
const expectations = JSON.parse(readFileSync(resolve(__dirname, 'expectations.json'), 'utf8')).sites as Record<
  string,
  Record<string, { count: number; why: string; false?: Record<string, number> }>
>;

test('expectations.json: every judged-false count is part of the count of its code and names the item that removes it', () => {
  for (const [site, codes] of Object.entries(expectations))
    for (const [code, { count, false: known }] of Object.entries(codes)) {
      const falseCount = Object.values(known ?? {}).reduce((sum, n) => sum + n, 0);
      assert.ok(falseCount <= count, `${site} ${code}: ${falseCount} false of ${count}`);
      for (const item of Object.keys(known ?? {})) assert.match(item, /^\d+\.\d+$/, `${site} ${code}: ${item}`);
    }
});

/**
 * Each site's warnings, infos and hints, counted per code (a finding that stands for several places
 * counts them all): a finding that moves from error to warning, or vanishes, is seen. Recorded from
 * the findings when DOCSMITH_RECORD_WARNINGS=1 (after a change meant to move them: the diff of
 * warnings.json is then read in review); compared otherwise.
 */
const WARNINGS_FILE = resolve(__dirname, 'warnings.json');
const recordWarnings = process.env.DOCSMITH_RECORD_WARNINGS === '1';
const recordedWarnings = (existsSync(WARNINGS_FILE) ? JSON.parse(readFileSync(WARNINGS_FILE, 'utf8')).sites : {}) as Record<
  string,
  Record<string, number>
>;
const newWarnings: Record<string, Record<string, number>> = {};
after(() => {
  if (!recordWarnings) return;
  const sites = Object.fromEntries(
    Object.entries({ ...recordedWarnings, ...newWarnings }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const comment =
    'Warnings, infos and hints on each corpus site, per code, every place of a grouped finding counted. Written by DOCSMITH_RECORD_WARNINGS=1 node test/run.mjs test/corpus/corpus.test.ts; read its diff in review.';
  writeFileSync(WARNINGS_FILE, `${JSON.stringify({ $comment: comment, sites }, null, 2)}\n`);
});

/** Codes that mean "the platform would reject or misread this file": never expected on a deployed site. */
const SCHEMA_LEVEL = /^(?:json|ref)\/|\/(?:missing-property|invalid-value|missing-field|invalid-field|unknown-integration|rejected-key)$/;

/** The full corpus when present (`../shared/corpus/real` or DOCSMITH_CORPUS), else the ten vendored sites. */
const sites = corpusSites();
console.log(`# corpus suite: ${CORPUS_LABEL}`);

if (sites.length === 0) {
  test('real-site corpus', (t) => {
    t.skip(`NOT RUN: no corpus at ${CORPUS} and no vendored sites at ${VENDORED}`);
  });
}

// The vendored sites are copies: where the full corpus is present too, they must not have drifted.
if (CORPUS === FULL_CORPUS) {
  for (const site of sitesIn(VENDORED)) {
    test(`vendored copy: ${site} is the corpus site, plus its LICENSE`, () => {
      const list = (root: string) =>
        (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => statSync(join(root, name)).isFile()).sort();
      const vendored = list(join(VENDORED, site)).filter((name) => name !== 'LICENSE');
      assert.deepEqual(vendored, list(join(FULL_CORPUS, site)));
      for (const name of vendored)
        assert.ok(readFileSync(join(VENDORED, site, name)).equals(readFileSync(join(FULL_CORPUS, site, name))), name);
      assert.match(readFileSync(join(VENDORED, site, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
      assert.match(readFileSync(join(VENDORED, site, 'SOURCE'), 'utf8'), /^license: Apache-2\.0/m);
    });
  }
}

/** What each code finds over the whole corpus (every severity), printed at the end of the suite. */
const totals = new Map<string, number>();
after(() => {
  const knownFalse = Object.values(expectations)
    .flatMap((codes) => Object.values(codes))
    .reduce((sum, { false: known }) => sum + Object.values(known ?? {}).reduce((a, b) => a + b, 0), 0);
  console.log(`Error-level findings still judged false in expectations.json: ${knownFalse}`);
  if (totals.size === 0) return;
  const lines = [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([code, count]) => `  ${code}: ${count}`);
  console.log(`Findings on the ${sites.length} corpus sites, per code:\n${lines.join('\n')}`);
});

for (const site of sites) {
  test(`corpus: ${site}`, async (t) => {
    const result = { diagnostics: await baselineByUri(join(CORPUS, site)) };
    const errors = new Map<string, string[]>();
    const schemaLevel: string[] = [];
    const perSite = new Map<string, number>();
    const warnings = new Map<string, number>();
    for (const [uri, diagnostics] of result.diagnostics) {
      for (const diagnostic of diagnostics) {
        const code = String(diagnostic.code);
        totals.set(code, (totals.get(code) ?? 0) + 1);
        perSite.set(code, (perSite.get(code) ?? 0) + 1);
        const where = `${uri.slice(uri.lastIndexOf(site) + site.length + 1)}:${diagnostic.range.start.line + 1} ${code} ${diagnostic.message}`;
        if (SCHEMA_LEVEL.test(code) && diagnostic.severity === DiagnosticSeverity.Error) schemaLevel.push(where);
        if (diagnostic.severity === DiagnosticSeverity.Error) errors.set(code, [...(errors.get(code) ?? []), where]);
        else warnings.set(code, (warnings.get(code) ?? 0) + occurrences(diagnostic));
      }
    }
    t.diagnostic([...perSite].map(([code, count]) => `${code} ${count}`).join(', ') || 'no findings');
    await assertEditorAgrees(join(CORPUS, site), result.diagnostics);
    const expected = expectations[site] ?? {};
    const unexplainedSchema = schemaLevel.filter((line) => !Object.keys(expected).some((code) => line.includes(` ${code} `)));
    assert.deepEqual(unexplainedSchema, [], 'schema-level errors on a deployed site are our bug unless recorded in expectations.json');
    const actual = Object.fromEntries([...errors].map(([code, lines]) => [code, lines.length]));
    const wanted = Object.fromEntries(Object.entries(expected).map(([code, { count }]) => [code, count]));
    assert.deepEqual(actual, wanted, `error-level findings differ from expectations.json:\n${[...errors.values()].flat().join('\n')}`);
    const counted = Object.fromEntries([...warnings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (recordWarnings) newWarnings[site] = counted;
    else
      assert.deepEqual(
        counted,
        recordedWarnings[site] ?? {},
        'warnings, infos and hints differ from test/corpus/warnings.json (DOCSMITH_RECORD_WARNINGS=1 records them, when the change is meant)',
      );
  });
}

/**
 * The editor, opened on the site's folder, gives every file the diagnostics the whole-site check
 * gives it: the same engine, the same docs root for every file (a docs.json nested in the site
 * included).
 */
async function assertEditorAgrees(dir: string, checked: ReadonlyMap<string, Diagnostic[]>): Promise<void> {
  const root = pathToUri(dir);
  const editor = createLanguageService({ workspace: new FsWorkspace(), folders: () => [root] });
  const files = new Set([...checked.keys(), ...(await editor.listDiagnosedFiles(root, NOT_CANCELLED))]);
  const shown = (list: readonly Diagnostic[] | undefined) =>
    (list ?? []).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)} ${d.message}`).sort();
  for (const uri of files) {
    const own = await editor.getDiagnostics(uri, NOT_CANCELLED);
    assert.deepEqual(shown(own), shown(checked.get(uri)), `the editor on ${uri.slice(root.length + 1)}`);
  }
}
