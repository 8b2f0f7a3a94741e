/**
 * The client's trust rules against a bare TLS server that records every byte it receives: a pin
 * that does not match ends the connection before a single byte of the upgrade request (and the key
 * in its headers) leaves; a matching pin lets it through. Plus the pin's one spelling.
 */

import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import tls from "node:tls";
import { afterAll, describe, expect, it } from "vitest";
import { ClientSocket } from "../../../hub/gateway/client-socket.js";
import { type HubTrust, trustOptions } from "../../../hub/gateway/hub-trust.js";
import { isPin, pinOf } from "../../../hub/util/certificate-pin.js";
import { until } from "../../helpers/hub.js";
import { TestCertificates } from "../../helpers/tls-files.js";

const certs = new TestCertificates();
afterAll(() => certs.dispose());

/** A TLS server that answers nothing and keeps what it was sent. */
async function recordingServer(files: { cert: string; key: string }) {
  let received = "";
  let connections = 0;
  const server = tls.createServer({ cert: readFileSync(files.cert), key: readFileSync(files.key) }, (socket) => {
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `wss://127.0.0.1:${port}/v1/devices/connect`,
    received: () => received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function dial(url: string, trust: HubTrust): { errors: Error[]; socket: ClientSocket } {
  const errors: Error[] = [];
  const socket = new ClientSocket(
    url,
    { onError: (error) => errors.push(error) },
    { headers: { authorization: "Bearer secret-fleet-key-0123456789" }, trust, handshakeTimeoutMs: 2_000 },
  );
  return { errors, socket };
}

describe("a pinned connection", () => {
  it("sends nothing to a server whose key is not the pinned one", async () => {
    const server = await recordingServer(certs.selfSigned());
    try {
      const { errors } = dial(server.url, { pin: certs.selfSigned().pin });
      await until(() => errors.length > 0, 10_000, "the pin check");
      expect(errors[0]).toMatchObject({
        code: "CERT_PIN_MISMATCH",
        message: "the hub's certificate does not match the pinned key",
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.connections()).toBe(1);
      expect(server.received()).toBe("");
    } finally {
      await server.close();
    }
  });

  it("sends the upgrade request to a server whose key is the pinned one", async () => {
    const self = certs.selfSigned();
    const server = await recordingServer(self);
    try {
      const { socket } = dial(server.url, { pin: self.pin });
      await until(() => server.received().includes("\r\n\r\n"), 10_000, "the upgrade request");
      expect(server.received()).toMatch(/^GET \/v1\/devices\/connect HTTP\/1\.1\r\n/);
      expect(server.received()).toContain("authorization: Bearer secret-fleet-key-0123456789");
      socket.terminate();
    } finally {
      await server.close();
    }
  });
});

describe("trust options", () => {
  it("refuse a pin or a CA on a plain ws:// URL, and a pin in any other spelling", () => {
    expect(() => trustOptions("ws://hub:8080/v1/devices/connect", { pin: certs.ca.pin })).toThrow(
      "a pinned key or a CA needs a wss:// (or https://) hub",
    );
    expect(() => trustOptions("wss://hub/v1", { pin: "sha256/abc" })).toThrow("the pin must be sha256/");
    expect(trustOptions("ws://hub/v1", {})).toEqual({});
  });
});

describe("the pin", () => {
  it("is what openssl computes from the certificate's public key", () => {
    for (const files of [certs.ca, certs.signed(), certs.selfSigned()]) {
      expect(pinOf(new X509Certificate(readFileSync(files.cert)))).toBe(files.pin);
      expect(isPin(files.pin)).toBe(true);
    }
  });

  it("has one spelling: sha256/, 43 base64 characters and one =, no spare bits set", () => {
    const pin = certs.ca.pin;
    expect(isPin(pin.replace("sha256/", "SHA256/"))).toBe(false);
    expect(isPin(pin.slice(0, -1))).toBe(false); // no padding
    expect(isPin(`${pin}=`)).toBe(false);
    // The last character carries 4 bits of the hash and 2 spare bits: "A=" is canonical, "B=" is not.
    expect(isPin(`sha256/${"A".repeat(42)}A=`)).toBe(true);
    expect(isPin(`sha256/${"A".repeat(42)}B=`)).toBe(false);
    expect(isPin(`sha256/${"A".repeat(42)}-=`)).toBe(false); // base64url is another spelling
  });
});
