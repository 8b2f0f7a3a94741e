/**
 * `droidhub backup FILE` (while the hub runs) and `droidhub restore FILE` (while it is stopped): the
 * embedded SQLite store, with the data dir's files a hub needs, in one file (hub/store/backup.ts).
 */
import { droidhubVersion } from "../util/version.js";
import { defineCommand, type FlagSpec, requiredFlag, UsageError } from "./command.js";

const DATA_DIR_FLAG = {
  name: "data-dir",
  type: "string",
  value: "DIR",
  env: "DROIDHUB_DATA_DIR",
  default: "./.droidhub",
  description: "the hub's data dir (the same as droidhub serve's)",
} as const satisfies FlagSpec;

function onlyFile(positionals: readonly string[]): string {
  const [file, ...extra] = positionals;
  if (!file) throw new UsageError("missing FILE");
  if (extra.length) throw new UsageError(`unexpected argument ${extra[0]}`);
  return file;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const filesText = (files: { keyFiles: string[]; screenshots: number }) =>
  [...files.keyFiles, `${files.screenshots} screenshots`].join(", ");

export const backupCommand = defineCommand({
  name: "backup",
  summary: "copy the hub's database and files into one file, while the hub runs",
  usage: ["backup FILE [--data-dir DIR] [--skip-screenshots]"],
  about: `FILE is a SQLite file (mode 0600): a consistent snapshot of the database, taken without stopping
the hub, with secrets.key (it opens the secrets of queued tasks: keep FILE as safe as the data dir),
operator-key and the runs' screenshots. FILE is replaced atomically if it exists. Restore it with
droidhub restore. Exit code 0 when the backup is complete.`,
  positionals: true,
  flags: [
    DATA_DIR_FLAG,
    { name: "skip-screenshots", type: "boolean", description: "leave the runs' screenshots out (a smaller file)" },
  ],
  async run(args, { out }) {
    const file = onlyFile(args.positionals);
    const { backupDataDir } = await import("../store/backup.js");
    const summary = backupDataDir(requiredFlag(args.string("data-dir"), "data-dir"), file, {
      screenshots: !args.boolean("skip-screenshots"),
      version: droidhubVersion(),
    });
    const { devices, tasks, runs } = summary.rows;
    out.write(
      `backup ${summary.file}: ${devices} devices, ${tasks} tasks, ${runs} runs; ${filesText(summary)}; ${mib(summary.bytes)}, schema ${summary.schemaVersion}\n`,
    );
    return 0;
  },
});

export const restoreCommand = defineCommand({
  name: "restore",
  summary: "make a backup the hub's database again (the hub must be stopped)",
  usage: ["restore FILE [--data-dir DIR]"],
  about: `Checks FILE (a droidhub backup, not from a newer droidhub, not damaged), refuses while a hub (or
any program) has the data dir's database open, moves the current database and key files to
<data dir>/before-restore-<time>/, and puts the backup's in their place. Start the hub afterwards;
it applies any newer migrations. Exit code 0 when restored, 1 when refused.`,
  positionals: true,
  flags: [DATA_DIR_FLAG],
  async run(args, { out }) {
    const file = onlyFile(args.positionals);
    const { restoreDataDir } = await import("../store/backup.js");
    const dataDir = requiredFlag(args.string("data-dir"), "data-dir");
    const summary = restoreDataDir(file, dataDir);
    out.write(
      `restored ${file} (droidhub ${summary.info.droidhubVersion}, ${summary.info.createdAt}) into ${dataDir}: the database; ${filesText(summary)}\n`,
    );
    if (summary.keptAside) out.write(`the previous database and key files are in ${summary.keptAside}\n`);
    return 0;
  },
});
