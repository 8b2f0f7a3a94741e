/**
 * One run: its facts, a live timeline over SSE (the browser resumes by Last-Event-ID) with each step's
 * picture — the screen it acted on, with what it did drawn on it — and the report.
 */
import { api, blobUrl, eventSource } from "../api.js";
import { h, statusBadge } from "../dom.js";
import { pictureOf, Shots, stepKey } from "./frames.js";
import { runLivePanel } from "./run-live.js";
import { starButton } from "./star.js";
import { timelineEntry } from "./timeline.js";

const EVENT_TYPES = [
  "plan",
  "step_started",
  "step_finished",
  "step_log",
  "claim_checked",
  "model_call",
  "refresh",
  "replan",
  "human_needed",
  "takeover_started",
  "takeover_ended",
  "human_action",
  "run_finished",
];
const PICTURE_TYPES = ["step_frame", "frame_missing"];

export function renderRun(view, id) {
  const path = `/api/runs/${encodeURIComponent(id)}`;
  const status = h("span", { id: "run-status" });
  const header = h("div", { class: "title-row" });
  const facts = h("p", { class: "muted" });
  const live = h("span", { class: "live", id: "run-live" });
  const timeline = h("ol", { class: "timeline", id: "timeline" });
  const message = h("p", { class: "error", role: "alert" });
  const report = h("a", { href: "#", id: "report-link", class: "button", text: "Download report" });
  report.addEventListener("click", (event) => {
    event.preventDefault();
    downloadReport(path, id).catch((e) => {
      message.textContent = `Report: ${e.message}`;
    });
  });

  // Hidden until the run is known: an unknown id gets no buttons, no "live" badge and no stream.
  const actions = h(
    "div",
    { class: "row", hidden: true },
    report,
    h("a", { href: `#/runs/${encodeURIComponent(id)}/replay`, class: "button", id: "replay-link", text: "Replay" }),
    live,
  );
  const timelineTitle = h("h2", { text: "Timeline", hidden: true });
  view.append(
    h("p", {}, h("a", { href: "#/runs", text: "← Runs" })),
    header,
    facts,
    actions,
    message,
    timelineTitle,
    timeline,
  );

  async function loadRun() {
    try {
      const run = await api(path);
      actions.hidden = false;
      timelineTitle.hidden = false;
      header.replaceChildren(h("h1", { text: run.goal }), status, starButton(run));
      // The stored status stays "running" while the agent waits for a human; the page says which.
      status.replaceChildren(statusBadge(run.waitingForHuman ? "waiting_for_human" : run.status));
      facts.replaceChildren(
        "on ",
        h("a", { href: `#/devices/${encodeURIComponent(run.deviceId)}`, text: run.deviceId }),
        ` · ${run.mode} · started ${new Date(run.startedAt).toLocaleString()}`,
        run.reason ? ` · ${run.reason}` : "",
      );
      return run;
    } catch (e) {
      if (e.status === 404) {
        header.replaceChildren(h("h1", { text: "Unknown run" }));
        message.id = "run-unknown";
        message.textContent = `This hub has no run "${id}".`;
      } else {
        message.textContent = e.message;
      }
      return undefined;
    }
  }

  let events;
  let stopped = false;
  const shots = new Shots();
  /** Each step's picture by step key, and the timeline entry that shows it (its first entry). */
  const pictures = new Map();
  const holders = new Map();
  /** The live view and takeover controls, while the run runs. */
  let panel;
  loadRun().then((run) => {
    if (!run || stopped) return;
    if (run.status === "running") {
      panel = runLivePanel(run, {
        onWaiting: (waiting) => status.replaceChildren(statusBadge(waiting ? "waiting_for_human" : "running")),
      });
      actions.after(panel.element);
    }
    events = follow(run.status === "running");
  });
  return () => {
    stopped = true;
    panel?.close();
    events?.close();
    shots.release();
  };

  function attach(item, picture) {
    if (item.querySelector(".timeline-shot")) return;
    if (!picture.image?.hash) {
      item.append(
        h("p", { class: "event-detail timeline-shot muted", text: `no screenshot: ${picture.missing ?? ""}` }),
      );
      return;
    }
    const image = shots.image(picture.image, { class: "timeline-image" });
    const figure = h("button", {
      type: "button",
      class: "timeline-shot",
      title: picture.did ?? "the screen this step acted on",
      onclick: () => figure.classList.toggle("zoomed"),
    });
    figure.append(image);
    item.classList.add("has-shot");
    item.prepend(figure);
  }

  // A finished run's stream only replays what happened: no "live" badge for it.
  function follow(running) {
    const events = eventSource(`${path}/events`);
    live.textContent = running ? "● live" : "";
    for (const type of EVENT_TYPES) {
      events.addEventListener(type, (event) => {
        const body = JSON.parse(event.data);
        const item = timelineEntry(type, body);
        item.dataset.seq = event.lastEventId;
        timeline.append(item);
        const key = stepKey(type, body);
        if (key !== undefined && !holders.has(key)) {
          holders.set(key, item);
          if (pictures.has(key)) attach(item, pictures.get(key));
        }
        panel?.onEvent(type, body);
        // A human's action during a takeover carries the screen after it.
        if (type === "human_action" && body.image) attach(item, { image: body.image, did: body.action });
        if (type === "run_finished") status.replaceChildren(statusBadge(body.status));
      });
    }
    // A step's picture goes to its first entry: "▶ step" for the chain, replay and script modes
    // (live, before the step acts), the step log for step mode (it arrives just after the picture).
    for (const type of PICTURE_TYPES) {
      events.addEventListener(type, (event) => {
        const body = JSON.parse(event.data);
        const key = stepKey(type, body);
        pictures.set(key, pictureOf(type, body));
        if (holders.has(key)) attach(holders.get(key), pictures.get(key));
      });
    }
    events.addEventListener("end", (event) => {
      events.close();
      panel?.close();
      panel = undefined;
      live.textContent = "";
      const { status: final } = JSON.parse(event.data);
      status.replaceChildren(statusBadge(final));
      loadRun();
    });
    events.addEventListener("error", () => {
      if (running && events.readyState === EventSource.CONNECTING) live.textContent = "○ reconnecting";
    });
    events.addEventListener("open", () => {
      live.textContent = running ? "● live" : "";
    });
    return events;
  }
}

/** The report needs the bearer header, so it is fetched and handed to the browser as a blob download. */
async function downloadReport(path, id) {
  const url = await blobUrl(`${path}/report`);
  const link = h("a", { href: url, download: `droidhub-run-${id}.html` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
