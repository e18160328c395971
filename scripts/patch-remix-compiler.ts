// Run before every `remix build` (package.json "build"): tells the classic compiler that the empty
// stand-in it puts in the browser build for a `*.server` module has no side effects, so esbuild drops
// the import instead of shipping a 100-byte chunk per server module (/login loaded nine of
// them, each a request of its own). Decision 0015 says why this is a patch and how to retire it.
//
// The change is one property in @remix-run/dev's emptyModules plugin. It is applied in place and is
// idempotent; when the compiler's text no longer matches (an upgrade), the build stops here rather
// than silently shipping the stand-ins again.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const devPackage = require.resolve("@remix-run/dev/package.json");
const plugin = path.join(path.dirname(devPackage), "dist/compiler/plugins/emptyModules.js");

const original = 'namespace: "empty-module"\n          };';
const patched = 'namespace: "empty-module",\n            sideEffects: false\n          };';

const text = fs.readFileSync(plugin, "utf8");
if (text.includes(patched)) {
  process.exit(0);
}
if (!text.includes(original)) {
  console.error(
    `scripts/patch-remix-compiler.ts: ${plugin} no longer has the text this patch expects. ` +
      "Check whether the new @remix-run/dev marks its empty modules side-effect free (then delete this " +
      "script and its call in package.json's build), or adapt the patch (docs/decisions/0015).",
  );
  process.exit(1);
}
fs.writeFileSync(plugin, text.replace(original, patched));
console.log("Patched @remix-run/dev: empty *.server stand-ins are side-effect free (decision 0015).");
