/**
 * A running run's phone on its page: the live view, and the human takeover — a banner while the
 * agent waits for a human (its question), "Take over" and "Hand back" (with a note the agent reads),
 * and input to the phone (click, drag, keys, Back/Home/Recents) only while this page holds it: the
 * hub refuses anyone else's actions on a leased phone anyway, so the page does not offer them.
 */
import { api } from "../api.js";
import { h } from "../dom.js";
import { liveStatsText, openLiveView } from "./live-view.js";
import { attachScreenInput } from "./screen-input.js";

export function runLivePanel(run, { onWaiting }) {
  const runPath = `/api/runs/${encodeURIComponent(run.id)}`;
  const devicePath = `/api/devices/${encodeURIComponent(run.deviceId)}`;
  let screenSize;
  let taken = false;
  const banner = h("div", { class: "human-banner", id: "human-banner", role: "alert", hidden: true });
  const screen = h("img", { class: "screen", id: "run-screen", alt: `screen of ${run.deviceId}`, draggable: "false" });
  const stats = h("p", { class: "muted", id: "run-live-stats", text: "live view: connecting…" });
  const message = h("p", { class: "message", id: "takeover-message", role: "status" });
  const note = h("input", {
    id: "handback-note",
    type: "text",
    maxlength: "2000",
    placeholder: "note for the agent (optional)",
    hidden: true,
  });
  const take = h("button", { type: "button", id: "takeover-button", text: "Take over", onclick: takeOver });
  const back = h("button", {
    type: "button",
    id: "handback-button",
    text: "Hand back",
    hidden: true,
    onclick: handBack,
  });
  const keys = ["back", "home", "recents"].map((key) =>
    h("button", {
      type: "button",
      class: "secondary",
      "data-key": key,
      text: key[0].toUpperCase() + key.slice(1),
      hidden: true,
      onclick: () => act({ action: "key", key }, key),
    }),
  );
  const hint = h("p", { class: "muted", id: "takeover-hint" });

  const live = openLiveView(run.deviceId, {
    onFrame(url) {
      screen.src = url;
    },
    onStats(figures) {
      stats.textContent = liveStatsText(figures);
    },
    onNotice(notice) {
      if (notice.type === "error" || notice.type === "stopped")
        stats.textContent = `live view: ${notice.message ?? notice.reason}`;
    },
  });
  api(devicePath).then(
    (device) => {
      screenSize = device.screen;
    },
    () => undefined,
  );
  attachScreenInput(screen, { screenOf: () => screenSize, act, enabled: () => taken });

  async function act(action, label) {
    message.textContent = `${label}…`;
    try {
      const result = await api(`${devicePath}/actions`, { method: "POST", body: action });
      message.textContent = `${label}: done in ${result.ms} ms`;
    } catch (e) {
      message.textContent = `${label}: ${e.message}`;
    }
  }

  async function takeOver() {
    message.textContent = "Taking over…";
    try {
      await api(`${runPath}/takeover`, { method: "POST" });
      holding(true);
      message.textContent = "You have the phone: the agent's commands wait until you hand back.";
      screen.focus();
    } catch (e) {
      message.textContent = `Take over: ${e.message}`;
    }
  }

  async function handBack() {
    message.textContent = "Handing back…";
    try {
      await api(`${runPath}/handback`, { method: "POST", body: note.value ? { note: note.value } : {} });
      holding(false);
      note.value = "";
      message.textContent = "Handed back: the agent looks at the screen again.";
    } catch (e) {
      message.textContent = `Hand back: ${e.message}`;
    }
  }

  function holding(yes) {
    taken = yes;
    take.hidden = yes;
    back.hidden = !yes;
    note.hidden = !yes;
    for (const key of keys) key.hidden = !yes;
    screen.classList.toggle("controlled", yes);
    hint.textContent = yes
      ? "Click to tap, drag to swipe; click the screen, then type."
      : "Take over to control the phone: the agent's commands wait until you hand back.";
  }
  holding(false);

  function ask(question) {
    banner.hidden = false;
    banner.replaceChildren(h("strong", { text: "The agent needs a human: " }), h("span", { text: question }));
    onWaiting(true);
  }
  if (run.waitingForHuman) ask(run.waitingForHuman.question);

  const element = h(
    "section",
    { class: "card stack run-live", id: "run-live-view" },
    h("h2", { text: "Live view" }),
    banner,
    h(
      "div",
      { class: "device-page" },
      h("div", { class: "screen-box" }, screen, stats),
      h(
        "div",
        { class: "stack" },
        hint,
        h("div", { class: "row" }, take, note, back),
        h("div", { class: "row" }, keys),
        message,
      ),
    ),
  );

  return {
    element,
    /** The run's events as the page hears them over SSE. */
    onEvent(type, body) {
      if (type === "human_needed") ask(body.question);
      else if (type === "takeover_started") {
        banner.hidden = false;
        banner.replaceChildren(h("strong", { text: `Taken over by ${body.by}` }), " — the agent waits.");
      } else if (type === "takeover_ended") {
        banner.hidden = true;
        onWaiting(false);
        if (taken) holding(false);
      }
    },
    close() {
      live.close();
      element.remove();
    },
  };
}
