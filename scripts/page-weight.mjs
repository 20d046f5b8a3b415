// Compressed weight of one page as a browser first loads it: the HTML plus every
// stylesheet and script it references, with gzip and brotli. Run it against the
// production build (`npm start` in another terminal):
//   npm run page-weight                      # http://localhost:8787/
//   npm run page-weight -- http://localhost:8787/services
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const url = new URL(process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8787}/`);
const html = await fetchText(url);

const assets = new Map();
for (const [tag] of html.matchAll(/<link\b[^>]*>|<script\b[^>]*>/g)) {
  const rel = tag.match(/\brel="([^"]+)"/)?.[1];
  const href = tag.match(/\b(?:href|src)="([^"]+)"/)?.[1];
  if (!href) continue;
  if (rel === "stylesheet") assets.set(href, "css");
  else if (rel === "modulepreload" || tag.startsWith("<script")) assets.set(href, "js");
}

const rows = [measure("html", url.pathname, html)];
for (const [href, kind] of assets) rows.push(measure(kind, href, await fetchText(new URL(href, url))));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const total = (kind) => rows.filter((row) => !kind || row.kind === kind).reduce(
  (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
  { raw: 0, gzip: 0, brotli: 0 },
);
console.log(`${url.href}: ${rows.length} files`);
for (const kind of ["html", "css", "js", undefined]) {
  const sum = total(kind);
  const count = rows.filter((row) => !kind || row.kind === kind).length;
  console.log(
    `${(kind ?? "total").padEnd(6)} ${String(count).padStart(3)} files  raw ${kb(sum.raw).padStart(9)}  gzip ${kb(sum.gzip).padStart(8)}  brotli ${kb(sum.brotli).padStart(8)}`,
  );
}

function measure(kind, path, text) {
  const bytes = Buffer.from(text);
  return {
    kind,
    path,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

async function fetchText(target) {
  const response = await fetch(target);
  if (!response.ok) throw new Error(`${target}: ${response.status}`);
  return response.text();
}
