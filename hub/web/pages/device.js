/**
 * One phone: its live screen (click to tap), typing, back / home / recents, its health (drain, undrain,
 * release from quarantine, tags, remove when offline), and a form that starts an agent task on it.
 */
import { api, blobUrl } from "../api.js";
import { ago, h, healthBadges, seconds } from "../dom.js";
import { liveStatsText, openLiveView } from "./live-view.js";
import { attachScreenInput } from "./screen-input.js";

const REFRESH_MS = 2000;

export function renderDevice(view, id) {
  const path = `/api/devices/${encodeURIComponent(id)}`;
  let device;
  let url;
  let stopped = false;

  const screen = h("img", { class: "screen", id: "device-screen", alt: `screen of ${id}`, draggable: "false" });
  // An offline phone has no screen to show: a plain note instead of a broken image.
  const offlineScreen = h("div", { class: "screen offline", id: "device-offline", hidden: true, text: "offline" });
  const status = h("span", { class: "badges", id: "device-status" });
  const facts = h("p", { class: "muted" });
  const message = h("p", { class: "message", id: "control-message", role: "status" });
  const liveStats = h("p", { class: "muted", id: "live-stats", text: "live view: connecting…" });
  // Frames from the live stream replace the polled screenshot; polling resumes if the stream is gone.
  let liveAt = 0;
  const live = openLiveView(id, {
    onFrame(frameUrl) {
      liveAt = Date.now();
      screen.src = frameUrl;
      screen.hidden = false;
    },
    onStats(figures) {
      if (Date.now() - liveAt > 5000 && figures.fps === 0) return;
      liveStats.textContent = liveStatsText(figures);
    },
    onNotice(notice) {
      if (notice.type === "error" || notice.type === "stopped")
        liveStats.textContent = `live view: ${notice.message ?? notice.reason}`;
    },
  });

  async function loadScreen() {
    if (Date.now() - liveAt < 5000) return; // the live stream shows the screen
    try {
      const next = await blobUrl(`${path}/screenshot?format=jpeg&quality=75&max_side=960`);
      if (stopped) return URL.revokeObjectURL(next);
      if (url) URL.revokeObjectURL(url);
      url = next;
      screen.src = url;
      screen.hidden = false;
    } catch (e) {
      message.textContent = `Screen: ${e.message}`;
    }
  }

  async function loadDevice() {
    try {
      device = await api(path);
    } catch (e) {
      if (e.status === 404) showUnknown();
      else message.textContent = e.message;
      return false;
    }
    showHealth();
    const screenSize = device.screen ? `${device.screen.width}×${device.screen.height}` : "unknown screen";
    facts.textContent = [
      [device.manufacturer, device.model].filter(Boolean).join(" "),
      device.sdkInt ? `SDK ${device.sdkInt}` : "",
      screenSize,
      device.battery ? `battery ${device.battery.level}%` : "",
      device.foreground?.package ?? "",
    ]
      .filter(Boolean)
      .join(" · ");
    return true;
  }

  // No such phone (a typo, or removed): say so once, and stop polling a 404.
  function showUnknown() {
    stop();
    view.replaceChildren(
      h("p", {}, h("a", { href: "#/devices", text: "← Devices" })),
      h("h1", { text: id }),
      h("p", { class: "error", id: "device-unknown", role: "alert", text: `This hub knows no phone called "${id}".` }),
    );
  }

  async function act(action, label) {
    message.textContent = `${label}…`;
    try {
      const result = await api(`${path}/actions`, { method: "POST", body: action });
      message.textContent = `${label}: done in ${result.ms} ms`;
    } catch (e) {
      message.textContent = `${label}: ${e.message}`;
    }
    loadScreen();
  }

  attachScreenInput(screen, { screenOf: () => device?.screen, act });

  const healthFacts = h("dl", { class: "facts", id: "health-facts" });
  const healthMessage = h("p", { class: "message", id: "health-message", role: "status" });
  const healthButton = (idAttr, label, route) =>
    h("button", {
      type: "button",
      id: idAttr,
      class: "secondary",
      text: label,
      onclick: async () => {
        healthMessage.textContent = `${label}…`;
        try {
          device = await api(`${path}/${route}`, { method: "POST" });
          healthMessage.textContent = `${label}: now ${device.status}.`;
          showHealth();
        } catch (e) {
          healthMessage.textContent = `${label}: ${e.message}`;
        }
      },
    });
  const drain = healthButton("drain", "Drain", "drain");
  const undrain = healthButton("undrain", "Undrain", "undrain");
  const release = healthButton("release", "Release", "release");
  // A wiped phone lost its device secret and cannot take its id back alone; the confirm says what breaks.
  const resetEnrollment = h("button", {
    type: "button",
    id: "reset-enrollment",
    class: "secondary",
    text: "Reset enrolment",
    onclick: async () => {
      const question = `Reset the enrolment of ${id}? Its device secret stops working: a connected phone is disconnected, and the id can enrol again with a fleet key.`;
      if (!window.confirm(question)) return;
      healthMessage.textContent = "Reset enrolment…";
      try {
        const result = await api(`${path}/enrollment`, { method: "DELETE" });
        healthMessage.textContent = `Enrolment reset${result.disconnected ? "; the phone was disconnected" : ""}.`;
        loadDevice();
      } catch (e) {
        healthMessage.textContent = `Reset enrolment: ${e.message}`;
      }
    },
  });
  const remove = h("button", {
    type: "button",
    id: "remove",
    class: "secondary danger",
    text: "Remove",
    title: "Forget this offline phone and its enrolment; it can join again with a fleet key",
    onclick: async () => {
      if (!confirm(`Remove ${id}? The hub forgets the phone and its enrolment; its runs stay.`)) return;
      healthMessage.textContent = "Removing…";
      try {
        await api(path, { method: "DELETE" });
        location.hash = "#/devices";
      } catch (e) {
        healthMessage.textContent = `Remove: ${e.message}`;
      }
    },
  });
  const tags = h("input", { id: "tags-input", type: "text", placeholder: "comma-separated, e.g. lab, pixel-8" });
  // The page refreshes every few seconds; it must not overwrite what the operator is typing.
  let tagsEdited = false;
  tags.addEventListener("input", () => {
    tagsEdited = true;
  });
  const tagsForm = h(
    "form",
    {
      class: "row",
      id: "tags-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const list = tags.value
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean);
        healthMessage.textContent = "Saving tags…";
        try {
          device = await api(`${path}/tags`, { method: "PUT", body: { tags: list } });
          tagsEdited = false;
          healthMessage.textContent = `Tags saved: ${device.tags.join(", ") || "none"}.`;
          showHealth();
        } catch (e) {
          healthMessage.textContent = `Tags: ${e.message}`;
        }
      },
    },
    h("label", { for: "tags-input", text: "Tags" }),
    tags,
    h("button", { type: "submit", id: "tags-save", text: "Save" }),
  );

  function showHealth() {
    status.replaceChildren(...healthBadges(device));
    const yesNo = (v) => (v === undefined || v === null ? "—" : v ? "yes" : "no");
    const rows = [
      ["Status", device.status],
      ["Heartbeat", device.status === "offline" ? ago(device.lastSeen) : `${seconds(device.heartbeatAgeS)} ago`],
      ["Infra failures", `${device.infraFailures ?? 0} in a row`],
      ["Tags", device.tags?.length ? device.tags.join(", ") : "—"],
      ["Battery", device.battery ? `${device.battery.level}%${device.battery.charging ? " charging" : ""}` : "—"],
      ["Screen on", yesNo(device.screenOn)],
      ["Accessibility", yesNo(device.accessibilityEnabled)],
      ["Foreground", device.foreground?.package || "—"],
      ["Lease", device.lease || "—"],
    ];
    healthFacts.replaceChildren(...rows.flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })]));
    drain.hidden = Boolean(device.draining);
    undrain.hidden = !device.draining;
    release.hidden = !device.quarantined;
    remove.hidden = device.status !== "offline";
    offlineScreen.hidden = device.status !== "offline";
    offlineScreen.textContent = `offline since ${ago(device.lastSeen)}`;
    if (device.status === "offline") screen.hidden = true;
    if (!tagsEdited && document.activeElement !== tags) tags.value = (device.tags ?? []).join(", ");
  }

  const text = h("input", { id: "type-text", type: "text", placeholder: "text to type into the focused field" });
  const typeForm = h(
    "form",
    {
      class: "row",
      onsubmit: (event) => {
        event.preventDefault();
        if (text.value === "") return;
        act({ action: "input", text: text.value }, "Type");
        text.value = "";
      },
    },
    text,
    h("button", { type: "submit", text: "Type" }),
  );
  const keys = h(
    "div",
    { class: "row" },
    ["back", "home", "recents"].map((key) =>
      h("button", {
        type: "button",
        "data-key": key,
        text: key[0].toUpperCase() + key.slice(1),
        onclick: () => act({ action: "key", key }, key),
      }),
    ),
  );

  const goal = h("textarea", {
    id: "task-goal",
    rows: "3",
    required: true,
    placeholder: "e.g. log in as ann@example.com",
  });
  const secrets = h("textarea", { id: "task-secrets", rows: "2", placeholder: "password=…  (one NAME=value a line)" });
  const taskError = h("p", { class: "error", role: "alert" });
  const taskForm = h(
    "form",
    {
      class: "stack",
      id: "task-form",
      onsubmit: async (event) => {
        event.preventDefault();
        taskError.textContent = "";
        const body = { goal: goal.value, device: id, mode: "chain" };
        const parsed = parseSecrets(secrets.value);
        if (parsed === undefined) {
          taskError.textContent = "Secrets must be NAME=value lines.";
          return;
        }
        if (Object.keys(parsed).length > 0) body.secrets = parsed;
        try {
          const task = await api("/api/tasks", { method: "POST", body });
          location.hash = `#/runs/${encodeURIComponent(task.runId)}`;
        } catch (e) {
          taskError.textContent = e.message;
        }
      },
    },
    h("label", { for: "task-goal", text: "Goal" }),
    goal,
    h("label", { for: "task-secrets", text: "Secrets (typed on the phone, never shown to the model)" }),
    secrets,
    h(
      "div",
      { class: "row" },
      h("span", { class: "muted", text: "Mode: chain" }),
      h("button", { type: "submit", text: "Start task" }),
    ),
    taskError,
  );

  view.append(
    h("p", {}, h("a", { href: "#/devices", text: "← Devices" })),
    h("div", { class: "title-row" }, h("h1", { text: id }), status),
    facts,
    h(
      "div",
      { class: "device-page" },
      h(
        "div",
        { class: "screen-box" },
        screen,
        offlineScreen,
        liveStats,
        h("p", { class: "muted", text: "Click to tap, drag to swipe; click the screen, then type." }),
      ),
      h(
        "div",
        { class: "stack" },
        h("section", { class: "card stack" }, h("h2", { text: "Remote control" }), keys, typeForm, message),
        h(
          "section",
          { class: "card stack", id: "health" },
          h("h2", { text: "Health" }),
          healthFacts,
          h("div", { class: "row" }, drain, undrain, release, resetEnrollment, remove),
          tagsForm,
          healthMessage,
        ),
        h("section", { class: "card stack" }, h("h2", { text: "Start a task" }), taskForm),
      ),
    ),
  );

  let timer;
  function stop() {
    stopped = true;
    live.close();
    clearInterval(timer);
    if (url) URL.revokeObjectURL(url);
  }
  loadDevice().then((known) => {
    if (stopped) return;
    if (known && device.status !== "offline") loadScreen();
    timer = setInterval(async () => {
      if ((await loadDevice()) && device.status !== "offline") loadScreen();
    }, REFRESH_MS);
  });
  return stop;
}

function parseSecrets(text) {
  const out = {};
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const at = line.indexOf("=");
    if (at < 1) return undefined;
    out[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return out;
}
