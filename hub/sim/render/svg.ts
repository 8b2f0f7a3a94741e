/**
 * Draws a UiTree as an SVG phone screen: wallpaper or app surface, a status bar with clock and
 * battery, app bars, filled buttons, outlined fields, switches, dialogs over a dim, keyboard keys and
 * real text. Only the tree is read, so any UiTree (even one from a real phone) can be drawn.
 */
import { itemAt } from "../../errors/invariant.js";
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import {
  type Box,
  boxOf,
  Canvas,
  CHAR_WIDTH,
  clamp,
  DEFAULT_ACCENT,
  hashColor,
  INK,
  idEnds,
  MUTED,
  OUTLINE,
} from "./canvas.js";

export { escapeXml } from "./canvas.js";

export interface SvgStyle {
  /** Accent colour of an app (app bar, buttons), by package name. */
  readonly accentOf?: (pkg: string) => string | undefined;
  /** Launcher icon colour, by app label. */
  readonly iconColorOf?: (label: string) => string | undefined;
}

/** Renders the tree to an SVG document of the tree's screen size. */
export function treeToSvg(ui: droidhub.v1.IUiTree, style: SvgStyle = {}): string {
  const W = ui.screen?.width ?? 1080;
  const H = ui.screen?.height ?? 2400;
  const c = new Canvas(W / 1080);
  const fg = ui.foregroundPackage ?? "";
  const screen: Screen = {
    W,
    H,
    nodes: ui.nodes ?? [],
    accent: style.accentOf?.(fg) ?? DEFAULT_ACCENT,
    onLauncher: fg.includes("launcher"),
    style,
  };

  c.parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  // An app's full-screen surface hides the wallpaper: not drawing it saves most of a frame's
  // rasterising (the gradient), with the same pixels.
  if (!wallpaperHidden(ui, W, H)) c.parts.push(WALLPAPER(W, H));

  // Bottom-most window first; ui.windows lists the top-most first.
  const windows = [...(ui.windows ?? [])].reverse();
  const dark = new Array<boolean>(screen.nodes.length).fill(false);
  for (const win of windows) drawWindow(c, win, screen, dark);
  // Gesture navigation handle.
  const k = c.k;
  c.rect(W / 2 - 110 * k, H - 34 * k, 220 * k, 12 * k, screen.onLauncher ? "#ffffff" : "#3c4043", `rx="${6 * k}"`);
  c.parts.push("</svg>");
  return c.parts.join("");
}

const WALLPAPER = (W: number, H: number) =>
  `<defs><linearGradient id="wall" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#1f3c88"/><stop offset="0.55" stop-color="#5b3e96"/><stop offset="1" stop-color="#e07a5f"/></linearGradient></defs>` +
  `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;

/** An application other than the launcher covers the whole screen with its opaque surface. */
function wallpaperHidden(ui: droidhub.v1.IUiTree, W: number, H: number): boolean {
  return (ui.windows ?? []).some((win) => {
    const b = win.bounds ?? {};
    return (
      win.type === pb.WindowType.WINDOW_TYPE_APPLICATION &&
      !(win.packageName ?? "").includes("launcher") &&
      (b.left ?? 0) <= 0 &&
      (b.top ?? 0) <= 0 &&
      (b.right ?? W) >= W &&
      (b.bottom ?? H) >= H
    );
  });
}

/** What every window of one screen is drawn against. */
interface Screen {
  readonly W: number;
  readonly H: number;
  readonly nodes: droidhub.v1.IUiNode[];
  /** The foreground app's accent. */
  readonly accent: string;
  readonly onLauncher: boolean;
  readonly style: SvgStyle;
}

/** One window: its surface, then its nodes in tree order; `dark` carries which nodes sit on a dark surface. */
function drawWindow(c: Canvas, win: droidhub.v1.IWindow, screen: Screen, dark: boolean[]): void {
  const { W, H, nodes } = screen;
  const wb = win.bounds ?? {};
  const box: Box = {
    l: wb.left ?? 0,
    t: wb.top ?? 0,
    r: wb.right ?? W,
    b: wb.bottom ?? H,
    w: (wb.right ?? W) - (wb.left ?? 0),
    h: (wb.bottom ?? H) - (wb.top ?? 0),
  };
  const isDialog = win.type === pb.WindowType.WINDOW_TYPE_APPLICATION && (box.w < W || box.h < H);
  const winAccent = screen.style.accentOf?.(win.packageName ?? "") ?? screen.accent;
  drawWindowSurface(c, win, box, isDialog, screen);
  const inIme = win.type === pb.WindowType.WINDOW_TYPE_INPUT_METHOD;
  const inSystem = win.type === pb.WindowType.WINDOW_TYPE_SYSTEM;
  for (let i = 0; i < nodes.length; i++) {
    const node = itemAt(nodes, i, "node");
    if (node.windowId !== win.id) continue;
    const parent = node.parent ?? -1;
    const parentDark = parent >= 0 ? (dark[parent] ?? false) : inSystem;
    dark[i] = parentDark || idEnds(node, "toolbar");
    drawNode(c, node, boxOf(node), {
      accent: winAccent,
      dark: parentDark,
      inDialog: isDialog,
      inIme,
      inSystem,
      inList: parent >= 0 && nodes[parent]?.scrollable === true,
      onWallpaper: (win.packageName ?? "").includes("launcher"),
      style: screen.style,
    });
  }
}

/** A window's background by its type: app surface (a dialog over a dim), keyboard, status bar. */
function drawWindowSurface(c: Canvas, win: droidhub.v1.IWindow, box: Box, isDialog: boolean, screen: Screen): void {
  const k = c.k;
  if (win.type === pb.WindowType.WINDOW_TYPE_APPLICATION) {
    if (isDialog) {
      c.rect(0, 0, screen.W, screen.H, "#000", `fill-opacity="0.45"`);
      c.rect(box.l, box.t, box.w, box.h, "#fffbfe", `rx="${36 * k}"`);
    } else if (!(win.packageName ?? "").includes("launcher")) {
      c.rect(box.l, box.t, box.w, box.h, "#fffbfe");
    }
  } else if (win.type === pb.WindowType.WINDOW_TYPE_INPUT_METHOD) {
    c.rect(box.l, box.t, box.w, box.h, "#e3e5e8");
  } else if (win.type === pb.WindowType.WINDOW_TYPE_SYSTEM && !screen.onLauncher) {
    c.rect(box.l, box.t, box.w, box.h, screen.accent);
    c.rect(box.l, box.t, box.w, box.h, "#000", `fill-opacity="0.25"`);
  }
}

interface DrawContext {
  readonly accent: string;
  readonly dark: boolean;
  readonly inDialog: boolean;
  readonly inIme: boolean;
  readonly inSystem: boolean;
  readonly inList: boolean;
  readonly onWallpaper: boolean;
  readonly style: SvgStyle;
}

/** One node, drawn as the widget its class and window make it. */
function drawNode(c: Canvas, node: droidhub.v1.IUiNode, box: Box, ctx: DrawContext): void {
  const k = c.k;
  const cls = node.className ?? "";
  const text = node.text ?? "";
  if (box.w <= 0 || box.h <= 0) return;

  if (idEnds(node, "toolbar")) {
    c.rect(box.l, box.t, box.w, box.h, ctx.accent);
  } else if (ctx.inIme && node.clickable === true) {
    drawKey(c, box, text);
  } else if (ctx.inSystem) {
    drawStatusItem(c, node, box, text);
  } else if (idEnds(node, "app_icon")) {
    drawLauncherIcon(c, box, text, ctx);
  } else if (cls.endsWith("EditText")) {
    drawField(c, node, box, text, ctx);
  } else if (cls.endsWith("Button") && !cls.endsWith("ImageButton")) {
    drawButton(c, node, box, text, ctx);
  } else if (cls.endsWith("ImageButton")) {
    c.boxText((node.contentDesc ?? "").startsWith("Navigate up") ? "←" : "•", box, 64 * k, ctx.dark ? "#ffffff" : INK, {
      anchor: "middle",
      bold: true,
    });
  } else if (cls.endsWith("Switch") || cls.endsWith("CheckBox")) {
    drawSwitch(c, box, node.checked === true, ctx.accent);
  } else if (ctx.inList && node.clickable === true && (cls.endsWith("Layout") || cls.endsWith("ViewGroup"))) {
    c.rect(box.l + 64 * k, box.b - 2 * k, box.w - 64 * k, 2 * k, "#e7e0ec");
  } else if (cls.endsWith("TextView")) {
    drawText(c, node, box, text, ctx);
  }
}

/** A keyboard key: letters on white, the special keys on grey. */
function drawKey(c: Canvas, box: Box, text: string): void {
  const k = c.k;
  const special = text.length !== 1 || text === "⌫" || text === "⏎" || text === "@";
  c.rect(box.l, box.t, box.w, box.h, special ? "#c4c7cc" : "#ffffff", `rx="${14 * k}"`);
  c.boxText(text.trim(), box, 52 * k, INK, { anchor: "middle" });
}

/** The status bar's clock, battery and signal. */
function drawStatusItem(c: Canvas, node: droidhub.v1.IUiNode, box: Box, text: string): void {
  if (idEnds(node, "clock")) c.boxText(text, box, 40 * c.k, "#ffffff", { bold: true });
  else if (idEnds(node, "battery")) drawBattery(c, box, text);
  else if ((node.className ?? "").endsWith("ImageView")) drawSignal(c, box);
}

/** An outlined text field (a pill on a dark bar), its hint when empty and a caret when focused. */
function drawField(c: Canvas, node: droidhub.v1.IUiNode, box: Box, text: string, ctx: DrawContext): void {
  const k = c.k;
  const pill = ctx.dark;
  const focused = node.focused === true;
  const stroke = focused ? ctx.accent : OUTLINE;
  c.rect(
    box.l,
    box.t,
    box.w,
    box.h,
    "#ffffff",
    `rx="${(pill ? box.h / 2 : 16 * k).toFixed(1)}" stroke="${stroke}" stroke-width="${(focused ? 5 : 2) * k}"`,
  );
  const size = clamp(box.h * 0.32, 26 * k, 46 * k);
  const shown = text !== "" ? text : (node.hint ?? "");
  c.boxText(shown, box, size, text !== "" ? INK : MUTED, { pad: 36 * k });
  if (focused) {
    const x = box.l + 36 * k + Math.min(text.length * size * CHAR_WIDTH, box.w - 72 * k) + 4 * k;
    c.rect(Math.round(x), box.t + box.h * 0.25, Math.max(1, Math.round(3 * k)), box.h * 0.5, ctx.accent);
  }
}

/** A filled button, or a text button in a dialog. */
function drawButton(c: Canvas, node: droidhub.v1.IUiNode, box: Box, text: string, ctx: DrawContext): void {
  const k = c.k;
  if (ctx.inDialog) {
    c.boxText(text, box, clamp(box.h * 0.4, 28 * k, 44 * k), ctx.accent, { anchor: "middle", bold: true });
    return;
  }
  const enabled = node.enabled !== false;
  const fill = !enabled ? "#c4c4c4" : ctx.dark ? "#ffffff" : ctx.accent;
  const ink = ctx.dark ? ctx.accent : "#ffffff";
  c.rect(box.l, box.t, box.w, box.h, fill, `rx="${(box.h / 2).toFixed(1)}"`);
  c.boxText(text, box, clamp(box.h * 0.32, 28 * k, 46 * k), ink, { anchor: "middle", bold: true });
}

function drawText(c: Canvas, node: droidhub.v1.IUiNode, box: Box, text: string, ctx: DrawContext): void {
  const k = c.k;
  const id = node.resourceId ?? "";
  const heading = /title|heading|welcome/i.test(id) && !idEnds(node, "title");
  const summary = idEnds(node, "summary");
  let fill = ctx.dark ? "#ffffff" : summary ? MUTED : INK;
  if (node.clickable === true && !ctx.dark) fill = ctx.accent;
  const size = heading
    ? clamp(box.h * 0.6, 30 * k, 64 * k)
    : summary
      ? clamp(box.h * 0.6, 24 * k, 34 * k)
      : clamp(box.h * 0.55, 26 * k, 42 * k);
  c.boxText(text, box, size, fill, { bold: heading || (node.clickable === true && !ctx.inList) });
}

function drawLauncherIcon(c: Canvas, box: Box, label: string, ctx: DrawContext): void {
  const k = c.k;
  const side = Math.min(box.w * 0.62, box.h - 110 * k);
  const x = box.l + (box.w - side) / 2;
  const y = box.t + 24 * k;
  const color = ctx.style.iconColorOf?.(label) ?? hashColor(label);
  c.rect(Math.round(x), Math.round(y), Math.round(side), Math.round(side), color, `rx="${(side * 0.28).toFixed(1)}"`);
  c.text(label.slice(0, 1).toUpperCase(), x + side / 2, y + side * 0.66, side * 0.48, "#ffffff", {
    anchor: "middle",
    bold: true,
  });
  const labelBox: Box = { l: box.l, t: y + side + 12 * k, r: box.r, b: y + side + 72 * k, w: box.w, h: 60 * k };
  const shadow: Box = {
    ...labelBox,
    l: labelBox.l + 2 * k,
    r: labelBox.r + 2 * k,
    t: labelBox.t + 2 * k,
    b: labelBox.b + 2 * k,
  };
  c.boxText(label, shadow, 34 * k, "#000000", { anchor: "middle" });
  c.boxText(label, labelBox, 34 * k, ctx.onWallpaper ? "#ffffff" : INK, { anchor: "middle" });
}

function drawSwitch(c: Canvas, box: Box, checked: boolean, accent: string): void {
  const k = c.k;
  const h = Math.min(box.h, 64 * k);
  const w = Math.min(box.w, 112 * k);
  const x = box.r - w;
  const y = box.t + (box.h - h) / 2;
  c.rect(
    Math.round(x),
    Math.round(y),
    Math.round(w),
    Math.round(h),
    checked ? accent : "#e7e0ec",
    `rx="${(h / 2).toFixed(1)}" stroke="${checked ? accent : OUTLINE}" stroke-width="${3 * k}"`,
  );
  const r = h * (checked ? 0.38 : 0.28);
  const cx = checked ? x + w - h / 2 : x + h / 2;
  c.parts.push(
    `<circle cx="${cx.toFixed(1)}" cy="${(y + h / 2).toFixed(1)}" r="${r.toFixed(1)}" fill="${checked ? "#ffffff" : OUTLINE}"/>`,
  );
}

function drawBattery(c: Canvas, box: Box, text: string): void {
  const k = c.k;
  const level = clamp(Number.parseInt(text, 10) || 0, 0, 100);
  const bw = 56 * k;
  const bh = 30 * k;
  const x = box.r - bw - 8 * k;
  const y = box.t + (box.h - bh) / 2;
  c.rect(
    Math.round(x),
    Math.round(y),
    Math.round(bw),
    Math.round(bh),
    "none",
    `rx="${5 * k}" stroke="#ffffff" stroke-width="${3 * k}"`,
  );
  c.rect(Math.round(x + bw), Math.round(y + bh * 0.3), Math.round(5 * k), Math.round(bh * 0.4), "#ffffff");
  c.rect(
    Math.round(x + 5 * k),
    Math.round(y + 5 * k),
    Math.round(((bw - 10 * k) * level) / 100),
    Math.round(bh - 10 * k),
    "#ffffff",
  );
  c.text(text, x - 12 * k, box.t + (box.h + 30 * k) / 2, 34 * k, "#ffffff", { anchor: "end", bold: true });
}

function drawSignal(c: Canvas, box: Box): void {
  const x = box.l;
  const y = box.t;
  const w = box.w;
  const h = box.h;
  c.parts.push(`<path d="M${x} ${y + h} L${x + w} ${y + h} L${x + w} ${y} Z" fill="#ffffff"/>`);
}
