export declare function codeServerArgs(options: {
  config: string;
  port: number;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  trust?: boolean;
}): string[];
