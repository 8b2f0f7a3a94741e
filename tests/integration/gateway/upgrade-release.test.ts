/**
 * A joined phone's socket must not keep the HTTP response that carried its upgrade: it holds the
 * request, its headers (the bearer token among them) and more, dead weight for the socket's whole
 * life (about 4 KB of an idle phone's hub memory, bench:gateway-heap). Node's ServerResponse stays
 * tied to its TCP socket (socket._httpMessage) until detached.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { SimPhone } from "../../../hub/sim/sim-phone.js";
import { startHub, type TestHub } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";

let hub: TestHub | undefined;
let phone: SimPhone | undefined;

afterEach(async () => {
  phone?.stop();
  await hub?.close();
});

describe("upgrade release", () => {
  it("unties the upgrade's response from the phone's TCP socket once it joined, and the phone still works", async () => {
    hub = await startHub();
    let tcp: (Socket & { _httpMessage?: unknown }) | undefined;
    hub.app.server.prependListener("upgrade", (_request: IncomingMessage, socket: Socket) => {
      tcp = socket;
    });
    phone = await joinPhone(hub, "release-1");
    expect(tcp).toBeDefined();
    expect(tcp!._httpMessage ?? null).toBeNull();
    // The socket works as before: a command goes out and its answer comes back.
    const outcome = await hub.app.hub.registry.requireSession("release-1").call({ tap: { x: 1, y: 2 } });
    expect(outcome.result.ok).toBe(true);
  });
});
