/**
 * npm run portal:vectors — writes proto/testdata/ts/*.bin and manifest.json from the hub's codec.
 * Run it after changing the proto or the codec, and commit the result; the vitest suite fails when
 * the committed vectors differ from a fresh encoding.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildVectors } from "./vector-cases.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = path.join(root, "proto/testdata/ts");

mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith(".bin")) rmSync(path.join(dir, f));
const { files, manifest } = buildVectors();
for (const [name, bytes] of files) writeFileSync(path.join(dir, name), bytes);
writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`portal:vectors: wrote ${files.size} vectors to ${path.relative(root, dir)}`);
