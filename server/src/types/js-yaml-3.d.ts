/**
 * js-yaml 3 (the package `js-yaml-3`, an alias of js-yaml@3.15.2): the YAML reader of the platform's
 * front matter (`front-matter`, whose `safeLoad` resolves plain scalars by YAML 1.1's rules, so
 * `title: 08.2026` stays a string). Only what parseFrontMatter uses is declared.
 */
declare module 'js-yaml-3' {
  export class YAMLException extends Error {
    reason?: string;
    mark?: { position: number; line: number; column: number };
  }
  export function safeLoad(text: string, options?: { json?: boolean; filename?: string }): unknown;
}
