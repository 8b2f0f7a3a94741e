import { describe, expect, it } from "vitest";
import { compact, parseSnapshot, type UiElement, type UiNodeData } from "../../../hub/perception/index.js";
import { pb } from "../../../hub/protocol/codec.js";
import { fixture } from "./helpers.js";

const login = compact(parseSnapshot(fixture("login.xml")));
const byLabel = (list: readonly UiElement[], label: string) => list.find((e) => e.label === label);

describe("compact: what is kept", () => {
  it("numbers elements 1..n in order of appearance", () => {
    expect(login.elements.map((e) => e.id)).toEqual(login.elements.map((_, i) => i + 1));
  });

  it("drops invisible, zero-size and off-screen nodes", () => {
    for (const gone of ["Hidden", "Zero", "Below"]) expect(byLabel(login.elements, gone)).toBeUndefined();
  });

  it("drops status-bar text when an app is in front, and layout wrappers", () => {
    expect(byLabel(login.elements, "12:30")).toBeUndefined();
    expect(login.elements.some((e) => e.tag === "View")).toBe(false);
  });

  it("produces the DESIGN.md element with centers and bounds in device pixels", () => {
    const remember = byLabel(login.elements, "Remember me")!;
    expect(remember).toMatchObject({
      tag: "CheckBox",
      cx: 320,
      cy: 660,
      bounds: [40, 620, 600, 700],
      resourceId: "com.example.shop:id/remember",
      clickable: true,
      editable: false,
      scrollable: false,
      checkable: true,
      checked: false,
      focused: false,
    });
  });

  it("labels unlabeled clickables from descendant text, content-desc and resource-id name", () => {
    const signIn = login.elements.find((e) => e.resourceId.endsWith("id/login"))!;
    expect(signIn.label).toBe("Sign in");
    expect(signIn.tag).toBe("Item");
    expect(byLabel(login.elements, "Help and support")!.tag).toBe("Image");
    expect(login.elements.find((e) => e.resourceId.endsWith("scan_qr_code"))!.label).toBe("scan qr code");
    // text absorbed into a clickable's label is not repeated as its own element
    expect(byLabel(login.elements, "Sign in")!.id).toBe(signIn.id);
    expect(login.elements.filter((e) => e.label.includes("Sign in"))).toHaveLength(1);
  });

  it("names fields by hint and keeps the typed value apart", () => {
    const error = compact(parseSnapshot(fixture("login-error.xml")));
    const pwd = error.elements.find((e) => e.resourceId.endsWith("id/password"))!;
    expect(pwd).toMatchObject({ tag: "EditText", label: "Пароль", editable: true, password: true, value: "••••••" });
    expect(login.elements.find((e) => e.resourceId.endsWith("id/email"))).toMatchObject({
      label: "Email",
      focused: true,
    });
  });

  it("keeps list rows as their own elements inside a scrollable list", () => {
    const list = login.elements.find((e) => e.tag === "List")!;
    expect(list.scrollable).toBe(true);
    const rows = login.elements.filter((e) => e.resourceId.endsWith("id/row"));
    expect(rows.map((r) => r.label)).toEqual(["Orders subtitle", "Returns & refunds subtitle"]);
  });

  it("keeps informative text outside interactive elements", () => {
    expect(byLabel(login.elements, "Welcome 🔥")).toMatchObject({ tag: "Text", clickable: false });
    expect(byLabel(login.elements, "Welcome 🔥")!.meta.interactive).toBe(false);
  });

  it("merges a clickable wrapper and a clickable child of the same size", () => {
    const snap = parseSnapshot({
      nodes: [
        { parent: -1, bounds: { left: 0, top: 0, right: 100, bottom: 100 }, visible: true },
        {
          parent: 0,
          clickable: true,
          visible: true,
          className: "android.widget.FrameLayout",
          bounds: { left: 0, top: 0, right: 100, bottom: 50 },
        },
        {
          parent: 1,
          clickable: true,
          visible: true,
          className: "android.widget.Button",
          text: "Ok",
          bounds: { left: 1, top: 1, right: 99, bottom: 50 },
        },
      ],
    });
    const out = compact(snap).elements;
    expect(out).toHaveLength(1);
    expect(out[0]!.label).toBe("Ok");
  });

  it("collapses an on-screen keyboard into one element unless asked for the keys", () => {
    const tree = {
      foregroundPackage: "com.example.app",
      nodes: [
        {
          parent: -1,
          packageName: "com.example.app",
          visible: true,
          bounds: { left: 0, top: 0, right: 100, bottom: 200 },
        },
        {
          parent: 0,
          packageName: "com.example.app",
          className: "android.widget.EditText",
          editable: true,
          visible: true,
          bounds: { left: 0, top: 0, right: 100, bottom: 20 },
        },
        {
          parent: -1,
          packageName: "com.google.android.inputmethod.latin",
          visible: true,
          bounds: { left: 0, top: 120, right: 100, bottom: 200 },
        },
        {
          parent: 2,
          packageName: "com.google.android.inputmethod.latin",
          clickable: true,
          contentDesc: "q",
          visible: true,
          bounds: { left: 0, top: 120, right: 10, bottom: 140 },
        },
        {
          parent: 2,
          packageName: "com.google.android.inputmethod.latin",
          clickable: true,
          contentDesc: "w",
          visible: true,
          bounds: { left: 10, top: 120, right: 20, bottom: 140 },
        },
      ],
    };
    const collapsed = compact(parseSnapshot(tree));
    expect(collapsed.elements.map((e) => e.tag)).toEqual(["EditText", "Keyboard"]);
    expect(collapsed.elements[1]!.bounds).toEqual([0, 120, 100, 200]);
    expect(collapsed.keyboardShown).toBe(true);
    expect(compact(parseSnapshot(tree), { keyboardKeys: true }).elements.map((e) => e.label)).toEqual(["", "q", "w"]);
  });
});

describe("compact: keyboard named by the phone", () => {
  it("uses the proto tree's IME package even when its name says nothing", () => {
    const tree = pb.UiTree.create({
      foregroundPackage: "com.example.app",
      keyboard: { shown: true, imePackage: "org.example.typing" },
      nodes: [
        {
          parent: -1,
          packageName: "com.example.app",
          visible: true,
          bounds: { left: 0, top: 0, right: 100, bottom: 200 },
        },
        {
          parent: -1,
          packageName: "org.example.typing",
          visible: true,
          bounds: { left: 0, top: 120, right: 100, bottom: 200 },
        },
        {
          parent: 1,
          packageName: "org.example.typing",
          clickable: true,
          text: "a",
          visible: true,
          bounds: { left: 0, top: 120, right: 10, bottom: 140 },
        },
      ],
    });
    const out = compact(parseSnapshot(tree));
    expect(out.elements.map((e) => e.tag)).toEqual(["Keyboard"]);
    expect(out.keyboardShown).toBe(true);
  });
});

describe("compact: flags for the vision fallback", () => {
  it("flags a canvas-like screen and an empty list", () => {
    const game = compact(parseSnapshot(fixture("game.xml")));
    expect(game.elements).toEqual([]);
    expect(game.flags.canvas).toBe(true);
    expect(game.needsVision).toBe(true);
    expect(game.visionReasons).toEqual(["empty tree", "canvas-like screen"]);
    expect(login.needsVision).toBe(false);
  });

  it("flags an opaque WebView and marks elements inside WebViews", () => {
    const tree = pb.UiTree.create({
      foregroundPackage: "com.example.web",
      screen: { width: 1000, height: 2000 },
      nodes: [
        {
          parent: -1,
          visible: true,
          packageName: "com.example.web",
          bounds: { left: 0, top: 0, right: 1000, bottom: 2000 },
        },
        {
          parent: 0,
          visible: true,
          packageName: "com.example.web",
          className: "android.widget.TextView",
          text: "Header",
          bounds: { left: 0, top: 0, right: 1000, bottom: 100 },
        },
        {
          parent: 0,
          visible: true,
          packageName: "com.example.web",
          className: "android.webkit.WebView",
          bounds: { left: 0, top: 100, right: 1000, bottom: 1000 },
        },
        {
          parent: 2,
          visible: true,
          packageName: "com.example.web",
          className: "android.widget.Button",
          text: "Buy",
          clickable: true,
          bounds: { left: 10, top: 110, right: 200, bottom: 200 },
        },
        {
          parent: 0,
          visible: true,
          packageName: "com.example.web",
          className: "android.webkit.WebView",
          bounds: { left: 0, top: 1000, right: 1000, bottom: 2000 },
        },
      ],
    });
    const out = compact(parseSnapshot(tree));
    expect(out.flags).toEqual({ webview: true, opaqueWebView: true, canvas: false });
    expect(out.needsVision).toBe(true);
    expect(out.elements.find((e) => e.label === "Buy")!.webview).toBe(true);
    expect(out.elements.find((e) => e.label === "Header")!.webview).toBeUndefined();
    expect(out.elements.find((e) => e.tag === "WebView")!.bounds).toEqual([0, 1000, 1000, 2000]);
  });
});

describe("compact: dialogs and other sources", () => {
  it("finds a dialog window that does not start at 0,0 and titles it", () => {
    const out = compact(parseSnapshot(fixture("login-error.xml")));
    expect(out.dialogs).toEqual([{ title: "Ошибка", bounds: [90, 900, 990, 1500] }]);
    expect(login.dialogs).toEqual([]);
  });

  it("compacts Mobilerun state, flat elements and Appium sources", () => {
    const state = compact(parseSnapshot(fixture("mobilerun-state.json")));
    expect(state.elements.map((e) => [e.tag, e.label, e.disabled ?? false])).toEqual([
      ["EditText", "Amount", false],
      ["Button", "Send", true],
    ]);
    const flat = compact(parseSnapshot(fixture("mobilerun-elements.json")));
    expect(flat.elements.map((e) => e.tag)).toEqual(["Scroll", "Text", "Item", "EditText"]);
    expect(flat.dialogs).toEqual([]);
    const appium = compact(parseSnapshot(fixture("appium.xml")));
    expect(appium.elements.map((e) => e.label)).toEqual(["Notes", "New note", "Sync", "Nav"]);
    expect(appium.elements[2]).toMatchObject({ tag: "Switch", checked: true, checkable: true });
  });
});

describe("compact: deep trees", () => {
  /** A chain of clickable nodes, each the child of the one before; only the root has a named id. */
  function chain(depth: number) {
    const nodes = Array.from({ length: depth }, (_, i) => ({
      parent: i - 1,
      className: "android.widget.FrameLayout",
      resourceId: i === 0 ? "com.example:id/root_panel" : "view_7",
      clickable: true,
      bounds: { left: 0, top: 0, right: 1000 - (i % 2), bottom: 2000 - (i % 500) * 3 },
    }));
    return parseSnapshot({ nodes, screen: { width: 1080, height: 2400 } });
  }

  it("names each element's ancestry from the ids above it, however deep", () => {
    const out = compact(chain(40));
    expect(out.elements.at(-1)!.meta.ancestry).toEqual(["root panel"]);
    expect(out.elements[0]!.meta.ancestry).toEqual([]);
  });

  // Found by `npm run fuzz` (target portal-json, a "slow" input): every element walked up to the root
  // for its ancestry, so a chain 20,000 nodes deep took seconds. Counted in node reads, not time.
  it("reads each node a bounded number of times (no walk to the root per element)", () => {
    const depth = 2_000;
    const snapshot = chain(depth);
    let reads = 0;
    const nodes = new Proxy(snapshot.nodes as UiNodeData[], {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const out = compact({ ...snapshot, nodes });
    expect(out.elements.length).toBeGreaterThan(depth / 10);
    expect(reads).toBeLessThan(20 * depth);
  });
});
