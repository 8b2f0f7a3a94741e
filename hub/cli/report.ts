/** `droidhub report RUN --out FILE.html`: saves a run's self-contained HTML report. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { defineCommand, invoke, UsageError } from "./command.js";
import { HUB_FLAGS, hubClient } from "./hub-client.js";

export const reportCommandSpec = defineCommand({
  name: "report",
  summary: "save a run's self-contained HTML report",
  usage: ["report RUN --out FILE.html"],
  about: "RUN is a run id (see droidhub runs). The file opens in any browser, offline.",
  positionals: true,
  flags: [...HUB_FLAGS, { name: "out", type: "string", value: "FILE", description: "where to write the report" }],
  async run(args, { out }) {
    const [runId, ...extra] = args.positionals;
    const file = args.string("out");
    if (!runId || !file || extra.length) throw new UsageError("usage: droidhub report RUN --out FILE.html");
    const client = hubClient(args.string("hub"), args.string("key"));
    const response = await client.raw(`/api/runs/${encodeURIComponent(runId)}/report`);
    const html = Buffer.from(await response.arrayBuffer());
    try {
      await writeFile(file, html);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(`cannot write the report to ${path.resolve(file)} (${code}): pick another --out`);
    }
    out.write(`report of run ${runId} → ${file} (${html.length} bytes)\n`);
    return 0;
  },
});

export function reportCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return invoke(reportCommandSpec, argv, { out });
}
