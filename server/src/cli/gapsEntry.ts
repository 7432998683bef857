// The `gaps` and `mock-server` commands, bundled apart (dist/cli-gaps.js): the export client, the local
// server and its data are loaded only when one of them runs, so `docsmith check` does not parse them.
export { runGaps } from './gaps';
export { startExportServer } from '../mock/exportServer';
export { ExportApiError } from '../analytics';
