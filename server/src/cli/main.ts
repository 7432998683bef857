import { Command, Option } from 'commander';
import { version } from '../../../package.json';
import { CHECK_FORMATS, runCheck, type CheckFormat } from './check';
import { UsageError } from './config';

const program = new Command();
program.name('docsmith').description('Checks Mintlify-format documentation sites (docs.json and MDX pages).').version(version);
program.exitOverride();
program.configureOutput({ outputError: (text, write) => write(text) });

program
  .command('check')
  .description('Check docs.json, the files it references and the pages of a docs site.')
  .argument('[dir]', 'the docs root (the folder holding docs.json) or a folder above one', '.')
  .addOption(new Option('-f, --format <format>', 'output format').choices(CHECK_FORMATS).default('text'))
  .option('-c, --config <file>', 'settings file (default: .docsmithrc.json in DIR)')
  .option('--no-orphans', 'do not report pages that no navigation entry reaches')
  .option('--no-color', 'plain text output')
  .action(async (dir: string, options: { format: CheckFormat; config?: string; orphans: boolean; color: boolean }) => {
    const interactive = Boolean(process.stderr.isTTY);
    const outcome = await runCheck(dir, {
      format: options.format,
      config: options.config,
      orphans: options.orphans,
      colour: options.color && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
      version,
      progress: interactive ? (message) => process.stderr.write(`${message}\n`) : undefined,
      warn: (message) => process.stderr.write(`docsmith: warning: ${message}\n`),
    });
    await write(outcome.output);
    process.exitCode = outcome.exitCode;
  });

function write(text: string): Promise<void> {
  return new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', () => resolve())));
}

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`docsmith: ${error.message}\n`);
      process.exitCode = 2;
    } else if (error && typeof error === 'object' && 'exitCode' in error && 'code' in error && String((error as { code: string }).code).startsWith('commander.')) {
      // commander already printed help, the version or the usage error
      process.exitCode = (error as { exitCode: number }).exitCode === 0 ? 0 : 2;
    } else {
      process.stderr.write(`docsmith: internal error: ${error instanceof Error ? error.message : String(error)}\nPlease report it with the command you ran.\n`);
      if (process.env.DOCSMITH_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = 3;
    }
  }
}

void main();
