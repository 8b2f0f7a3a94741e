/**
 * `droidhub <command>`: one small module per command; this file only dispatches.
 */
const USAGE = `usage: droidhub <command> [options]

commands:
  serve [--port N] [--host H] [--data-dir DIR]   run the hub (default 0.0.0.0:8080, ./.droidhub)
  sim --hub ws://HOST:PORT --key FLEET_KEY [--count N] [--app launcher|login|settings|browser]
      [--prefix ID] [--latency-ms N] [--jitter-ms N] [--drop-every-ms N] [--stale-tree P] [--max-ui-nodes N]
      [--popup-after N] [--move-button-after N]  connect virtual phones to a hub
  run "goal" --device ID [--mode chain|step] [--expected TEXT] [--max-steps N] [--follow]
      [--secret name=value] [--hub URL] [--key KEY]
                                                 run an agent task on a phone through a hub
  runs [--status S] [--starred] [--device ID]    recent runs as a table
  report RUN --out FILE.html                     save a run's HTML report
  replay RUN --device ID [--follow] [--secret name=value]
                                                 re-run a recorded run; the model only where it diverges
  tasks add FILE [--mode chain|step|script] [--device ID] [--tags a,b] [--priority N] [--follow]
  tasks [list] [--status S] | tasks cancel ID     the fleet queue
  keys [list] | keys create --label L --scope read|control|admin | keys revoke ID
                                                 operator keys (needs an admin key)
  audit [--limit N] [--before ID] [--device ID] [--task ID]
                                                 the audit trail of state-changing calls
  devices reset-enrollment ID [--hub URL] [--key KEY]
                                                 let a phone enrol again (forget its device secret)
  ui FILE [--format json|text] [--screenshot PNG --out OUT.jpg]
                                                 a UI dump → the compact element list
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "serve": {
        const { serve } = await import("../main.js");
        return await serve(rest);
      }
      case "sim": {
        const { simCommand } = await import("./sim.js");
        return await simCommand(rest);
      }
      case "run": {
        const { runCommand } = await import("./run.js");
        return await runCommand(rest);
      }
      case "runs": {
        const { runsCommand } = await import("./runs.js");
        return await runsCommand(rest);
      }
      case "report": {
        const { reportCommand } = await import("./report.js");
        return await reportCommand(rest);
      }
      case "replay": {
        const { replayCommand } = await import("./replay.js");
        return await replayCommand(rest);
      }
      case "tasks": {
        const { tasksCommand } = await import("./tasks.js");
        return await tasksCommand(rest);
      }
      case "keys": {
        const { keysCommand } = await import("./keys.js");
        return await keysCommand(rest);
      }
      case "audit": {
        const { auditCommand } = await import("./audit.js");
        return await auditCommand(rest);
      }
      case "devices": {
        const { devicesCommand } = await import("./devices.js");
        return await devicesCommand(rest);
      }
      case "ui": {
        const { uiCommand } = await import("./ui.js");
        return await uiCommand(rest, process.stdout);
      }
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`droidhub: unknown command '${command}'\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`droidhub ${command}: ${message}\n`);
    return 1;
  }
}
