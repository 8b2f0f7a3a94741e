/**
 * No secret leaves the hub as pixels in a live frame: a viewer of the virtual phone's login form,
 * with a password typed, gets frames whose password field is the mask's grey and whose other
 * places are the screen as drawn — whether the phone painted the field itself (the hub checks and
 * sends the frame as it came), leaves it to the hub, or says it painted and did not (the hub paints,
 * and believes that phone no more); a screen with nothing secret on it goes out untouched.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decodeFrameMessage } from "../../../hub/live/frame-message.js";
import { SimPhone } from "../../../hub/sim/sim-phone.js";
import { ClaimsPaintDevice } from "../../fakes/claims-paint-device.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub, until } from "../../helpers/hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { type Box, inScaled, maskedShare } from "../../helpers/pixels.js";

const TOP = 264; // the login app's app bar bottom (apps/layout.ts)
const EMAIL: Box = [64, TOP + 260, 1016, TOP + 400];
const PASSWORD: Box = [64, TOP + 440, 1016, TOP + 580];

interface Viewer {
  socket: WebSocket;
  frames: Buffer[];
}

function watch(hub: TestHub, deviceId: string): Promise<Viewer> {
  const socket = new WebSocket(`${hub.wsUrl}/api/devices/${deviceId}/stream?access_token=${API_KEY}`);
  const viewer: Viewer = { socket, frames: [] };
  socket.on("message", (data, binary) => {
    if (binary) viewer.frames.push(decodeFrameMessage(data as Buffer).jpeg);
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(viewer));
    socket.once("error", reject);
  });
}

async function act(hub: TestHub, deviceId: string, action: Record<string, unknown>): Promise<void> {
  const answer = await hub.api("POST", `/api/devices/${deviceId}/actions`, action);
  expect(answer.status).toBe(200);
}

/** The next frame that arrives after now. */
async function nextFrame(viewer: Viewer): Promise<Buffer> {
  const seen = viewer.frames.length;
  await until(() => viewer.frames.length > seen, 30_000, "the next frame");
  return viewer.frames[viewer.frames.length - 1]!;
}

describe("live frames are masked like screenshots", () => {
  let hub: TestHub;
  const phones: SimPhone[] = [];

  beforeAll(async () => {
    hub = await startHub();
    phones.push(await joinPhone(hub, "login1", { app: "login" }));
    phones.push(await joinPhone(hub, "unpainted1", { app: "login", knobs: { paintPasswords: false } }));
    const liar = new SimPhone(new ClaimsPaintDevice({ deviceId: "liar1", app: "login" }), {
      url: `${hub.wsUrl}/v1/devices/connect`,
      fleetKey: FLEET_KEY,
    });
    await liar.start();
    phones.push(liar);
    phones.push(await joinPhone(hub, "plain1", { app: "settings" }));
  }, 60_000);

  afterAll(async () => {
    for (const phone of phones) phone.stop();
    await hub.close();
  });

  /** Types a password into `deviceId`'s login form while watching; the last frame once the screen is still. */
  async function typedPasswordFrame(deviceId: string): Promise<Buffer> {
    const viewer = await watch(hub, deviceId);
    await act(hub, deviceId, { action: "tap", x: 540, y: (PASSWORD[1] + PASSWORD[3]) / 2 });
    const pending = nextFrame(viewer);
    await act(hub, deviceId, { action: "input", text: "correct-horse" });
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const frame = viewer.frames[viewer.frames.length - 1]!;
    viewer.socket.close();
    expect((await sharp(frame).metadata()).width).toBe(720);
    expect(await maskedShare(frame, await inScaled(frame, PASSWORD, 1080))).toBeGreaterThan(0.95);
    expect(await maskedShare(frame, await inScaled(frame, EMAIL, 1080))).toBeLessThan(0.05);
    return frame;
  }

  it("paints the password field of the login form over, with a password typed, and leaves the e-mail field as drawn", async () => {
    // Before the viewer closes: the stats go with the stream.
    const viewer = await watch(hub, "unpainted1");
    await typedPasswordFrame("unpainted1");
    const masking = hub.app.hub.live.masking("unpainted1");
    expect(masking?.masked).toBeGreaterThan(0);
    expect(masking).toMatchObject({ unmaskable: 0, phonePainted: 0, paintRefused: 0 });
    viewer.socket.close();
  }, 90_000);

  it("sends the frames of a phone that painted its password field itself as they came, once it checked them", async () => {
    const viewer = await watch(hub, "login1");
    await typedPasswordFrame("login1");
    const masking = hub.app.hub.live.masking("login1");
    expect(masking?.phonePainted).toBeGreaterThan(0);
    expect(masking).toMatchObject({ masked: 0, unmaskable: 0, paintRefused: 0 });
    // Its list said where: its tree was not read for each frame (at most for one that came before
    // the stream's start was answered).
    expect(masking?.treeReads).toBeLessThanOrEqual(1);
    viewer.socket.close();
  }, 90_000);

  it("paints for a phone that says it painted and did not, and believes it no more", async () => {
    const viewer = await watch(hub, "liar1");
    await typedPasswordFrame("liar1");
    const masking = hub.app.hub.live.masking("liar1");
    expect(masking).toMatchObject({ paintRefused: 1, phonePainted: 0, unmaskable: 0 });
    expect(masking?.masked).toBeGreaterThan(1);
    viewer.socket.close();
  }, 90_000);

  it("sends a screen without secrets untouched: no frame painted, no grey on it", async () => {
    const viewer = await watch(hub, "plain1");
    await act(hub, "plain1", { action: "swipe", from_x: 540, from_y: 1800, to_x: 540, to_y: 900 });
    const frame = await nextFrame(viewer);
    expect(await maskedShare(frame, [0, 0, 720, 1600])).toBeLessThan(0.01);
    expect(hub.app.hub.live.masking("plain1")).toMatchObject({ masked: 0, unmaskable: 0, phonePainted: 0 });
    viewer.socket.close();
  }, 90_000);
});
