// Module hooks for the benchmarks (registered by hub-build.ts): every module under hub/ loads from
// its compiled twin under dist/hub/ (a `.ts` source becomes the `.js` tsc wrote), so the benchmark
// and its child processes run one copy of the hub, the one users run. Plain JavaScript: hooks run on
// the loader's own thread.
const root = new URL("../../", import.meta.url).href;
const SOURCES = `${root}hub/`;
const BUILD = `${root}dist/hub/`;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith(SOURCES)) return resolved;
  const url = BUILD + resolved.url.slice(SOURCES.length).replace(/\.ts$/, ".js");
  // The format follows the file (dist/ is ES modules, like the package), not the source's.
  return { url, shortCircuit: true };
}
