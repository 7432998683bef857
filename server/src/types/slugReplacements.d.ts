// The replacement tables of @sindresorhus/transliterate and @sindresorhus/slugify (the platform's
// slugger), which their packages do not export: tsconfig.json's `paths` name the files.
declare module '#slug-replacements/transliterate' {
  const replacements: [string, string][];
  export default replacements;
}
declare module '#slug-replacements/slugify' {
  const replacements: [string, string][];
  export default replacements;
}
