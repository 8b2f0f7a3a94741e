import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uiView } from "../../../hub/api/ui-view.js";
import { uiCommand } from "../../../hub/cli/ui.js";
import { countTokens } from "../../../hub/perception/index.js";
import { decodeEnvelope, encodeEnvelope } from "../../../hub/protocol/codec.js";
import { VirtualDevice } from "../../../hub/sim/device/index.js";
import { sink } from "../../helpers/output.js";
import { FIXTURES } from "./helpers.js";

async function run(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await uiCommand(args, out, err);
  return { code, out: out.text(), err: err.text() };
}

describe("droidhub ui", () => {
  it("prints elements, package, screen and tokens as JSON", async () => {
    const r = await run([path.join(FIXTURES, "login.xml")]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as {
      elements: Array<{ id: number; label: string }>;
      package: string;
      screen: unknown;
      tokens: number;
    };
    expect(Object.keys(body)).toEqual(["elements", "package", "screen", "tokens"]);
    expect(body.package).toBe("com.example.shop");
    expect(body.screen).toEqual({ w: 1080, h: 2400 });
    expect(body.elements[0]).toMatchObject({ id: 1, label: "Welcome 🔥" });
    expect(body.tokens).toBe(countTokens(JSON.stringify(body.elements)));
  });

  it("auto-detects Mobilerun JSON and prints the text form", async () => {
    const r = await run([path.join(FIXTURES, "mobilerun-state.json"), "--format", "text"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      '1 EditText "Amount" (540,360) #amount click edit focused\n2 Button "Send" (540,560) click disabled\n# package com.example.bank screen 1080x2400 tokens 29\n',
    );
  });

  it("reads what GET /api/devices/:id/ui?raw=1 answers: the same elements the hub listed", async () => {
    const device = new VirtualDevice({ deviceId: "p1", app: "login" });
    const result = await device.execute({ id: 1, getUi: { allWindows: true } });
    // Through the wire and back, as the hub holds it, then as fastify serialises the answer.
    const tree = decodeEnvelope(encodeEnvelope({ id: 0, replyTo: 1, result })).result!.ui!;
    const answer = { deviceId: "p1", ms: 12, ...uiView(tree, true) } as unknown as {
      elements: unknown[];
      tree: unknown;
    };
    const dir = await mkdtemp(path.join(os.tmpdir(), "droidhub-ui-"));
    const file = path.join(dir, "ui.json");
    await writeFile(file, JSON.stringify(answer));
    const r = await run([file]);
    expect(r.code, r.err).toBe(0);
    const body = JSON.parse(r.out) as { elements: unknown[]; package: string; tokens: number };
    expect(body.package).toBe("com.droidhub.login");
    expect(body.elements).toEqual(answer.elements);
    expect(body.elements.length).toBeGreaterThan(3);
    expect(r.err).toBe("");
    // The tree alone reads the same.
    await writeFile(file, JSON.stringify(answer.tree));
    expect(JSON.parse((await run([file])).out).elements).toEqual(answer.elements);
    // A tree whose nodes are not nodes is a parse error, not an empty screen.
    await writeFile(file, JSON.stringify({ tree: { screen: { width: 1 }, nodes: ["x"] } }));
    expect(await run([file])).toMatchObject({ code: 1 });
    expect((await run([file])).err).toContain("PARSE_ERROR");
  });

  it("writes an annotated screenshot", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "droidhub-ui-"));
    const png = path.join(dir, "s.png");
    const out = path.join(dir, "out.jpg");
    await writeFile(
      png,
      await sharp({ create: { width: 1080, height: 2400, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const r = await run([path.join(FIXTURES, "login.xml"), "--screenshot", png, "--out", out]);
    expect(r.code).toBe(0);
    const meta = await sharp(await readFile(out)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 540, 1200]);
    expect(r.err).toMatch(/wrote .*out\.jpg \(540x1200, 10 marks\)/);
  });

  it("warns when the tree cannot describe the screen", async () => {
    const r = await run([path.join(FIXTURES, "game.xml")]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("empty tree");
  });

  it("exits 1 with the error code on unreadable or unparsable input", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "droidhub-ui-"));
    const bad = path.join(dir, "bad.xml");
    await writeFile(bad, "<hierarchy><node ");
    expect(await run([bad])).toMatchObject({ code: 1, out: "" });
    expect((await run([bad])).err).toContain("PARSE_ERROR");
    expect((await run([path.join(dir, "missing.xml")])).err).toContain("no such file");
  });

  it("exits 2 on bad usage", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(["a.xml", "--format", "yaml"])).err).toContain("--format must be json or text");
    expect((await run(["a.xml", "--screenshot", "s.png"])).err).toContain("go together");
    expect((await run(["a.xml", "--bogus"])).code).toBe(2);
  });
});
