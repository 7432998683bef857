// The `gaps` and `mock-server` commands, bundled apart (dist/cli-gaps.js): undici, the local server and
// its data are loaded only when one of them runs, so `docsmith check` starts as fast as before.
export { runGaps } from './gaps';
export { startExportServer } from '../mock/exportServer';
export { ExportApiError } from '../analytics/errors';
