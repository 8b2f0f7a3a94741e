/**
 * `npm run bench:perception [-- DIR]` (not a test). Every figure is printed beside its baseline,
 * measured in the same run:
 *   1. parse + compact of each XML dump vs a plain fast-xml-parser parse (attributes on) of it;
 *   2. annotating a 1080x2400 screenshot vs a plain sharp resize + JPEG of the same image;
 *   3. painting two secret fields over a 1080x2400 JPEG (what every masked frame costs the frame
 *      pipeline) vs a plain decode + JPEG encode of it, and vs annotating it; and the live view's
 *      check of a phone's own paint on the masked frame (paintedGrey: what a painted frame costs
 *      the hub instead), against the same plain decode + encode.
 * Targets: pipeline ≤ 2x the plain parse; annotation ≤ 1.5x the plain resize + encode.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import {
  annotateScreenshot,
  compact,
  maskRegions,
  paintedGrey,
  parseSnapshot,
  warmUpFonts,
} from "../../hub/perception/index.js";
import { emitFigures, type Figures } from "./figures.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");
const dir = process.argv.slice(2).find((a) => !a.startsWith("-")) ?? path.resolve(repoRoot, "../shared/ui-dumps");
const fallbackDir = path.resolve(repoRoot, "tests/fixtures/perception");
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 40);
/** For `npm run bench`: each p50 beside its plain baseline's. */
const figures: Figures = {};
const ms = (value: number, reference?: string) =>
  ({ value, unit: "ms", better: "lower", ...(reference ? { reference } : {}) }) as const;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), total: samples.reduce((a, b) => a + b, 0) };
}

function fmt(ms: number): string {
  return `${ms.toFixed(3)} ms`;
}

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function benchTrees(): void {
  const source = existsSync(dir) ? dir : fallbackDir;
  const files = readdirSync(source)
    .filter((f) => /\.(xml|uix)$/i.test(f))
    .sort()
    .map((f) => readFileSync(path.join(source, f), "utf8"));
  const plain = new XMLParser({ ignoreAttributes: false });
  // The configuration the pipeline itself uses (document order kept): its parse-only floor.
  const ordered = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    preserveOrder: true,
    parseAttributeValue: false,
    parseTagValue: false,
  });
  // Warm-up: JIT both paths on every file.
  for (let i = 0; i < 5; i++)
    for (const xml of files) {
      plain.parse(xml);
      compact(parseSnapshot(xml));
    }
  const pipeline: number[] = [];
  const baseline: number[] = [];
  const ratios: number[] = [];
  const floor: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const xml of files) {
      // Alternate the order so neither side always runs on a warmer cache.
      const a = r % 2 === 0 ? time(() => plain.parse(xml)) : 0;
      const b = time(() => compact(parseSnapshot(xml)));
      const c = r % 2 === 1 ? time(() => plain.parse(xml)) : a;
      floor.push(time(() => ordered.parse(xml)));
      pipeline.push(b);
      baseline.push(c);
      ratios.push(b / c);
    }
  }
  const p = stats(pipeline);
  const base = stats(baseline);
  const ratio = stats(ratios);
  const f = stats(floor);
  console.log(`\n1. Tree pipeline: ${files.length} XML dumps from ${source}, ${ROUNDS} rounds each`);
  console.log(`   parse + compact            p50 ${fmt(p.p50)}   p99 ${fmt(p.p99)}   total ${fmt(p.total)}`);
  console.log(`   plain fast-xml-parser      p50 ${fmt(base.p50)}   p99 ${fmt(base.p99)}   total ${fmt(base.total)}`);
  console.log(
    `   fast-xml-parser, pipeline options (preserveOrder)  p50 ${fmt(f.p50)}   p99 ${fmt(f.p99)}   total ${fmt(f.total)}`,
  );
  console.log(
    `   ratio vs plain  p50 ${(p.p50 / base.p50).toFixed(2)}x   p99 ${(p.p99 / base.p99).toFixed(2)}x   total ${(p.total / base.total).toFixed(2)}x   per-dump median ${ratio.p50.toFixed(2)}x   (target ≤ 2x)`,
  );
  figures["plain xml parse p50"] = ms(base.p50);
  figures["parse+compact p50"] = ms(p.p50, "plain xml parse p50");
  figures["parse+compact / plain parse (total)"] = {
    value: p.total / base.total,
    unit: "×",
    better: "lower",
    reference: "plain xml parse p50",
  };
  console.log(
    `   ratio vs same-options parse  p50 ${(p.p50 / f.p50).toFixed(2)}x   total ${(p.total / f.total).toFixed(2)}x`,
  );
}

async function screenshot(): Promise<{ image: Buffer; xml?: string; name: string }> {
  const candidates = ["LlamaTouch__trace_18_0", "appium-test__ui_search_calculator"];
  for (const name of candidates) {
    const png = path.join(dir, `${name}.png`);
    if (existsSync(png))
      return { image: readFileSync(png), xml: readFileSync(path.join(dir, `${name}.xml`), "utf8"), name };
  }
  // No corpus: a noisy synthetic frame, so the encoder has real work.
  const raw = Buffer.alloc(1080 * 2400 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const image = await sharp(raw, { raw: { width: 1080, height: 2400, channels: 3 } })
    .png()
    .toBuffer();
  return { image, name: "synthetic 1080x2400" };
}

async function benchAnnotation(): Promise<void> {
  const shot = await screenshot();
  const meta = await sharp(shot.image).metadata();
  const elements = shot.xml
    ? compact(parseSnapshot(shot.xml)).elements.filter((e) => e.meta.interactive)
    : Array.from({ length: 30 }, (_, i) => ({
        ...compact(parseSnapshot(readFileSync(path.join(fallbackDir, "login.xml"), "utf8"))).elements[0]!,
        id: i + 1,
        cx: 100 + ((i * 97) % 900),
        cy: 100 + ((i * 211) % 2200),
      }));
  const fonts = await warmUpFonts();
  const w = Math.round((meta.width ?? 1080) / 2);
  const h = Math.round((meta.height ?? 2400) / 2);
  const plain = () => sharp(shot.image).resize(w, h, { fit: "fill" }).jpeg({ quality: 80 }).toBuffer();
  const annotated = () => annotateScreenshot(shot.image, elements, { scale: 0.5, format: "jpeg", quality: 80 });
  for (let i = 0; i < 5; i++) {
    await plain();
    await annotated();
  }
  const a: number[] = [];
  const b: number[] = [];
  const rounds = Math.max(10, Math.round(ROUNDS / 2));
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      b.push(await timeAsync(plain));
      a.push(await timeAsync(annotated));
    } else {
      a.push(await timeAsync(annotated));
      b.push(await timeAsync(plain));
    }
  }
  const sa = stats(a);
  const sb = stats(b);
  console.log(
    `\n2. Annotation: ${shot.name} (${meta.width}x${meta.height}), ${elements.length} marks + grid, scale 0.5, JPEG q80, ${rounds} rounds (font warm-up ${fonts.ok ? "ok" : "FAILED"} in ${fonts.ms.toFixed(0)} ms)`,
  );
  figures["plain resize+jpeg p50"] = ms(sb.p50);
  figures["annotate p50"] = ms(sa.p50, "plain resize+jpeg p50");
  figures["annotate / plain resize (p50)"] = {
    value: sa.p50 / sb.p50,
    unit: "×",
    better: "lower",
    reference: "plain resize+jpeg p50",
  };
  console.log(`   annotateScreenshot         p50 ${fmt(sa.p50)}   p99 ${fmt(sa.p99)}`);
  console.log(`   plain resize + JPEG        p50 ${fmt(sb.p50)}   p99 ${fmt(sb.p99)}`);
  console.log(
    `   ratio  p50 ${(sa.p50 / sb.p50).toFixed(2)}x   p99 ${(sa.p99 / sb.p99).toFixed(2)}x   (target ≤ 1.5x)`,
  );
}

async function benchMask(): Promise<void> {
  const shot = await screenshot();
  // What a phone sends: a JPEG of the screen.
  const jpeg = await sharp(shot.image).resize(1080, 2400, { fit: "fill" }).jpeg({ quality: 75 }).toBuffer();
  const screen = { w: 1080, h: 2400 };
  const fields = [
    [64, 524, 1016, 664],
    [64, 704, 1016, 844],
  ] as const;
  const masked = () => maskRegions(jpeg, fields, screen);
  const plain = () => sharp(jpeg).jpeg({ quality: 90 }).toBuffer();
  const annotated = () => annotateScreenshot(jpeg, [], { scale: 0.5, quality: 70 });
  // A frame a phone painted itself: the check reads it at 1/8 scale, only the fields' rows.
  const painted = await masked();
  const check = async () => {
    if ((await paintedGrey(painted, fields, screen)) !== "grey")
      throw new Error("the painted frame did not check grey");
  };
  for (let i = 0; i < 5; i++) {
    await check();
    await masked();
    await plain();
  }
  const m: number[] = [];
  const p: number[] = [];
  const a: number[] = [];
  const c: number[] = [];
  const rounds = Math.max(10, Math.round(ROUNDS / 2));
  for (let i = 0; i < rounds; i++) {
    m.push(await timeAsync(masked));
    p.push(await timeAsync(plain));
    a.push(await timeAsync(annotated));
    c.push(await timeAsync(check));
  }
  const sc = stats(c);
  const sm = stats(m);
  const sp = stats(p);
  const sa = stats(a);
  console.log(`\n3. Secret mask: 2 fields over a 1080x2400 JPEG q75, re-encoded JPEG q90, ${rounds} rounds`);
  figures["plain decode+jpeg p50"] = ms(sp.p50);
  figures["mask p50"] = ms(sm.p50, "plain decode+jpeg p50");
  figures["mask / plain decode (p50)"] = {
    value: sm.p50 / sp.p50,
    unit: "×",
    better: "lower",
    reference: "plain decode+jpeg p50",
  };
  console.log(`   maskRegions                p50 ${fmt(sm.p50)}   p99 ${fmt(sm.p99)}`);
  console.log(`   plain decode + JPEG        p50 ${fmt(sp.p50)}   p99 ${fmt(sp.p99)}`);
  console.log(`   annotate (for scale)       p50 ${fmt(sa.p50)}   p99 ${fmt(sa.p99)}`);
  console.log(
    `   paint check (paintedGrey)  p50 ${fmt(sc.p50)}   p99 ${fmt(sc.p99)}   ratio vs plain p50 ${(sc.p50 / sp.p50).toFixed(2)}x`,
  );
  figures["paint check p50"] = ms(sc.p50, "plain decode+jpeg p50");
  console.log(`   ratio vs plain  p50 ${(sm.p50 / sp.p50).toFixed(2)}x`);
}

benchTrees();
await benchAnnotation();
await benchMask();
emitFigures(figures);
