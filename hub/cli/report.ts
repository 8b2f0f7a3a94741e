/** `droidhub report RUN --out FILE.html`: saves a run's self-contained HTML report. */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { HUB_OPTIONS, hubClient } from "./hub-client.js";

export async function reportCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...HUB_OPTIONS, out: { type: "string" } },
  });
  const [runId] = positionals;
  if (!runId || !values.out) throw new Error("usage: droidhub report RUN --out FILE.html");
  const client = hubClient(values.hub, values.key);
  const response = await client.raw(`/api/runs/${encodeURIComponent(runId)}/report`);
  const html = Buffer.from(await response.arrayBuffer());
  await writeFile(values.out, html);
  out.write(`report of run ${runId} → ${values.out} (${html.length} bytes)\n`);
  return 0;
}
