import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

// `--stdio`, `--node-ipc` or `--socket=N`: vscode-languageserver reads the transport from argv.
startServer(createConnection(ProposedFeatures.all));
