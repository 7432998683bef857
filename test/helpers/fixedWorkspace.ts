import { FsWorkspace } from '../../server/src/fsWorkspace';

/** The disk, with the files a fix wrote kept in memory (the corpus is never written to). */
export class FixedWorkspace extends FsWorkspace {
  readonly written = new Map<string, string>();
  override async readFile(uri: string): Promise<string | undefined> {
    return this.written.get(uri) ?? super.readFile(uri);
  }
}
