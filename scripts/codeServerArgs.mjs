// The arguments code-server is started with, for the demo (scripts/start.mjs) and the e2e suites
// (test/helpers/codeServer.ts): one list, so the demo runs the editor the tests check.

/**
 * @param {{ config: string; port: number; userDataDir: string; extensionsDir: string; workspace: string; trust?: boolean }} options
 * @returns {string[]}
 */
export function codeServerArgs({ config, port, userDataDir, extensionsDir, workspace, trust = true }) {
  return [
    '--config',
    config,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    // Trusted unless asked otherwise (the untrusted-workspace suite): no trust prompt in the way.
    ...(trust ? ['--disable-workspace-trust'] : []),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    workspace,
  ];
}
