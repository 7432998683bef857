// Loaded into every test process (node --test forwards --import to the test files' processes): the
// coverage that `npm test` prints is of the code the tests run in their own processes. Processes a
// test starts (the built CLI, the language server, code-server) are left out: their bundles are not
// the sources, and code-server's coverage alone would run to gigabytes. Node has read the variable by
// now, so this process's coverage is still written when it exits.
if (process.env.NODE_TEST_CONTEXT) delete process.env.NODE_V8_COVERAGE;
