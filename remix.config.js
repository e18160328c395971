// SAKIDORI_BUILD_DIR lets several builds live side by side (parallel work on one checkout); the
// default is the usual build/ and public/build/.
const buildDir = process.env.SAKIDORI_BUILD_DIR || "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: buildDir === "build" ? "public/build" : `${buildDir}/public`,
  // The classic compiler, as the stack asks; ESM output, which the app's own server imports.
  serverModuleFormat: "esm",
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // Node built-ins are available on the server; nothing server-only is bundled for the browser.
  serverPlatform: "node",
  // The build's entry installs the request gate and guards every action (docs/decisions/0003).
  server: "./server.ts",
  future: {
    // ARCHITECTURE §1: every v3 flag on except single fetch and lazy route discovery.
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: false,
    v3_lazyRouteDiscovery: false,
  },
};
