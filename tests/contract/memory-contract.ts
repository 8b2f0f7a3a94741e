/**
 * The rest of what the hub keeps: the step agent's lessons and reference runs (agent/step/memory.ts),
 * step screenshots by content hash (runs/ports.ts) and the audit trail (api/audit.ts).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../hub/api/audit.js";
import { lease, newTask, type StoreFactory } from "./harness.js";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: 1_700_000_000_000,
  keyId: 1,
  keyLabel: "ops",
  action: "POST /api/tasks",
  target: undefined,
  outcome: "ok",
  status: 201,
  errorCode: undefined,
  ip: "127.0.0.1",
  detail: undefined,
  ...over,
});

export function memoryContract(open: StoreFactory): void {
  describe("lessons and reference runs", () => {
    it("answers a case's lessons newest first, at most as many as asked", async () => {
      const { stores } = await open();
      for (const [i, at] of [10, 30, 20].entries()) {
        await stores.lessons.add({ caseName: "login", mistake: `m${i}`, advice: `a${i}`, createdAt: at });
      }
      await stores.lessons.add({ caseName: "other", mistake: "x", advice: "y", createdAt: 40 });
      expect((await stores.lessons.forCase("login")).map((l) => l.mistake)).toEqual(["m1", "m2", "m0"]);
      expect(await stores.lessons.forCase("login", 1)).toEqual([
        { caseName: "login", mistake: "m1", advice: "a1", createdAt: 30 },
      ]);
      expect(await stores.lessons.forCase("nobody")).toEqual([]);
    });

    it("answers the newest starred passing run of a case as its reference", async () => {
      const { stores } = await open();
      const runs: string[] = [];
      for (const _ of [0, 1, 2]) {
        const [task] = await stores.tasks.insert([newTask()]);
        runs.push(await lease(stores, task!, "p1"));
      }
      const [old, failed, newer] = runs as [string, string, string];
      const save = (runId: string, status: "pass" | "fail", finishedAt: number, starred: boolean) =>
        stores.references.save({ runId, caseName: "login", status, actions: [`tap ${runId}`], starred, finishedAt });
      await save(old, "pass", 100, true);
      await save(failed, "fail", 300, true);
      await save(newer, "pass", 200, false);
      expect((await stores.references.latestStarred("login"))?.runId).toBe(old);
      await stores.references.star(newer);
      expect(await stores.references.latestStarred("login")).toEqual({
        runId: newer,
        caseName: "login",
        status: "pass",
        actions: [`tap ${newer}`],
        starred: true,
        finishedAt: 200,
      });
      // The runs API's star is the same star.
      expect((await stores.runs.getRun(newer))?.starred).toBe(true);
      await stores.runs.setStar(newer, false);
      expect((await stores.references.latestStarred("login"))?.runId).toBe(old);
      expect(await stores.references.latestStarred("nobody")).toBeUndefined();
    });
  });

  describe("screenshots", () => {
    it("keeps bytes under their SHA-256, once, and answers them back", async () => {
      const { stores } = await open();
      const bytes = Buffer.from("not really a jpeg, but bytes all the same");
      const { image, saved } = stores.screenshots.put(bytes, "jpeg");
      await saved;
      expect(image).toEqual({ hash: createHash("sha256").update(bytes).digest("hex"), format: "jpeg" });
      expect(stores.screenshots.put(Buffer.from(bytes), "jpeg").image).toEqual(image);
      expect(await stores.screenshots.get(image.hash)).toEqual({ bytes, format: "jpeg" });
      const png = stores.screenshots.put(Buffer.from("another frame"), "png");
      await png.saved;
      expect((await stores.screenshots.get(png.image.hash))?.format).toBe("png");
      expect(await stores.screenshots.get("0".repeat(64))).toBeUndefined();
      expect(await stores.screenshots.get("../../etc/passwd")).toBeUndefined();
    });
  });

  describe("audit trail", () => {
    it("answers entries newest first, filtered, paged by id, and prunes by age", async () => {
      const { stores } = await open();
      await stores.audit.record(entry({ at: 1_000, action: "POST /api/tasks" }));
      await stores.audit.record(
        entry({ at: 2_000, keyId: 2, target: { type: "device", id: "p1" }, detail: { kind: "tap", n: 1, ok: true } }),
      );
      await stores.audit.record(
        entry({
          at: 3_000,
          outcome: "error",
          status: 403,
          errorCode: "FORBIDDEN",
          target: { type: "device", id: "p2" },
        }),
      );
      const all = await stores.audit.list({ limit: 10 });
      expect(all.map((e) => e.at)).toEqual([3_000, 2_000, 1_000]);
      expect(all[1]).toMatchObject({
        keyId: 2,
        target: { type: "device", id: "p1" },
        detail: { kind: "tap", n: 1, ok: true },
        outcome: "ok",
        errorCode: undefined,
      });
      expect(all[0]).toMatchObject({ outcome: "error", status: 403, errorCode: "FORBIDDEN" });
      expect((await stores.audit.list({ limit: 1, before: all[0]!.id })).map((e) => e.at)).toEqual([2_000]);
      expect((await stores.audit.list({ limit: 10, keyId: 2 })).map((e) => e.at)).toEqual([2_000]);
      expect((await stores.audit.list({ limit: 10, targetType: "device", targetId: "p2" })).map((e) => e.at)).toEqual([
        3_000,
      ]);
      expect((await stores.audit.list({ limit: 10, action: "POST /api/tasks" })).length).toBe(3);
      expect(await stores.audit.prune(2_500)).toBe(2);
      expect((await stores.audit.list({ limit: 10 })).map((e) => e.at)).toEqual([3_000]);
    });
  });
}
