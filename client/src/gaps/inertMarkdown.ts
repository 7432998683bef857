/**
 * The assistant's answer as Markdown that loads nothing when previewed: an image (`![x](https://...)`,
 * `![x][ref]`) shows as its text, and HTML (`<img src>`, `<iframe>`) as its source, so that opening a
 * question never fetches from a server the answer names. Links stay links (they need a click).
 */
export function inertMarkdown(text: string): string {
  return text.replace(/!\[/g, '!\\[').replace(/</g, '&lt;');
}
