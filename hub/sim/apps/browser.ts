/** A browser: an address bar (EditText) where typing + Enter, "Go" or openUrl opens a page. */
import { APP_BAR_BOTTOM, button, field, REF_WIDTH, root, STATUS_BAR_HEIGHT, text } from "./layout.js";
import type { Action, AppSpec, NodeSpec, SubmitContext, Vars } from "./types.js";

const KNOWN_PAGES: Readonly<Record<string, { title: string; body: string; link: string }>> = {
  "https://example.com/": {
    title: "Example Domain",
    body: "This domain is for use in illustrative examples in documents. You may use this domain in literature without prior coordination or asking for permission.",
    link: "https://www.iana.org/help/example-domains",
  },
  "https://droidhub.dev/docs": {
    title: "droidhub docs",
    body: "droidhub lets an LLM agent work Android phones that dial out to a hub over a WebSocket.",
    link: "https://droidhub.dev/",
  },
};

/** Turns what a user typed into a URL: a URL stays, a host gets https://, anything else is a search. */
export function normalizeAddress(input: string): string | undefined {
  const typed = input.trim();
  if (typed === "") return undefined;
  if (/^https?:\/\//i.test(typed)) {
    try {
      return new URL(typed).href;
    } catch {
      return undefined;
    }
  }
  if (!/\s/.test(typed) && /^[\w-]+(\.[\w-]+)+(:\d+)?(\/.*)?$/.test(typed)) return new URL(`https://${typed}`).href;
  return `https://search.droidhub.dev/?q=${encodeURIComponent(typed)}`;
}

/** The page shown for a URL: a few known pages, otherwise one named after the host. */
export function pageFor(url: string): { title: string; body: string; link: string } {
  const known = KNOWN_PAGES[url];
  if (known !== undefined) return known;
  let host = url;
  try {
    const parsed = new URL(url);
    host = parsed.hostname;
    const q = parsed.searchParams.get("q");
    if (host === "search.droidhub.dev" && q !== null) {
      return { title: `${q} - Search`, body: `No results found for "${q}".`, link: "https://example.com/" };
    }
  } catch {
    // Not a URL: show it as the host.
  }
  return { title: `Welcome to ${host}`, body: `This is the home page of ${host}.`, link: "https://example.com/" };
}

function submit(ctx: SubmitContext): Action {
  const url = normalizeAddress(ctx.get("browser.address"));
  return url === undefined ? { kind: "none" } : { kind: "push", screen: "page", arg: url };
}

const addressBar: NodeSpec = {
  cls: "android.view.ViewGroup",
  id: "toolbar",
  bounds: [0, STATUS_BAR_HEIGHT, REF_WIDTH, APP_BAR_BOTTOM],
  children: [
    field("url_bar", "browser.address", "Search or type URL", [32, 116, 864, 244]),
    button("go", "Go", [888, 116, 1048, 244], { kind: "submit" }, true),
  ],
};

const top = APP_BAR_BOTTOM;
const shortcut = (i: number, url: string, label: string): NodeSpec =>
  text(`shortcut_${i}`, label, [64, top + 220 + i * 140, 1016, top + 320 + i * 140], {
    kind: "push",
    screen: "page",
    arg: url,
  });

export const browserApp: AppSpec = {
  id: "browser",
  pkg: "com.droidhub.browser",
  label: "Browser",
  version: "120.0",
  system: false,
  color: "#e8710a",
  start: "start",
  screens: {
    start: {
      id: "start",
      activity: ".BrowserActivity",
      onEnter: (): Vars => ({ "browser.address": "" }),
      onSubmit: submit,
      root: root([
        addressBar,
        text("start_title", "Start page", [64, top + 80, 1016, top + 180]),
        shortcut(0, "https://example.com/", "example.com"),
        shortcut(1, "https://droidhub.dev/docs", "droidhub.dev/docs"),
        shortcut(2, "https://news.example.org/", "news.example.org"),
      ]),
    },
    page: {
      id: "page",
      activity: ".BrowserActivity",
      params: (arg) => pageFor(arg),
      onEnter: (arg): Vars => ({ "browser.address": arg }),
      onSubmit: submit,
      root: root([
        addressBar,
        {
          cls: "android.webkit.WebView",
          id: "web_view",
          text: "{title}",
          bounds: [0, top, REF_WIDTH, 2400],
          focusable: true,
          children: [
            text("page_title", "{title}", [64, top + 80, 1016, top + 200]),
            text("page_url", "{arg}", [64, top + 210, 1016, top + 280]),
            text("page_body", "{body}", [64, top + 330, 1016, top + 700]),
            text("page_link", "More information...", [64, top + 740, 1016, top + 820], {
              kind: "push",
              screen: "page",
              arg: "{link}",
            }),
          ],
        },
      ]),
    },
  },
};
