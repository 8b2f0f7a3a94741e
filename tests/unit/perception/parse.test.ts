import { describe, expect, it } from "vitest";
import { HubError } from "../../../hub/errors/hub-error.js";
import { detectFormat, parseSnapshot } from "../../../hub/perception/index.js";
import { pb } from "../../../hub/protocol/codec.js";
import { fixture } from "./helpers.js";

function parseError(fn: () => unknown): HubError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("PARSE_ERROR");
    return error as HubError;
  }
  throw new Error("expected a PARSE_ERROR");
}

describe("parseSnapshot: uiautomator XML", () => {
  const snap = parseSnapshot(fixture("login.xml"));

  it("detects the format and ignores junk after </hierarchy>", () => {
    expect(snap.source).toBe("uiautomator");
    expect(snap.nodes.length).toBe(22);
  });

  it("keeps pre-order with parent indexes and depths", () => {
    expect(snap.nodes[0]!.parent).toBe(-1);
    expect(snap.nodes[1]!.parent).toBe(0);
    expect(snap.nodes[1]!.text).toBe("12:30");
    const app = snap.nodes[2]!;
    expect(app.parent).toBe(-1);
    expect(app.childCount).toBe(12);
    expect(snap.nodes[3]!.depth).toBe(1);
  });

  it("decodes entities and emoji, strips direction marks, folds newlines", () => {
    expect(snap.nodes.find((n) => n.resourceId.endsWith("id/title"))!.text).toBe("Welcome 🔥");
    expect(snap.nodes.some((n) => n.contentDesc === "Help and support")).toBe(true);
    expect(snap.nodes.some((n) => n.text === "Returns & refunds")).toBe(true);
  });

  it("treats a hint repeated as text as no text, and EditText as editable", () => {
    const email = snap.nodes.find((n) => n.resourceId.endsWith("id/email"))!;
    expect(email.text).toBe("");
    expect(email.hint).toBe("Email");
    expect(email.editable).toBe(true);
  });

  it("derives the foreground package from the largest app window and the screen from the windows", () => {
    expect(snap.package).toBe("com.example.shop");
    expect(snap.packages).toEqual(["com.example.shop", "com.android.systemui"]);
    expect(snap.screen).toEqual({ w: 1080, h: 2400 });
  });

  it("reads visible-to-user and NAF", () => {
    expect(snap.nodes.find((n) => n.text === "Hidden")!.visible).toBe(false);
    expect(snap.nodes.find((n) => n.className === "android.webkit.WebView")!.naf).toBe(true);
  });

  it("accepts a Buffer with a BOM", () => {
    const buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(fixture("game.xml"))]);
    const s = parseSnapshot(buf);
    expect(s.rotation).toBe(1);
    expect(s.screen).toEqual({ w: 2400, h: 1080 });
  });
});

describe("parseSnapshot: real-dump quirks", () => {
  const node = (attrs: string) => `<node class="android.widget.TextView" package="p" clickable="false" ${attrs} />`;

  it("trusts bounds over a rotation attribute that disagrees with them", () => {
    const xml = `<hierarchy rotation="1"><node class="android.widget.FrameLayout" package="p" bounds="[0,0][1080,1920]">${node('text="a" bounds="[0,0][100,100]"')}</node></hierarchy>`;
    const snap = parseSnapshot(xml);
    expect(snap.rotation).toBe(1);
    expect(snap.screen).toEqual({ w: 1080, h: 1920 });
  });

  it("folds literal newlines and tabs inside attributes", () => {
    const xml = `<hierarchy rotation="0">${node('text="line one\n\tline two" bounds="[0,0][100,100]"')}</hierarchy>`;
    expect(parseSnapshot(xml).nodes[0]!.text).toBe("line one line two");
  });

  it("measures a dialog-only dump from its window, not from 0,0", () => {
    const xml = `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="p" bounds="[27,339][1053,1875]">${node('text="Allow?" bounds="[60,400][1000,500]"')}</node></hierarchy>`;
    const snap = parseSnapshot(xml);
    expect(snap.screen).toEqual({ w: 1053, h: 1875 });
    expect(snap.nodes[0]!.bounds).toEqual([27, 339, 1053, 1875]);
  });
});

describe("parseSnapshot: Appium page source", () => {
  const snap = parseSnapshot(fixture("appium.xml"));
  it("reads class-named tags, displayed= and the declared size", () => {
    expect(snap.source).toBe("appium");
    expect(snap.nodes.map((n) => n.className.split(".").pop())).toEqual([
      "FrameLayout",
      "TextView",
      "Button",
      "Switch",
      "Button",
      "Button",
    ]);
    expect(snap.nodes.find((n) => n.text === "Ghost")!.visible).toBe(false);
    // declared 720x1400 but the window reaches 1480 (navigation bar): the larger wins
    expect(snap.screen).toEqual({ w: 720, h: 1480 });
  });
});

describe("parseSnapshot: Mobilerun JSON", () => {
  it("reads the state form with boundsInScreen, phone_state and device_context", () => {
    const snap = parseSnapshot(fixture("mobilerun-state.json"));
    expect(snap.source).toBe("mobilerun-state");
    expect(snap.package).toBe("com.example.bank");
    expect(snap.activity).toBe("com.example.bank.SendActivity");
    expect(snap.keyboardShown).toBe(true);
    expect(snap.screen).toEqual({ w: 1080, h: 2400 });
    const send = snap.nodes.find((n) => n.text === "Send")!;
    expect(send.bounds).toEqual([40, 500, 1040, 620]);
    expect(send.enabled).toBe(false);
    expect(snap.nodes.find((n) => n.text === "Invisible")!.visible).toBe(false);
  });

  it("reads the filtered tree form and drops class names used as text", () => {
    const snap = parseSnapshot(fixture("mobilerun-tree.json"));
    expect(snap.source).toBe("mobilerun-tree");
    expect(snap.nodes[1]!.text).toBe("");
    expect(snap.nodes[1]!.bounds).toEqual([0, 48, 48, 96]);
    expect(snap.nodes[2]!.text).toBe("请假申请");
  });

  it("reads the old flat elements form with its type field", () => {
    const snap = parseSnapshot(fixture("mobilerun-elements.json"));
    expect(snap.source).toBe("mobilerun-elements");
    expect(snap.nodes[0]!.scrollable).toBe(true);
    expect(snap.nodes[1]!.clickable).toBe(true);
    expect(snap.nodes.find((n) => n.text === "Search")!.editable).toBe(true);
  });

  it('unwraps the {status, data: "<json>"} envelope', () => {
    const wrapped = JSON.stringify({ status: "success", data: fixture("mobilerun-state.json") });
    expect(parseSnapshot(wrapped).package).toBe("com.example.bank");
  });
});

describe("parseSnapshot: proto tree", () => {
  it("reads the flat list with parents and the screen", () => {
    const tree = pb.UiTree.create({
      foregroundPackage: "com.example.app",
      foregroundActivity: ".Main",
      screen: { width: 720, height: 1600, rotation: 0 },
      nodes: [
        {
          parent: -1,
          className: "android.widget.FrameLayout",
          bounds: { left: 0, top: 0, right: 720, bottom: 1600 },
          visible: true,
        },
        {
          parent: 0,
          className: "android.widget.Button",
          text: "Go",
          clickable: true,
          visible: true,
          bounds: { left: 10, top: 10, right: 110, bottom: 60 },
        },
        {
          parent: 0,
          className: "android.widget.Button",
          text: "Off",
          clickable: true,
          visible: false,
          bounds: { left: 10, top: 70, right: 110, bottom: 120 },
        },
      ],
    });
    const snap = parseSnapshot(tree);
    expect(snap.source).toBe("proto");
    expect(snap.activity).toBe(".Main");
    expect(snap.nodes[1]!.depth).toBe(1);
    expect(snap.nodes[2]!.visible).toBe(false);
  });

  it("treats every node as visible when the phone never fills `visible`", () => {
    const snap = parseSnapshot({ nodes: [{ parent: -1, bounds: { left: 0, top: 0, right: 10, bottom: 10 } }] });
    expect(snap.nodes[0]!.visible).toBe(true);
  });

  it("rejects a parent that does not come first", () => {
    const err = parseError(() => parseSnapshot({ nodes: [{ parent: 1 }, { parent: -1 }] }));
    expect(err.details).toMatchObject({ format: "proto", node: 0 });
  });
});

describe("parseSnapshot: bad input", () => {
  it("rejects text that is neither XML nor JSON", () => {
    parseError(() => parseSnapshot("hello"));
    expect(detectFormat("hello")).toBeUndefined();
  });
  it("rejects a truncated dump", () => {
    expect(parseError(() => parseSnapshot('<hierarchy><node text="a">')).message).toMatch(/truncated/);
  });
  it("rejects XML without a hierarchy root", () => {
    parseError(() => parseSnapshot("<html><body/></html>"));
  });
  it("rejects malformed JSON and JSON of another shape", () => {
    expect(parseError(() => parseSnapshot("{nope")).message).toMatch(/malformed JSON/);
    parseError(() => parseSnapshot('{"hello":"world"}'));
  });
  it("rejects dumps over the size limit", () => {
    const err = parseError(() => parseSnapshot(fixture("login.xml"), { maxBytes: 100 }));
    expect(err.details).toMatchObject({ limit: 100 });
  });
});
