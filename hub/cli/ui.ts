/**
 * `droidhub ui FILE [--format json|text] [--screenshot PNG --out OUT.jpg] [--max-tokens N]`:
 * one dump of any supported format → the compact element list.
 *   json (default): {"elements":[…],"package":…,"screen":{"w":…,"h":…},"tokens":…}
 *   text: the line rendering, then a "# package … tokens …" footer.
 * Exit codes: 0 ok, 1 the input could not be read or parsed, 2 bad usage.
 */
import { readFile, writeFile } from "node:fs/promises";
import { isHubError } from "../errors/hub-error.js";
import { type Args, defineCommand, invoke, UsageError } from "./command.js";

export const uiCommandSpec = defineCommand({
  name: "ui",
  summary: "a UI dump → the compact element list the agent sees (and an annotated screenshot)",
  usage: ["ui FILE [--format json|text] [--max-tokens N] [--screenshot PNG --out OUT.jpg]"],
  about: `FILE is a uiautomator XML dump, an Appium page source, a Mobilerun JSON state, or what the hub's
GET /api/devices/ID/ui?raw=1 answers. Exit codes: 0 ok, 1 the input could not be read or parsed,
2 bad usage.`,
  positionals: true,
  flags: [
    {
      name: "format",
      type: "string",
      value: "FORMAT",
      default: "json",
      description: "json (elements, package, screen, tokens) or text (what the model reads)",
    },
    { name: "max-tokens", type: "string", value: "N", description: "cut the element list at this many tokens" },
    { name: "screenshot", type: "string", value: "PNG", description: "the screen image to mark the elements on" },
    { name: "out", type: "string", value: "FILE", description: "where the annotated image goes (.jpg or .webp)" },
  ],
  run: (args, ctx) => runUi(args, ctx.out, ctx.err),
});

type UiFlags = "format" | "max-tokens" | "screenshot" | "out";

interface UiArgs {
  file: string;
  format: "json" | "text";
  screenshot?: string;
  out?: string;
  maxTokens?: number;
}

function uiArgs(args: Args<UiFlags>): UiArgs {
  const [file, ...extra] = args.positionals;
  if (!file) throw new UsageError("missing FILE");
  if (extra.length) throw new UsageError(`unexpected argument ${extra[0]}`);
  const format = args.string("format");
  if (format !== "json" && format !== "text") throw new UsageError(`--format must be json or text, got ${format}`);
  const screenshot = args.string("screenshot");
  const out = args.string("out");
  if ((screenshot === undefined) !== (out === undefined)) throw new UsageError("--screenshot and --out go together");
  const maxTokens = args.integer("max-tokens", 1);
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
  try {
    return await invoke(uiCommandSpec, args, { out, err });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err.write(`droidhub ui: ${error.message}\n  see: droidhub ui --help\n`);
    return 2;
  }
}

async function runUi(args: Args<UiFlags>, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const parsed = uiArgs(args);
  try {
    // Loaded here, and module by module rather than through perception/index.js: `droidhub --help`
    // must not pay for the tokenizer, nor `droidhub ui FILE` for sharp (only --screenshot draws).
    const [{ parseSnapshot }, { compact }, { renderElements }] = await Promise.all([
      import("../perception/parse.js"),
      import("../perception/compact.js"),
      import("../perception/render.js"),
    ]);
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
      const { annotateScreenshot } = await import("../perception/annotate.js");
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
