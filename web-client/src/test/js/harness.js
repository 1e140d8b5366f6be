// The page tests' own little runner: `test(name, fn)` registers a test (fn may be async), `eq`/`ok`/`rejects` assert,
// `runTests()` runs them all and answers one result per test. run.js drives it; PageLogicBrowserIT (lobby-service)
// loads the page in headless Chromium and turns every result into a JUnit test.

/** @type {{name: string, fn: () => any}[]} */
const tests = [];
let prefix = "";

/** Tests registered from now on are named "<file>: <name>". @param {string} file */
export function inFile(file) {
  prefix = file.replace(/\.test\.js$/, "") + ": ";
}

/** @param {string} name @param {() => any} fn */
export function test(name, fn) {
  tests.push({ name: prefix + name, fn });
}

/** Values as text for comparison and messages (BigInts as 12n, Maps and Sets as lists). */
export function show(x) {
  return JSON.stringify(x, (_, v) => typeof v === "bigint" ? `${v}n`
    : v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v);
}

/** Deep equality by their text. @param {any} actual @param {any} expected @param {string} [what] */
export function eq(actual, expected, what = "") {
  const a = show(actual);
  const e = show(expected);
  if (a !== e) {
    throw new Error(`${what ? what + ": " : ""}expected ${e}, got ${a}`);
  }
}

/** @param {any} condition @param {string} what */
export function ok(condition, what) {
  if (!condition) {
    throw new Error(what);
  }
}

/** Awaits a promise that must fail; answers its error. @param {Promise<any>} promise @param {string} what */
export async function rejects(promise, what) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error(`${what}: expected a failure, the promise resolved`);
}

/** Runs every registered test in order. @returns {Promise<{name: string, ok: boolean, message: string}[]>} */
export async function runTests() {
  const results = [];
  for (const t of tests) {
    try {
      await t.fn();
      results.push({ name: t.name, ok: true, message: "" });
    } catch (e) {
      results.push({ name: t.name, ok: false, message: String(e?.stack ?? e) });
    }
  }
  return results;
}
