// Preloaded into Next's own process (`node --require`, by scripts/serve.mjs) so that the front door
// and the request stamp (lib/http/front-door.ts) wrap Node's HTTP server before Next creates it: no
// request, not even one that arrives while Next starts, reaches Next without them. tsx loads the
// TypeScript (and its `@/` imports) in a scope of its own, leaving Next's module loading alone.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, preloaded with node --require */
"use strict";
const path = require("node:path");
const { require: tsRequire } = require("tsx/cjs/api");

tsRequire(path.join(__dirname, "front-door.ts"), __filename).installFrontDoor();
