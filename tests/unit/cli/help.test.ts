/**
 * Every command explains itself: `--help` lists every flag it parses with its environment variable
 * and default, `droidhub help` lists every command, and no command parses flags behind the
 * declaration's back.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flagLabel, flagSource, helpText } from "../../../hub/cli/command.js";
import { COMMAND_LOADERS, loadCommands, main } from "../../../hub/cli/main.js";
import { ENV_HELP, ENV_VARS, FLAGS } from "../../../hub/config/config.js";
import { MODEL_ENV_VARS } from "../../../hub/llm/config.js";
import { sink } from "../../helpers/output.js";

const COMMANDS = await loadCommands();

async function run(argv: string[], env: Record<string, string> = {}) {
  const out = sink();
  const err = sink();
  const code = await main(argv, { out, err, env });
  return { code, out: out.text(), err: err.text() };
}

const CLI_DIR = path.resolve("hub/cli");

describe("droidhub help", () => {
  it.each(COMMANDS.map((c) => [c.name]))("%s --help lists every flag with its variable and default", async (name) => {
    const command = COMMANDS.find((c) => c.name === name)!;
    const { code, out, err } = await run([name, "--help"]);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toBe(helpText(command));
    expect(out).toContain(`droidhub ${name}: ${command.summary}`);
    expect(out).toContain("-h, --help");
    expect(command.flags.length).toBeGreaterThan(0);
    for (const flag of command.flags) {
      expect(flag.description.length, `--${flag.name} has a description`).toBeGreaterThan(5);
      const line = out.split("\n").findIndex((l) => l.trimStart().startsWith(`${flagLabel(flag)} `));
      expect(line, `--${flag.name} is listed`).toBeGreaterThan(0);
      if (flag.env) expect(out.split("\n")[line + 1], `--${flag.name} names ${flag.env}`).toContain(`env ${flag.env}`);
      if (flag.default !== undefined) expect(out.split("\n")[line + 1]).toContain("default ");
      if (flagSource(flag)) expect(out.split("\n")[line + 1]).toContain(`(${flagSource(flag)})`);
    }
    // `droidhub help NAME` is the same text.
    expect((await run(["help", name])).out).toBe(out);
  });

  it("lists every command with its forms and options, and prints the version", async () => {
    const { code, out } = await run(["help"]);
    expect(code).toBe(0);
    for (const command of COMMANDS) {
      expect(out).toContain(`  ${command.name} `);
      for (const form of command.usage) expect(out).toContain(`droidhub ${form}`);
      for (const flag of command.flags) expect(out).toContain(flagLabel(flag));
    }
    expect(out).toContain("DROIDHUB_URL");
    expect(out).toContain("DROIDHUB_PORT");
    expect((await run(["--help"])).out).toBe(out);
    const bare = await run([]);
    expect([bare.code, bare.err]).toEqual([2, out]);
    const version = await run(["--version"]);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(version).toEqual({ code: 0, out: `droidhub ${pkg.version} (node ${process.version})\n`, err: "" });
    expect((await run(["nope"])).code).toBe(2);
    expect((await run(["help", "nope"])).err).toContain('no command "nope"');
  });

  it("documents serve from the config's own tables: every flag, every variable", async () => {
    const { out } = await run(["serve", "--help"]);
    for (const flag of Object.keys(FLAGS)) expect(out).toContain(`${flag} `);
    for (const name of Object.keys(ENV_VARS)) {
      expect(out, name).toContain(name);
      expect(ENV_HELP[name], `${name} has a help line in ENV_HELP`).toBeTruthy();
    }
    for (const name of Object.keys(MODEL_ENV_VARS)) {
      expect(out, name).toContain(name.replace(/^DROIDHUB_(PLANNER|VERIFIER|VISION|SUMMARIZER)_/, "DROIDHUB_<ROLE>_"));
    }
    expect(out).toContain("(env DROIDHUB_PORT, default 8080)");
    expect(out).toContain("(env DROIDHUB_DATA_DIR, default ./.droidhub)");
    expect(out).toContain("DROIDHUB_HEARTBEAT_MS");
    expect(out).toContain("(default 20000)");
  });

  it("refuses an unknown flag, pointing at the help", async () => {
    for (const command of COMMANDS) {
      const { code, err } = await run([command.name, "--no-such-flag"]);
      expect(code, command.name).toBe(2);
      expect(err, command.name).toContain(`droidhub ${command.name}:`);
      expect(err, command.name).toContain(`see: droidhub ${command.name} --help`);
    }
  });

  it("has no command that parses arguments outside its declaration", () => {
    // The declaration makes the parser (command.ts), so a flag cannot be read without being listed;
    // this keeps it that way: no other parseArgs, no reading process.argv, every command registered.
    const files = readdirSync(CLI_DIR).filter((f) => f.endsWith(".ts"));
    for (const file of files) {
      const source = readFileSync(path.join(CLI_DIR, file), "utf8");
      if (file !== "command.ts") expect(source, file).not.toMatch(/\bparseArgs\s*\(/);
      // entry.ts is the process edge: it hands process.argv to main() whole, and nothing else reads it.
      if (file === "entry.ts") expect(source.match(/process\.argv/g), file).toEqual(["process.argv"]);
      else expect(source, file).not.toContain("process.argv");
      for (const match of source.matchAll(/defineCommand\(\{\s*name: "([^"]+)"/g))
        expect(
          COMMANDS.map((c) => c.name),
          `${file} declares ${match[1]}`,
        ).toContain(match[1]);
    }
    // The dispatcher finds a command by the name beside its loader, without loading it: each must be
    // the name its module declares.
    expect(COMMANDS.map((c) => c.name)).toEqual(COMMAND_LOADERS.map(([name]) => name));
  });
});

describe("hub address", () => {
  it("comes from --hub, else DROIDHUB_URL, else DROIDHUB_PORT on this machine", async () => {
    const refused = async (argv: string[], env: Record<string, string>) =>
      (await run(["runs", "--key", "k".repeat(20), ...argv], env)).err;
    // Port 9 (discard) is closed here: each error names the URL it tried.
    expect(await refused([], { DROIDHUB_PORT: "9" })).toContain("cannot reach the hub at http://127.0.0.1:9 (");
    expect(await refused([], { DROIDHUB_URL: "http://127.0.0.1:9/", DROIDHUB_PORT: "1234" })).toContain(
      "hub at http://127.0.0.1:9 (",
    );
    expect(await refused(["--hub", "http://127.0.0.1:9"], { DROIDHUB_URL: "http://127.0.0.1:7" })).toContain(
      "hub at http://127.0.0.1:9 (",
    );
    expect(await refused([], { DROIDHUB_PORT: "9" })).toContain('is it running? Start one with "npx droidhub serve"');
  });

  it("says where the operator key is when none is given", async () => {
    const { code, err } = await run(["runs"]);
    expect(code).toBe(2);
    expect(err).toContain("no operator key: pass --key KEY or set DROIDHUB_API_KEY");
    expect(err).toContain("export DROIDHUB_API_KEY=$(cat .droidhub/operator-key)");
  });
});
