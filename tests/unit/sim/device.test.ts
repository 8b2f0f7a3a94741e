import { describe, expect, it } from "vitest";
import { pb, REQUEST_BODIES } from "../../../hub/protocol/codec.js";
import type { droidhub } from "../../../hub/protocol/generated/droidhub.js";
import { SETTINGS_ROWS } from "../../../hub/sim/apps/index.js";
import { CORRECT_PASSWORD, listApps, VirtualDevice } from "../../../hub/sim/device/index.js";
import { centre, findText, indexOf, run, tapOn, ui } from "./helpers.js";

const E = pb.ErrorCode;

async function signIn(device: VirtualDevice, email: string, password: string): Promise<void> {
  await tapOn(device, { id: "email" });
  expect((await run(device, { inputText: { text: email } })).ok).toBe(true);
  await tapOn(device, { id: "password" });
  expect((await run(device, { inputText: { text: password } })).ok).toBe(true);
  await tapOn(device, { id: "sign_in" });
}

describe("login app", () => {
  it("signs in with the right password and greets the user", async () => {
    const device = new VirtualDevice({ deviceId: "login-ok", app: "login" });
    await signIn(device, "ann@example.com", CORRECT_PASSWORD);
    const tree = await ui(device);
    expect(tree.foregroundActivity).toBe("com.droidhub.login.HomeActivity");
    expect(tree.nodes![indexOf(tree, "welcome")]!.text).toBe("Welcome, ann@example.com");
  });

  it("shows the password as dots and flags the field", async () => {
    const device = new VirtualDevice({ deviceId: "login-dots", app: "login" });
    const tree0 = await ui(device);
    const i = indexOf(tree0, "password");
    await run(device, { inputText: { text: "secret", hasNode: true, nodeIndex: i } });
    const tree = await ui(device);
    const field = tree.nodes![indexOf(tree, "password")]!;
    expect(field).toMatchObject({ password: true, editable: true, focused: true, text: "••••••" });
    expect(tree.keyboard?.shown).toBe(true);
  });

  it("shows a modal Wrong password dialog that OK dismisses", async () => {
    const device = new VirtualDevice({ deviceId: "login-bad", app: "login" });
    await signIn(device, "ann@example.com", "hunter2");
    let tree = await ui(device);
    expect(findText(tree, "Wrong password")).toBeDefined();
    expect(tree.foregroundActivity).toBe("com.droidhub.login.LoginActivity");
    const dialogWindow = tree.windows!.find((w) => w.active);
    expect(dialogWindow?.id).not.toBe(tree.nodes![0]!.windowId);
    // Modal: tapping Sign in behind the dialog does nothing.
    const signInNode = tree.nodes![indexOf(tree, "sign_in")]!;
    await run(device, { tap: { x: (signInNode.bounds!.left ?? 0) + 10, y: (signInNode.bounds!.bottom ?? 0) - 10 } });
    expect(findText(await ui(device), "Wrong password")).toBeDefined();
    await tapOn(device, { text: "OK" });
    tree = await ui(device);
    expect(findText(tree, "Wrong password")).toBeUndefined();
    expect(tree.nodes![indexOf(tree, "email")]!.text).toBe("ann@example.com");
  });

  it("only reports the active window when all_windows is false", async () => {
    const device = new VirtualDevice({ deviceId: "login-active", app: "login" });
    await signIn(device, "a@b.c", "nope");
    const result = await run(device, { getUi: { allWindows: false } });
    expect(result.ui!.windows).toHaveLength(1);
    expect(result.ui!.nodes!.map((n) => n.text)).toContain("Wrong password");
    expect(result.ui!.nodes!.every((n) => n.windowId === result.ui!.windows![0]!.id)).toBe(true);
    expect(result.ui!.nodes![0]!.parent).toBe(-1);
  });
});

describe("settings app", () => {
  it("has a long list, shows only on-screen rows and reveals more on scroll", async () => {
    const device = new VirtualDevice({ deviceId: "settings", app: "settings" });
    expect(SETTINGS_ROWS.length).toBeGreaterThanOrEqual(40);
    const seen = new Set<string>();
    let previous = "";
    for (let page = 0; page < 12; page++) {
      const tree = await ui(device);
      const listIndex = indexOf(tree, "recycler_view");
      const list = tree.nodes![listIndex]!;
      const inList = (i: number): boolean => {
        for (let p = tree.nodes![i]!.parent ?? -1; p >= 0; p = tree.nodes![p]!.parent ?? -1)
          if (p === listIndex) return true;
        return false;
      };
      expect(list.scrollable).toBe(true);
      const titles = tree.nodes!.filter((n) => n.resourceId === "android:id/title");
      const rows = tree.nodes!.filter((_, i) => inList(i));
      expect(rows.length).toBeGreaterThan(10);
      for (const n of rows) {
        expect(n.bounds!.top!).toBeGreaterThanOrEqual(list.bounds!.top!);
        expect(n.bounds!.bottom!).toBeLessThanOrEqual(2400);
        expect(n.bounds!.bottom!).toBeGreaterThan(n.bounds!.top!);
      }
      expect(titles.length).toBeLessThanOrEqual(12);
      for (const t of titles) seen.add(t.text!);
      const signature = titles.map((t) => t.text).join("|");
      if (page > 0 && signature === previous) break;
      previous = signature;
      const result = await run(device, { scroll: { direction: pb.Direction.DIRECTION_DOWN } });
      expect(result.ok).toBe(true);
    }
    expect(seen.size).toBe(SETTINGS_ROWS.length);
    expect(seen.has("About phone")).toBe(true);
  });

  it("scrolls with a swipe and back up with scroll UP on the list node", async () => {
    const device = new VirtualDevice({ deviceId: "settings-swipe", app: "settings" });
    const first = await ui(device);
    expect(findText(first, "Wi‑Fi")).toBeDefined();
    expect(findText(first, "About phone")).toBeUndefined();
    await run(device, { swipe: { fromX: 540, fromY: 2000, toX: 540, toY: 600, durationMs: 300 } });
    const swiped = await ui(device);
    expect(findText(swiped, "Wi‑Fi")).toBeUndefined();
    const listIndex = indexOf(swiped, "recycler_view");
    await run(device, {
      scroll: { direction: pb.Direction.DIRECTION_UP, amountPx: 5000, hasNode: true, nodeIndex: listIndex },
    });
    expect(findText(await ui(device), "Wi‑Fi")).toBeDefined();
  });

  it("toggles a switch row and opens a detail screen", async () => {
    const device = new VirtualDevice({ deviceId: "settings-toggle", app: "settings" });
    await tapOn(device, { text: "Bluetooth" });
    let tree = await ui(device);
    const switches = tree.nodes!.filter((n) => n.className === "android.widget.Switch");
    expect(switches[1]).toMatchObject({ checkable: true, checked: true });
    await tapOn(device, { text: "Apps" });
    tree = await ui(device);
    expect(tree.foregroundActivity).toBe("com.droidhub.settings.SubSettingsActivity");
    expect(findText(tree, "Options for Apps")).toBeDefined();
  });
});

describe("browser app", () => {
  it("navigates by typing into the address bar and submitting", async () => {
    const device = new VirtualDevice({ deviceId: "browser", app: "browser" });
    const tree = await ui(device);
    const bar = indexOf(tree, "url_bar");
    expect(tree.nodes![bar]).toMatchObject({ className: "android.widget.EditText", editable: true });
    await run(device, { inputText: { text: "example.com", hasNode: true, nodeIndex: bar, submit: true } });
    const page = await ui(device);
    expect(page.nodes![indexOf(page, "page_title")]!.text).toBe("Example Domain");
    expect(page.nodes![indexOf(page, "page_url")]!.text).toBe("https://example.com/");
    expect(page.nodes![indexOf(page, "url_bar")]!.text).toBe("https://example.com/");
  });

  it("opens a URL from openUrl and goes back to the previous page", async () => {
    const device = new VirtualDevice({ deviceId: "browser-open" });
    expect((await run(device, { openUrl: { url: "https://news.example.org/today" } })).ok).toBe(true);
    let tree = await ui(device);
    expect(tree.foregroundPackage).toBe("com.droidhub.browser");
    expect(tree.nodes![indexOf(tree, "page_title")]!.text).toBe("Welcome to news.example.org");
    expect(tree.nodes![indexOf(tree, "page_url")]!.text).toBe("https://news.example.org/today");
    await tapOn(device, { id: "page_link" });
    tree = await ui(device);
    expect(tree.nodes![indexOf(tree, "page_url")]!.text).toBe("https://example.com/");
    await run(device, { pressKey: { key: pb.Key.KEY_BACK } });
    tree = await ui(device);
    expect(tree.nodes![indexOf(tree, "url_bar")]!.text).toBe("https://news.example.org/today");
  });

  it("types with the on-screen keyboard and submits with its Enter key", async () => {
    const device = new VirtualDevice({ deviceId: "browser-keys", app: "browser" });
    await tapOn(device, { id: "url_bar" });
    let tree = await ui(device);
    expect(tree.keyboard?.shown).toBe(true);
    for (const ch of "a.io") {
      const key = tree.nodes!.find((n) => n.windowId === 5 && n.text === ch)!;
      await run(device, { tap: centre(key) });
    }
    const enter = tree.nodes!.find((n) => n.contentDesc === "Enter")!;
    await run(device, { tap: centre(enter) });
    tree = await ui(device);
    expect(tree.nodes![indexOf(tree, "page_url")]!.text).toBe("https://a.io/");
  });
});

describe("launcher, back and home", () => {
  it("launches every app from its icon and returns with back and home", async () => {
    const device = new VirtualDevice({ deviceId: "nav" });
    const home = await ui(device);
    expect(home.foregroundPackage).toBe("com.droidhub.launcher");
    const icons = home.nodes!.filter((n) => (n.resourceId ?? "").endsWith(":id/app_icon"));
    expect(icons.map((n) => n.text)).toEqual(["Acme Login", "Settings", "Browser"]);
    for (const icon of icons) {
      await run(device, { tap: centre(icon) });
      expect((await ui(device)).foregroundPackage).not.toBe("com.droidhub.launcher");
      await run(device, { pressKey: { key: pb.Key.KEY_BACK } });
      expect((await ui(device)).foregroundPackage).toBe("com.droidhub.launcher");
    }
    await run(device, { launchApp: { packageName: "com.droidhub.settings" } });
    await tapOn(device, { text: "Apps" });
    expect((await ui(device)).foregroundActivity).toBe("com.droidhub.settings.SubSettingsActivity");
    await run(device, { pressKey: { key: pb.Key.KEY_HOME } });
    expect((await ui(device)).foregroundPackage).toBe("com.droidhub.launcher");
  });

  it("back first hides the keyboard, then leaves the screen", async () => {
    const device = new VirtualDevice({ deviceId: "back-ime", app: "login" });
    await tapOn(device, { id: "email" });
    expect((await ui(device)).keyboard?.shown).toBe(true);
    await run(device, { pressKey: { key: pb.Key.KEY_BACK } });
    const tree = await ui(device);
    expect(tree.keyboard?.shown).toBe(false);
    expect(tree.foregroundPackage).toBe("com.droidhub.login");
    await run(device, { pressKey: { key: pb.Key.KEY_BACK } });
    expect((await ui(device)).foregroundPackage).toBe("com.droidhub.launcher");
  });

  it("emits foreground, content and keyboard events", async () => {
    const device = new VirtualDevice({ deviceId: "events" });
    const events: droidhub.v1.IDeviceEvent[] = [];
    const off = device.onEvent((e) => events.push(e));
    await run(device, { launchApp: { packageName: "com.droidhub.login" } });
    await tapOn(device, { id: "email" });
    await run(device, { inputText: { text: "x" } });
    off();
    await run(device, { pressKey: { key: pb.Key.KEY_HOME } });
    expect(events.map((e) => Object.keys(e).find((k) => k !== "atMs"))).toEqual([
      "foreground",
      "content",
      "keyboard",
      "content",
    ]);
    expect(events[0]!.foreground).toEqual({
      packageName: "com.droidhub.login",
      activity: "com.droidhub.login.LoginActivity",
    });
    expect(events[2]!.keyboard).toEqual({ shown: true });
  });
});

describe("knobs", () => {
  it("raises a Rate this app popup after N actions until Not now", async () => {
    const device = new VirtualDevice({ deviceId: "popup", app: "login", knobs: { popupAfterActions: 2 } });
    await run(device, { tap: { x: 5, y: 2300 } });
    expect(findText(await ui(device), "Rate this app")).toBeUndefined();
    await run(device, { tap: { x: 5, y: 2300 } });
    let tree = await ui(device);
    expect(findText(tree, "Rate this app")).toBeDefined();
    expect(findText(tree, "Not now")).toMatchObject({ clickable: true });
    // The popup is modal: the email field underneath cannot be focused.
    await tapOn(device, { id: "email" });
    tree = await ui(device);
    expect(tree.nodes![indexOf(tree, "email")]!.focused).toBe(false);
    await tapOn(device, { text: "Not now" });
    tree = await ui(device);
    expect(findText(tree, "Rate this app")).toBeUndefined();
    for (let i = 0; i < 5; i++) await run(device, { tap: { x: 5, y: 2300 } });
    expect(findText(await ui(device), "Rate this app")).toBeUndefined();
  });

  it("moves the primary button after N actions", async () => {
    const device = new VirtualDevice({ deviceId: "move", app: "login", knobs: { moveButtonAfterActions: 1 } });
    const before = await ui(device);
    const oldBounds = before.nodes![indexOf(before, "sign_in")]!.bounds;
    await run(device, { tap: { x: 5, y: 2300 } });
    const after = await ui(device);
    const newBounds = after.nodes![indexOf(after, "sign_in")]!.bounds;
    expect(newBounds).not.toEqual(oldBounds);
    // A tap at the old place now misses; the new place works.
    await run(device, { tap: centre({ bounds: oldBounds }) });
    expect((await ui(device)).foregroundActivity).toBe("com.droidhub.login.LoginActivity");
    expect(findText(await ui(device), "Wrong password")).toBeUndefined();
    await run(device, { tap: centre({ bounds: newBounds }) });
    expect(findText(await ui(device), "Wrong password")).toBeDefined();
  });

  it("returns the previous tree with the stale probability (seeded)", async () => {
    const always = new VirtualDevice({
      deviceId: "stale",
      app: "settings",
      knobs: { staleTreeProbability: 1, seed: 7 },
    });
    const first = await ui(always);
    await run(always, { scroll: { direction: pb.Direction.DIRECTION_DOWN } });
    const second = await ui(always);
    expect(second.nodes).toEqual(first.nodes);

    const never = new VirtualDevice({ deviceId: "fresh", app: "settings", knobs: { staleTreeProbability: 0 } });
    const a = await ui(never);
    await run(never, { scroll: { direction: pb.Direction.DIRECTION_DOWN } });
    expect((await ui(never)).nodes).not.toEqual(a.nodes);

    const staleCount = async (seed: number): Promise<number> => {
      const d = new VirtualDevice({ deviceId: "half", app: "settings", knobs: { staleTreeProbability: 0.5, seed } });
      let stale = 0;
      let last = await ui(d);
      for (let i = 0; i < 40; i++) {
        await run(d, { scroll: { direction: i % 10 < 5 ? pb.Direction.DIRECTION_DOWN : pb.Direction.DIRECTION_UP } });
        const next = await ui(d);
        if (JSON.stringify(next.nodes) === JSON.stringify(last.nodes)) stale++;
        last = next;
      }
      return stale;
    };
    const stale = await staleCount(42);
    expect(stale).toBeGreaterThan(5);
    expect(stale).toBeLessThan(35);
    expect(await staleCount(42)).toBe(stale);
  });

  it("adds latency and jitter to every execute", async () => {
    const device = new VirtualDevice({ deviceId: "slow", knobs: { latencyMs: 30, jitterMs: 10, seed: 1 } });
    const started = performance.now();
    const result = await run(device, { getState: {} });
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    expect(result.durationMs).toBeGreaterThanOrEqual(29);
  });

  it("holds a long press and a swipe for their duration only when told to", async () => {
    const timed = async (device: VirtualDevice, request: droidhub.v1.IEnvelope) => {
      const started = performance.now();
      const result = await run(device, request);
      expect(result.ok).toBe(true);
      return performance.now() - started;
    };
    const holding = new VirtualDevice({ deviceId: "holds", knobs: { holdGestures: true } });
    expect(await timed(holding, { longPress: { x: 540, y: 1200, durationMs: 250 } })).toBeGreaterThanOrEqual(249);
    // No duration: the portal's default of 600 ms for a long press, 300 ms for a swipe.
    expect(await timed(holding, { longPress: { x: 540, y: 1200 } })).toBeGreaterThanOrEqual(599);
    expect(await timed(holding, { swipe: { fromX: 540, fromY: 1800, toX: 540, toY: 900 } })).toBeGreaterThanOrEqual(
      299,
    );
    const instant = new VirtualDevice({ deviceId: "instant" });
    expect(await timed(instant, { longPress: { x: 540, y: 1200, durationMs: 5_000 } })).toBeLessThan(1_000);
  });
});

describe("invalid requests", () => {
  it("maps bad input to typed errors and never throws", async () => {
    const device = new VirtualDevice({ deviceId: "errors" });
    const cases: [droidhub.v1.IEnvelope, number][] = [
      [{ tap: { x: 5000, y: 10 } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ tap: { x: -1, y: 10 } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ longPress: { x: 10, y: 2400 } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ swipe: { fromX: 10, fromY: 10, toX: 10, toY: 9999 } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ launchApp: { packageName: "com.example.nope" } }, E.ERROR_CODE_APP_NOT_FOUND],
      [{ launchApp: { packageName: "" } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ launchApp: { packageName: "com.droidhub.login", activity: ".Nope" } }, E.ERROR_CODE_APP_NOT_FOUND],
      [{ inputText: { text: "hello" } }, E.ERROR_CODE_NODE_NOT_FOUND],
      [{ inputText: { text: "hello", hasNode: true, nodeIndex: 999 } }, E.ERROR_CODE_NODE_NOT_FOUND],
      [{ scroll: { direction: pb.Direction.DIRECTION_UNSPECIFIED } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [
        { scroll: { direction: pb.Direction.DIRECTION_DOWN, hasNode: true, nodeIndex: 999 } },
        E.ERROR_CODE_NODE_NOT_FOUND,
      ],
      [{ pressKey: { key: pb.Key.KEY_UNSPECIFIED } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ pressKey: { key: pb.Key.KEY_RECENTS } }, E.ERROR_CODE_NOT_SUPPORTED],
      [{ openUrl: { url: "not a url" } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ openUrl: { url: "market://details?id=x" } }, E.ERROR_CODE_APP_NOT_FOUND],
      [{ screenshot: { quality: 101 } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ screenshot: { format: 9 as droidhub.v1.ImageFormat } }, E.ERROR_CODE_INVALID_ARGUMENT],
      [{}, E.ERROR_CODE_INVALID_ARGUMENT],
      [{ hello: { deviceId: "x" } }, E.ERROR_CODE_INVALID_ARGUMENT],
    ];
    for (const [body, code] of cases) {
      const result = await run(device, body);
      expect({ body, ok: result.ok, code: result.error?.code }).toEqual({ body, ok: false, code });
      expect(result.error?.message).toBeTruthy();
    }
  });

  it("rejects a target node that is not editable", async () => {
    const device = new VirtualDevice({ deviceId: "not-editable", app: "login" });
    const tree = await ui(device);
    const result = await run(device, { inputText: { text: "x", hasNode: true, nodeIndex: indexOf(tree, "sign_in") } });
    expect(result.error?.code).toBe(E.ERROR_CODE_INVALID_ARGUMENT);
  });
});

describe("every request body", () => {
  it("is handled and recorded exactly once, in order", async () => {
    const device = new VirtualDevice({ deviceId: "all", app: "settings" });
    const bodies: Record<(typeof REQUEST_BODIES)[number], droidhub.v1.IEnvelope> = {
      getUi: { getUi: { allWindows: true } },
      screenshot: { screenshot: { format: pb.ImageFormat.IMAGE_FORMAT_JPEG, maxSide: 320 } },
      tap: { tap: { x: 540, y: 1200 } },
      longPress: { longPress: { x: 540, y: 1200 } },
      swipe: { swipe: { fromX: 540, fromY: 1800, toX: 540, toY: 900 } },
      scroll: { scroll: { direction: pb.Direction.DIRECTION_DOWN } },
      inputText: { inputText: { text: "x" } },
      pressKey: { pressKey: { key: pb.Key.KEY_HOME } },
      launchApp: { launchApp: { packageName: "com.droidhub.login" } },
      openUrl: { openUrl: { url: "https://example.com/" } },
      listApps: { listApps: { includeSystem: true } },
      getState: { getState: {} },
      streamStart: { streamStart: { streamId: 1, credits: 2 } },
      streamStop: { streamStop: { streamId: 1 } },
      stopApp: { stopApp: { packageName: "com.droidhub.settings" } },
    };
    const refused = new Set<string>();
    const ids: number[] = [];
    for (const name of REQUEST_BODIES) {
      const id = 10_000 + ids.length;
      ids.push(id);
      const result = await device.execute(pb.Envelope.decode(pb.Envelope.encode({ id, ...bodies[name] }).finish()));
      const expectedError =
        name === "inputText" ? E.ERROR_CODE_NODE_NOT_FOUND : refused.has(name) ? E.ERROR_CODE_NOT_SUPPORTED : undefined;
      expect({ name, code: result.error?.code }).toEqual({ name, code: expectedError });
      expect(pb.Result.decode(pb.Result.encode(result).finish()).ok).toBe(expectedError === undefined);
    }
    expect(device.executed.map((e) => e.kind)).toEqual([...REQUEST_BODIES]);
    expect(device.executed.map((e) => e.requestId)).toEqual(ids);
    expect(device.executed[2]!.detail).toBe("540,1200");
  });

  it("answers listApps, getState and hello like a phone", async () => {
    const device = new VirtualDevice({ deviceId: "meta", width: 720, height: 1600 });
    expect(device.hello()).toMatchObject({
      deviceId: "meta",
      manufacturer: "droidhub",
      model: "Virtual Phone",
      sdkInt: 34,
      screen: { width: 720, height: 1600 },
    });
    expect(device.hello().capabilities).toContain("screenshot");
    const apps = await run(device, { listApps: {} });
    expect(apps.apps!.apps!.map((a) => a.packageName)).toEqual([
      "com.droidhub.login",
      "com.droidhub.browser",
      "com.droidhub.login.otp",
      "com.droidhub.login.captcha",
    ]);
    const all = await run(device, { listApps: { includeSystem: true } });
    expect(all.apps!.apps!.map((a) => a.packageName)).toContain("com.droidhub.launcher");
    const state = await run(device, { getState: {} });
    expect(state.state).toMatchObject({
      foregroundPackage: "com.droidhub.launcher",
      screenOn: true,
      screen: { width: 720 },
    });
    expect(listApps()).toEqual(["launcher", "login", "settings", "browser", "login-otp", "login-captcha"]);
    // Scaled screens scale the bounds.
    const tree = await ui(device);
    expect(tree.nodes!.every((n) => (n.bounds!.right ?? 0) <= 720 && (n.bounds!.bottom ?? 0) <= 1600)).toBe(true);
  });

  it("keeps no log when recording is off and bounds it otherwise", async () => {
    const quiet = new VirtualDevice({ deviceId: "quiet", record: false });
    await run(quiet, { getState: {} });
    expect(quiet.executed).toEqual([]);
    const bounded = new VirtualDevice({ deviceId: "bounded", maxRecorded: 3 });
    for (let i = 0; i < 5; i++) await run(bounded, { getState: {} });
    expect(bounded.executed).toHaveLength(3);
  });

  it("builds parent indexes that point backwards to a node of the same window", async () => {
    const device = new VirtualDevice({ deviceId: "shape", app: "login" });
    await tapOn(device, { id: "email" });
    const tree = await ui(device);
    tree.nodes!.forEach((n, i) => {
      const parent = n.parent ?? -1;
      if (parent === -1) expect(n.depth).toBe(0);
      else {
        expect(parent).toBeLessThan(i);
        expect(tree.nodes![parent]!.windowId).toBe(n.windowId);
        expect(n.depth).toBe((tree.nodes![parent]!.depth ?? 0) + 1);
      }
    });
    const types = tree.windows!.map((w) => w.type);
    expect(types).toContain(pb.WindowType.WINDOW_TYPE_SYSTEM);
    expect(types).toContain(pb.WindowType.WINDOW_TYPE_INPUT_METHOD);
    expect(tree.keyboard).toMatchObject({ shown: true, imePackage: "com.droidhub.keyboard" });
  });
});
