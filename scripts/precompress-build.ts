// After `remix build` (npm run build): a Brotli (best quality) and a gzip (level 9) copy beside each
// compressible file of the browser build, which the server sends as they are
// (docs/decisions/0036-build-files-precompressed-with-few-headers.md).

import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import remixConfig from "../remix.config.js";
import { COMPRESSIBLE_EXTENSIONS, type Coding, PRECOMPRESSED } from "../app/server/build-files.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compressors: Record<Coding, (plain: Buffer) => Promise<Buffer>> = {
  br: (plain) =>
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
  gzip: (plain) => gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

async function compressibleFiles(directory: string): Promise<string[]> {
  const names = await fs.readdir(directory, { recursive: true });
  const files = names
    .filter((name) => COMPRESSIBLE_EXTENSIONS.has(path.extname(name).toLowerCase()))
    .map((name) => path.join(directory, name));
  const isFile = await Promise.all(files.map(async (file) => (await fs.stat(file)).isFile()));
  return files.filter((_, index) => isFile[index]);
}

/** A copy only where it saves more than the Content-Encoding line it adds (the server then sends the file). */
const saves = (coding: Coding, encoded: Buffer, plain: Buffer) =>
  encoded.length + `Content-Encoding: ${coding}\r\n`.length < plain.length;

const assets = remixConfig.assetsBuildDirectory;
if (!assets) throw new Error("remix.config.js names no assetsBuildDirectory");
const directory = path.resolve(import.meta.dirname, "..", assets);
const files = await compressibleFiles(directory);
const totals = { plain: 0, br: 0, gzip: 0 };
const written = { br: 0, gzip: 0 };
await Promise.all(
  files.map(async (file) => {
    const plain = await fs.readFile(file);
    totals.plain += plain.length;
    for (const { coding, suffix } of PRECOMPRESSED) {
      const encoded = await compressors[coding](plain);
      if (!saves(coding, encoded, plain)) {
        totals[coding] += plain.length;
        continue;
      }
      totals[coding] += encoded.length;
      written[coding] += 1;
      await fs.writeFile(file + suffix, encoded);
    }
  }),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `precompressed the ${files.length} compressible files of ${path.relative(process.cwd(), directory)} (${kb(totals.plain)}): ` +
    `Brotli ${kb(totals.br)} (${written.br} copies), gzip ${kb(totals.gzip)} (${written.gzip} copies); the others too small to gain`,
);
