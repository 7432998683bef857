import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI = resolve(__dirname, '../../dist/cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run build` first) and collects its output. */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
