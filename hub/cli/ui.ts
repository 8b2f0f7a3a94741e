/**
 * `droidhub ui FILE [--format json|text] [--screenshot PNG --out OUT.jpg] [--max-tokens N]`:
 * one dump of any supported format → the compact element list.
 *   json (default): {"elements":[…],"package":…,"screen":{"w":…,"h":…},"tokens":…}
 *   text: the line rendering, then a "# package … tokens …" footer.
 * Exit codes: 0 ok, 1 the input could not be read or parsed, 2 bad usage.
 */
import { readFile, writeFile } from "node:fs/promises";
import { isHubError } from "../errors/hub-error.js";
import { annotateScreenshot, compact, parseSnapshot, renderElements } from "../perception/index.js";

const USAGE = "usage: droidhub ui FILE [--format json|text] [--screenshot PNG --out OUT.jpg] [--max-tokens N]\n";

interface UiArgs {
  file: string;
  format: "json" | "text";
  screenshot?: string;
  out?: string;
  maxTokens?: number;
}

function parseArgs(args: readonly string[]): UiArgs | string {
  let file: string | undefined;
  let format: "json" | "text" = "json";
  let screenshot: string | undefined;
  let out: string | undefined;
  let maxTokens: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => {
      const eq = a.indexOf("=");
      if (eq >= 0) return a.slice(eq + 1);
      i++;
      return args[i];
    };
    const flagName = a.split("=")[0];
    if (flagName === "--format") {
      const v = value();
      if (v !== "json" && v !== "text") return `--format must be json or text, got ${v ?? "nothing"}`;
      format = v;
    } else if (flagName === "--screenshot") {
      screenshot = value();
      if (!screenshot) return "--screenshot needs a file";
    } else if (flagName === "--out") {
      out = value();
      if (!out) return "--out needs a file";
    } else if (flagName === "--max-tokens") {
      const n = Number(value());
      if (!Number.isInteger(n) || n <= 0) return "--max-tokens must be a positive integer";
      maxTokens = n;
    } else if (a === "-h" || a === "--help") {
      return "";
    } else if (a.startsWith("-")) {
      return `unknown option ${a}`;
    } else if (file === undefined) {
      file = a;
    } else {
      return `unexpected argument ${a}`;
    }
  }
  if (!file) return "missing FILE";
  if ((screenshot === undefined) !== (out === undefined)) return "--screenshot and --out go together";
  return {
    file,
    format,
    ...(screenshot ? { screenshot } : {}),
    ...(out ? { out } : {}),
    ...(maxTokens ? { maxTokens } : {}),
  };
}

export async function uiCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") {
    err.write(parsed ? `droidhub ui: ${parsed}\n${USAGE}` : USAGE);
    return parsed ? 2 : 0;
  }
  try {
    const input = await readFile(parsed.file);
    const result = compact(parseSnapshot(input));
    const rendered = renderElements(
      result.elements,
      parsed.format,
      parsed.maxTokens ? { maxTokens: parsed.maxTokens } : {},
    );
    if (parsed.format === "json") {
      const body = `{"elements":${rendered.text},"package":${JSON.stringify(result.package)},"screen":${JSON.stringify(result.screen)},"tokens":${rendered.tokens}}`;
      out.write(`${body}\n`);
    } else {
      out.write(
        `${rendered.text}\n# package ${result.package || "-"} screen ${result.screen.w}x${result.screen.h} tokens ${rendered.tokens}\n`,
      );
    }
    if (result.needsVision)
      err.write(`droidhub ui: the tree may not describe this screen (${result.visionReasons.join(", ")})\n`);
    if (parsed.screenshot && parsed.out) {
      const image = await readFile(parsed.screenshot);
      const format = /\.webp$/i.test(parsed.out) ? "webp" : "jpeg";
      const marked = result.elements.filter((e) => e.meta.interactive);
      const annotated = await annotateScreenshot(image, marked, { format });
      await writeFile(parsed.out, annotated.data);
      err.write(`droidhub ui: wrote ${parsed.out} (${annotated.width}x${annotated.height}, ${marked.length} marks)\n`);
    }
    return 0;
  } catch (error) {
    if (isHubError(error)) err.write(`droidhub ui: ${error.code}: ${error.message}\n`);
    else if ((error as NodeJS.ErrnoException).code === "ENOENT")
      err.write(`droidhub ui: no such file: ${(error as NodeJS.ErrnoException).path}\n`);
    else err.write(`droidhub ui: ${(error as Error).message}\n`);
    return 1;
  }
}
