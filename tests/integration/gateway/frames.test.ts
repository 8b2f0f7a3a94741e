import { afterEach, describe, expect, it } from "vitest";
import { ERROR_TABLE } from "../../../hub/errors/hub-error.js";
import { encodeEnvelope, pb } from "../../../hub/protocol/codec.js";
import { startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { RawPhone } from "../../helpers/raw-phone.js";

describe("bad frames close only the offending connection", () => {
  let hub: TestHub;
  afterEach(async () => hub.close());

  it("malformed bytes → close 4001 with a logged reason; a healthy phone keeps working", async () => {
    hub = await startHub();
    const healthy = await joinPhone(hub, "healthy");
    const bad = new RawPhone(hub.wsUrl, "bad-1");
    await bad.join();
    bad.sendBytes(Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect((await bad.waitClosed()).code).toBe(ERROR_TABLE.MALFORMED_FRAME.close);
    expect(hub.logs.join("")).toMatch(/MALFORMED_FRAME/);
    const tap = await hub.api("POST", "/api/devices/healthy/actions", { action: "tap", x: 10, y: 300 });
    expect(tap.status).toBe(200);
    healthy.stop();
  });

  it("a truncated envelope → close 4001", async () => {
    hub = await startHub();
    const bad = new RawPhone(hub.wsUrl, "bad-2");
    await bad.join();
    const full = encodeEnvelope({
      id: 0,
      replyTo: 5,
      result: { ok: true, ui: { foregroundPackage: "com.example.app" } },
    });
    bad.sendBytes(full.subarray(0, full.length - 4));
    expect((await bad.waitClosed()).code).toBe(4001);
  });

  it("an oversized frame → close 1009 (ws limit), a text frame → close 4002", async () => {
    hub = await startHub({ maxFrameBytes: 1024 });
    const big = new RawPhone(hub.wsUrl, "bad-3");
    await big.join();
    big.sendBytes(new Uint8Array(4096));
    expect((await big.waitClosed()).code).toBe(1009);

    const text = new RawPhone(hub.wsUrl, "bad-4");
    await text.join();
    text.socket.sendText('{"hello":true}');
    expect((await text.waitClosed()).code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
  });

  it("refuses a first frame that is not Hello, a foreign protocol version and a mismatched device id", async () => {
    hub = await startHub();
    const noHello = new RawPhone(hub.wsUrl, "bad-5");
    await noHello.opened();
    noHello.send({ id: 0, replyTo: 3, result: { ok: true } });
    expect((await noHello.waitClosed()).code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);

    const version = new RawPhone(hub.wsUrl, "bad-6");
    await version.opened();
    version.send({ id: 1, hello: { deviceId: "bad-6", protocolVersion: 7 as never } });
    expect((await version.waitClosed()).code).toBe(ERROR_TABLE.UNSUPPORTED_PROTOCOL.close);

    const mismatch = new RawPhone(hub.wsUrl, "bad-7");
    await mismatch.opened();
    mismatch.send({
      id: 1,
      hello: { deviceId: "someone-else", protocolVersion: pb.ProtocolVersion.PROTOCOL_VERSION_1 },
    });
    expect((await mismatch.waitClosed()).code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
  });

  it("closes a connection that never says Hello", async () => {
    hub = await startHub({ helloTimeoutMs: 150 });
    const silent = new RawPhone(hub.wsUrl, "silent");
    await silent.opened();
    const closed = await silent.waitClosed();
    expect(closed.code).toBe(ERROR_TABLE.PROTOCOL_ERROR.close);
    expect(closed.reason).toMatch(/Hello/);
  });

  it("closes a connection over its message rate (1008) and keeps the reason free of refusal words", async () => {
    hub = await startHub({ maxMessagesPerSecond: 20 });
    const chatty = new RawPhone(hub.wsUrl, "chatty");
    await chatty.join();
    for (let i = 0; i < 100; i++) chatty.send({ id: 0, event: { atMs: i, content: { windowId: 1 } } });
    const closed = await chatty.waitClosed();
    expect(closed.code).toBe(ERROR_TABLE.RATE_LIMITED.close);
    expect(closed.reason).not.toMatch(/Unauthorized|Forbidden|Bad Request/i);
  });
});

describe("heartbeat", () => {
  it("terminates a phone that stops answering pings and marks it offline", async () => {
    const hub = await startHub({ heartbeatMs: 60, missedPongs: 2, resumeGraceMs: 100 });
    try {
      const phone = new RawPhone(hub.wsUrl, "mute");
      await phone.join();
      expect((await hub.api("GET", "/api/devices/mute")).json.status).toBe("online");
      phone.socket.muteAutoPong();
      await until(() => hub.app.hub.heartbeat.size === 0, 3000, "heartbeat termination");
      await until(() => hub.app.hub.registry.get("mute")?.session === undefined, 3000, "session end");
      expect((await hub.api("GET", "/api/devices/mute")).json.status).toBe("offline");
      expect(hub.logs.join("")).toMatch(/HEARTBEAT_TIMEOUT/);
    } finally {
      await hub.close();
    }
  });

  it("keeps a phone that answers pings", async () => {
    const hub = await startHub({ heartbeatMs: 40, missedPongs: 2 });
    try {
      const phone = new RawPhone(hub.wsUrl, "alive");
      await phone.join();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(phone.closed).toBeUndefined();
      expect((await hub.api("GET", "/api/devices/alive")).json.status).toBe("online");
    } finally {
      await hub.close();
    }
  });
});
