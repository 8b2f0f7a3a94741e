/**
 * deploy/droidhub.service, as systemd itself reads it (systemd-analyze verify and security, where
 * Debian's systemd package is installed — .ci/run installs it), and the one hardening option it
 * must leave out: node cannot run with MemoryDenyWriteExecute. tests/e2e/pack.test.ts verifies the
 * unit again against an installed droidhub; the deploy guide's CI run, at its real path.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "../../..");
const UNIT = readFileSync(path.join(REPO, "deploy/droidhub.service"), "utf8");
const hasAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
const tmp = mkdtempSync(path.join(tmpdir(), "droidhub-unit-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const UNITS = ["droidhub.service", "droidhub-backup.service", "droidhub-backup.timer"];

/**
 * The units in a temp folder, the install prefix /opt/droidhub pointed at this checkout's bin/ (verify
 * checks that ExecStart's program exists); the path of `name` among them.
 */
function unitHere(name: string): string {
  for (const unit of UNITS) {
    const text = readFileSync(path.join(REPO, "deploy", unit), "utf8");
    writeFileSync(
      path.join(tmp, unit),
      text.replaceAll("/opt/droidhub/bin/droidhub", path.join(REPO, "bin/droidhub.js")),
    );
  }
  return path.join(tmp, name);
}

/** Every `Key=value` of the unit, in order (repeated keys keep every value). */
function settings(): [string, string][] {
  return UNIT.split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

describe("deploy/droidhub.service", () => {
  it("runs droidhub serve as its own user on a state dir, from an environment file, restarting on failure", () => {
    const values = new Map(settings());
    expect(Object.fromEntries(values)).toMatchObject({
      ExecStart: "/opt/droidhub/bin/droidhub serve",
      User: "droidhub",
      Group: "droidhub",
      StateDirectory: "droidhub",
      WorkingDirectory: "/var/lib/droidhub",
      EnvironmentFile: "/etc/droidhub/env",
      Restart: "on-failure",
      LimitNOFILE: "65536",
      NoNewPrivileges: "yes",
      ProtectSystem: "strict",
      ProtectHome: "yes",
      PrivateTmp: "yes",
      PrivateDevices: "yes",
      CapabilityBoundingSet: "",
      SystemCallFilter: "@system-service",
      SystemCallErrorNumber: "EPERM",
    });
    expect(values.get("Environment")).toContain("DROIDHUB_DATA_DIR=/var/lib/droidhub");
    expect(values.get("RestrictAddressFamilies")?.split(" ").sort()).toEqual([
      "AF_INET",
      "AF_INET6",
      "AF_NETLINK",
      "AF_UNIX",
    ]);
    expect(values.has("MemoryDenyWriteExecute")).toBe(false);
  });

  it.runIf(hasAnalyze)("passes systemd-analyze verify, with the daily backup's service and timer", () => {
    const files = UNITS.map((unit) => unitHere(unit));
    const result = spawnSync("systemd-analyze", ["verify", ...files], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.runIf(hasAnalyze)("keeps systemd-analyze security's exposure at 2.0 or under", () => {
    const result = spawnSync(
      "systemd-analyze",
      ["security", "--offline=yes", "--threshold=20", unitHere("droidhub.service")],
      {
        encoding: "utf8",
      },
    );
    const level = /Overall exposure level for droidhub\.service: ([\d.]+)/.exec(result.stdout)?.[1];
    expect(Number(level), result.stdout).toBeLessThanOrEqual(2);
    expect(result.status).toBe(0);
  });

  // systemd applies MemoryDenyWriteExecute with seccomp (252) or, on newer systemd and kernels,
  // prctl(PR_SET_MDWE): both refuse making a writable page executable. The prctl shows what node does
  // under it; when this fails because node runs, the unit can add MemoryDenyWriteExecute=yes.
  const mdwe = (() => {
    const probe = spawnSync("python3", ["-c", "import ctypes; print(ctypes.CDLL(None).prctl(65, 1, 0, 0, 0))"], {
      encoding: "utf8",
    });
    return probe.status === 0 && probe.stdout.trim() === "0";
  })();
  it.runIf(mdwe)("leaves out MemoryDenyWriteExecute: node's JIT aborts under it", () => {
    const script = [
      "import ctypes, os, sys",
      "assert ctypes.CDLL(None).prctl(65, 1, 0, 0, 0) == 0",
      "os.execv(sys.argv[1], [sys.argv[1], '-e', 'let s = 0; for (let i = 0; i < 1e7; i++) s += i; console.log(s)'])",
    ].join("\n");
    const underMdwe = spawnSync("python3", ["-c", script, process.execPath], { encoding: "utf8" });
    expect(underMdwe.status).not.toBe(0);
    expect(underMdwe.stderr).toContain("SetPermissions");
    // The same program without the restriction runs.
    expect(execFileSync(process.execPath, ["-e", "console.log(1 + 1)"], { encoding: "utf8" })).toBe("2\n");
  });
});
