/**
 * A fake Mobilerun/droidrun Portal app, written from its reverse-connection protocol (0.7.2,
 * ReverseConnectionService + ActionDispatcher; read, not copied):
 * - joins with `Authorization: Bearer <token>`, `X-Device-ID`, `X-Device-Name`, `X-Device-Country`;
 * - reads `{id, method, params}`, answers `{id, status: "success", result}` or
 *   `{id, status: "error", error}`; ignores frames without a method; sends device events as
 *   `{method: "events/device", params: {type, timestamp, payload}}` with no id;
 * - runs commands one at a time; tap and swipe answer as soon as the gesture is dispatched;
 * - `screenshot` answers base64 PNG and fails when asked again sooner than Android allows;
 * - reconnects after a fixed delay (3 s in the app; an option here) and stops for good only on a
 *   terminal close: a reason with Unauthorized / Forbidden / Bad Request or starting 400/401/403;
 * - no app-level pings: liveness is the WebSocket library's own ping/pong;
 * - over wss with a pinned key (the droidhub portal's PinnedTrust rules, here hub/gateway/hub-trust.ts):
 *   a hub whose certificate does not match is final, as a 401 is.
 * It serves a small fake screen as an a11y_tree (launcher → login form → home).
 */
import { STATUS_CODES } from "node:http";
import sharp from "sharp";
import { ClientSocket } from "../../hub/gateway/client-socket.js";
import { type HubTrust, isPinMismatch } from "../../hub/gateway/hub-trust.js";
import { until } from "../helpers/hub.js";

export interface FakeMobilerunOptions {
  url: string;
  token: string;
  deviceId: string;
  deviceName?: string;
  country?: string;
  reconnectDelayMs?: number;
  /** Time each command takes on the "phone". */
  latencyMs?: number;
  /** Android refuses accessibility screenshots taken closer together than this. */
  screenshotMinIntervalMs?: number;
  version?: string;
  /** For a wss:// hub: a private CA and/or the pinned key of its certificate. */
  trust?: HubTrust;
}

export type FakeMobilerunState = "connecting" | "connected" | "reconnecting" | "terminal" | "stopped";

export interface Executed {
  id: string | number;
  method: string;
  params: Record<string, unknown>;
}

/** ReverseConnectionService.isTerminalClose, from its documented behaviour. */
export function isTerminalClose(reason: string): boolean {
  return /unauthorized|forbidden|bad request/i.test(reason) || /^(401|403|400)/.test(reason);
}

const WIDTH = 1080;
const HEIGHT = 2400;

interface Field {
  id: string;
  className: string;
  text: string;
  hint?: string;
  bounds: [number, number, number, number];
  clickable?: boolean;
  editable?: boolean;
  scrollable?: boolean;
  password?: boolean;
}

const LAUNCHER = "com.android.launcher3";
const LOGIN = "com.example.login";

export class FakeMobilerunApp {
  state: FakeMobilerunState = "connecting";
  connects = 0;
  readonly executed: Executed[] = [];
  readonly refusals: number[] = [];
  readonly closes: { code: number; reason: string }[] = [];
  /** Connection failures with no HTTP answer (TLS, refused TCP), latest last. */
  readonly errors: Error[] = [];
  /** Largest number of requests received and not yet answered at one moment. */
  maxOutstanding = 0;
  screenshots = 0;
  /** performance.now() of each capture. */
  readonly shotTimes: number[] = [];
  package = LAUNCHER;
  screen = "launcher";
  readonly fields = new Map<string, string>();
  focused: string | undefined;
  readonly #options: Required<Omit<FakeMobilerunOptions, "trust">> & Pick<FakeMobilerunOptions, "trust">;
  #socket: ClientSocket | undefined;
  #queue: { request: Executed; socket: ClientSocket | undefined }[] = [];
  #busy = false;
  #outstanding = 0;
  #lastShotAt = Number.NEGATIVE_INFINITY;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #pngs = new Map<string, Buffer>();
  /** Called before each answer is sent; tests use it to slip frames in between. */
  beforeAnswer: ((request: Executed) => void) | undefined;

  constructor(options: FakeMobilerunOptions) {
    this.#options = {
      deviceName: "Google Pixel 7",
      country: "DE",
      reconnectDelayMs: 3000,
      latencyMs: 0,
      screenshotMinIntervalMs: 1000,
      version: "0.7.2",
      ...options,
    };
  }

  get deviceId(): string {
    return this.#options.deviceId;
  }

  /** Connects; resolves when the socket is open, rejects on a terminal refusal. */
  async start(timeoutMs = 5000): Promise<void> {
    const connectsBefore = this.connects;
    this.#connect();
    // A hub may accept and close at once (a bad first answer); an open seen once counts, or a
    // busy machine's poll can miss the short "connected" window.
    await until(
      () => this.state === "connected" || this.state === "terminal" || this.connects > connectsBefore,
      timeoutMs,
      "portal connect",
    );
    if (this.state === "terminal")
      throw this.errors.find(isPinMismatch) ?? new Error(`portal join refused (${this.refusals.join(", ")})`);
  }

  /** Loses the network: no close frame; the app reconnects after its fixed delay. */
  drop(): void {
    this.#socket?.terminate();
  }

  stop(): void {
    this.state = "stopped";
    clearTimeout(this.#reconnectTimer);
    this.#socket?.close(1000, "user disconnect");
  }

  /** Stops answering WebSocket pings (the socket stays open but silent). */
  mutePongs(): void {
    this.#socket?.muteAutoPong();
  }

  sendRaw(text: string): void {
    this.#socket?.sendText(text);
  }

  sendBinary(bytes: Uint8Array): void {
    this.#socket?.send(bytes);
  }

  sendEvent(type: string, payload?: Record<string, unknown>): void {
    this.#send({ method: "events/device", params: { type, timestamp: Date.now(), ...(payload ? { payload } : {}) } });
  }

  /** A request of the phone's own (as WebRtcManager sends webrtc/offer with its own counter id). */
  sendOwnRequest(id: string | number, method: string, params: Record<string, unknown>): void {
    this.#send({ id, method, params });
  }

  methods(): string[] {
    return this.executed.map((e) => e.method);
  }

  async waitForConnects(count: number, timeoutMs = 5000): Promise<void> {
    await until(() => this.connects >= count && this.state === "connected", timeoutMs, `${count} connects`);
  }

  #connect(): void {
    this.#socket = new ClientSocket(
      this.#options.url,
      {
        onOpen: () => {
          this.connects++;
          this.state = "connected";
        },
        onMessage: (data, isBinary) => {
          if (!isBinary) this.#onText(data.toString("utf8"));
        },
        onRefused: (status) => {
          this.refusals.push(status);
          // What Java-WebSocket reports for a non-101 answer, then the app's terminal check.
          this.#closed(
            `Invalid status code received: ${status} Status line: HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          );
        },
        onClose: (code, reason) => {
          this.closes.push({ code, reason });
          this.#closed(reason);
        },
        onError: (error) => {
          this.errors.push(error);
          // The portal's PinnedTrust failure stops it for good, as a terminal close does.
          this.#closed("", isPinMismatch(error));
        },
      },
      {
        ...(this.#options.trust ? { trust: this.#options.trust } : {}),
        headers: {
          Authorization: `Bearer ${this.#options.token}`,
          "X-Device-ID": this.#options.deviceId,
          "X-Device-Name": this.#options.deviceName,
          "X-Device-Country": this.#options.country,
        },
      },
    );
  }

  #closed(reason: string, terminal = isTerminalClose(reason)): void {
    if (this.state === "stopped" || this.state === "terminal") return;
    if (terminal) {
      this.state = "terminal";
      clearTimeout(this.#reconnectTimer);
      this.#reconnectTimer = undefined;
      return;
    }
    if (this.#reconnectTimer) return; // already scheduled (error and close both report one drop)
    this.state = "reconnecting";
    this.#queue = []; // the app's executors do not outlive the socket's messages
    this.#outstanding = 0;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (this.state === "reconnecting") this.#connect();
    }, this.#options.reconnectDelayMs);
  }

  #onText(text: string): void {
    let message: { id?: string | number; method?: string; params?: Record<string, unknown> };
    try {
      message = JSON.parse(text);
    } catch {
      return; // the app logs non-JSON and goes on
    }
    if (!message.method) return; // an answer to one of our own requests: logged only
    if (message.id === undefined) return;
    this.#outstanding++;
    this.maxOutstanding = Math.max(this.maxOutstanding, this.#outstanding);
    // Answers go back on the socket the request came on (a closed one drops them, as the app does).
    this.#queue.push({
      request: { id: message.id, method: message.method, params: message.params ?? {} },
      socket: this.#socket,
    });
    void this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
        if (this.#options.latencyMs > 0) await new Promise((r) => setTimeout(r, this.#options.latencyMs));
        const { request, socket } = next;
        this.executed.push(request);
        let answer: Record<string, unknown>;
        try {
          answer = { id: request.id, status: "success", result: await this.#dispatch(request) };
        } catch (error) {
          answer = { id: request.id, status: "error", error: (error as Error).message };
        }
        this.beforeAnswer?.(request);
        if (socket !== this.#socket || !socket?.open) continue;
        this.#outstanding--;
        socket.sendText(JSON.stringify(answer));
      }
    } finally {
      this.#busy = false;
    }
  }

  #send(message: unknown): void {
    if (this.#socket?.open) this.#socket.sendText(JSON.stringify(message));
  }

  async #dispatch({ method, params }: Executed): Promise<unknown> {
    const num = (key: string, fallback = 0) => (typeof params[key] === "number" ? (params[key] as number) : fallback);
    switch (method) {
      case "version":
        return this.#options.version;
      case "state":
        return this.#state(params["filter"] === true);
      case "screenshot":
        return this.#screenshot();
      case "tap":
        this.#tap(num("x"), num("y"));
        return `Tap performed at (${num("x")}, ${num("y")})`;
      case "swipe":
        return "Swipe performed";
      case "global": {
        const action = num("action");
        if (action === 1) this.#back();
        else if (action === 2) this.#goHome();
        return `Global action ${action} performed`;
      }
      case "keyboard/input": {
        if (!this.focused) throw new Error("input failed (IME not active and Accessibility fallback failed)");
        const text = Buffer.from(String(params["base64_text"] ?? ""), "base64").toString("utf8");
        const clear = params["clear"] !== false;
        this.fields.set(this.focused, (clear ? "" : (this.fields.get(this.focused) ?? "")) + text);
        return `input done via IME (clear=${clear})`;
      }
      case "keyboard/key": {
        const code = num("key_code");
        if (code === 66 && this.screen === "login") this.#signIn();
        return `Key event sent via IME - code: ${code}`;
      }
      case "app": {
        const pkg = String(params["package"] ?? "");
        if (!pkg) throw new Error("Missing required param: 'package'");
        if (pkg !== LOGIN && pkg !== LAUNCHER) throw new Error(`Could not create intent for ${pkg}`);
        this.#enter(pkg, pkg === LOGIN ? "login" : "launcher");
        return `Started app ${pkg}`;
      }
      case "packages":
        return [
          { packageName: LOGIN, label: "Login", versionName: "1.0", versionCode: 1, isSystemApp: false },
          {
            packageName: "com.android.settings",
            label: "Settings",
            versionName: "14",
            versionCode: 34,
            isSystemApp: true,
          },
        ];
      default:
        throw new Error(`Unknown method: ${method}`);
    }
  }

  #fieldsOf(screen: string): Field[] {
    switch (screen) {
      case "launcher":
        return [
          {
            id: `${LAUNCHER}:id/icon_login`,
            className: "android.widget.TextView",
            text: "Login",
            bounds: [40, 1800, 280, 2040],
            clickable: true,
          },
        ];
      case "login":
        return [
          {
            id: `${LOGIN}:id/email`,
            className: "android.widget.EditText",
            text: "",
            hint: "Email",
            bounds: [60, 600, 1020, 740],
            clickable: true,
            editable: true,
          },
          {
            id: `${LOGIN}:id/password`,
            className: "android.widget.EditText",
            text: "",
            hint: "Password",
            bounds: [60, 800, 1020, 940],
            clickable: true,
            editable: true,
            password: true,
          },
          {
            id: `${LOGIN}:id/sign_in`,
            className: "android.widget.Button",
            text: "Sign in",
            bounds: [60, 1040, 1020, 1180],
            clickable: true,
          },
          {
            id: `${LOGIN}:id/terms`,
            className: "android.widget.ScrollView",
            text: "",
            bounds: [0, 1300, 1080, 2200],
            scrollable: true,
          },
        ];
      default:
        return [
          {
            id: `${LOGIN}:id/welcome`,
            className: "android.widget.TextView",
            text: `Welcome ${this.fields.get(`${LOGIN}:id/email`) ?? ""}`.trim(),
            bounds: [60, 400, 1020, 520],
          },
        ];
    }
  }

  #state(filter: boolean): unknown {
    const children = this.#fieldsOf(this.screen).map((f) => ({
      resourceId: f.id,
      className: f.className,
      packageName: this.package,
      text: f.editable ? (this.fields.get(f.id) ?? "") : f.text,
      contentDescription: "",
      hint: f.hint ?? "",
      boundsInScreen: { left: f.bounds[0], top: f.bounds[1], right: f.bounds[2], bottom: f.bounds[3] },
      isClickable: f.clickable === true,
      isLongClickable: false,
      isFocusable: f.editable === true,
      isFocused: this.focused === f.id,
      isCheckable: false,
      isChecked: false,
      isEnabled: true,
      isVisibleToUser: true,
      isEditable: f.editable === true,
      isPassword: f.password === true,
      isScrollable: f.scrollable === true,
      isSelected: false,
      windowId: 7,
      children: [],
    }));
    // Unfiltered, the tree also holds an off-screen node (the filter drops <1% visible ones).
    if (!filter)
      children.push({
        ...children[0]!,
        resourceId: "offscreen",
        boundsInScreen: { left: 0, top: 3000, right: 10, bottom: 3010 },
      });
    const editable = this.focused !== undefined;
    return {
      a11y_tree: {
        resourceId: "",
        className: "android.widget.FrameLayout",
        packageName: this.package,
        text: "",
        contentDescription: "",
        hint: "",
        boundsInScreen: { left: 0, top: 0, right: WIDTH, bottom: HEIGHT },
        isClickable: false,
        isEnabled: true,
        isVisibleToUser: true,
        windowId: 7,
        children,
      },
      phone_state: {
        currentApp: this.package === LOGIN ? "Login" : "Launcher",
        packageName: this.package,
        activityName:
          this.package === LOGIN
            ? `${LOGIN}.${this.screen === "login" ? "LoginActivity" : "HomeActivity"}`
            : `${LAUNCHER}.Launcher`,
        keyboardVisible: editable,
        isEditable: editable,
        focusedElement: { text: null, className: null, resourceId: this.focused ?? "" },
      },
      device_context: {
        screen_bounds: { width: WIDTH, height: HEIGHT },
        filtering_params: { min_element_size: 5, overlay_offset: 0 },
        display_metrics: {
          density: 2.625,
          densityDpi: 420,
          scaledDensity: 2.625,
          widthPixels: WIDTH,
          heightPixels: HEIGHT,
        },
      },
    };
  }

  async #screenshot(): Promise<string> {
    const now = performance.now();
    if (now - this.#lastShotAt < this.#options.screenshotMinIntervalMs) {
      throw new Error("Screenshot failed: Screenshot interval too short");
    }
    this.#lastShotAt = now;
    this.screenshots++;
    this.shotTimes.push(now);
    let png = this.#pngs.get(this.screen);
    if (!png) {
      const shade = { launcher: 40, login: 120, home: 200 }[this.screen] ?? 0;
      png = await sharp({
        create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: shade, g: 80, b: 160 } },
      })
        .png()
        .toBuffer();
      this.#pngs.set(this.screen, png);
    }
    return png.toString("base64");
  }

  #tap(x: number, y: number): void {
    const hit = this.#fieldsOf(this.screen).find(
      (f) => f.clickable && x >= f.bounds[0] && x < f.bounds[2] && y >= f.bounds[1] && y < f.bounds[3],
    );
    if (!hit) return;
    if (hit.editable) this.focused = hit.id;
    else if (hit.id.endsWith("icon_login")) this.#enter(LOGIN, "login");
    else if (hit.id.endsWith("sign_in")) this.#signIn();
  }

  #signIn(): void {
    this.focused = undefined;
    this.screen = "home";
  }

  #back(): void {
    if (this.screen === "home") this.screen = "login";
    else if (this.package === LOGIN) this.#goHome();
    this.focused = undefined;
  }

  #goHome(): void {
    this.#enter(LAUNCHER, "launcher");
  }

  #enter(pkg: string, screen: string): void {
    const previous = this.package;
    this.package = pkg;
    this.screen = screen;
    this.focused = undefined;
    if (previous !== pkg) this.sendEvent("APP_ENTERED", { package: pkg, previous_package: previous });
  }
}
