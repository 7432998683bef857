// A node:test reporter that writes one JSON line per finished test (its file, outcome and skip reason),
// for the summary table test/run.mjs prints at the end of `npm test`.
export default async function* summaryReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, name, skip, todo, nesting, details } = event.data;
    // A top-level test's time, for the order of the next run (test/run.mjs starts the longest files first).
    const ms = nesting === 0 ? details?.duration_ms : undefined;
    yield `${JSON.stringify({ file, name, failed: event.type === 'test:fail', skip: skip === undefined ? undefined : String(skip), todo: todo !== undefined, ms })}\n`;
  }
}
