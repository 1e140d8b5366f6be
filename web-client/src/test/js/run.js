// Loads every test file the page names (window.PAGE_TEST_FILES), runs their tests and publishes the results as
// window.pageTestResults; a file that does not load is a failed result of its own.

import { inFile, runTests } from "./harness.js";

const loading = [];
for (const file of window.PAGE_TEST_FILES ?? []) {
  inFile(file);
  try {
    await import("./" + file);
    loading.push({ name: file + ": loads", ok: true, message: "" });
  } catch (e) {
    loading.push({ name: file + ": loads", ok: false, message: String(e?.stack ?? e) });
  }
}
window.pageTestResults = [...loading, ...await runTests()];
