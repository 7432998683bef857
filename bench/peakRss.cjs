// Preloaded into a measured process: reports its peak resident memory on exit (stderr, one line).
process.on('exit', () => {
  process.stderr.write(`\nBENCH_PEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
