// The aartiq web UI: renders the runtime's events and posts the person's goals and answers.
// No business logic lives here; the server decides, this page shows and asks.
"use strict";

const log = $("log");
const goalInput = $("goal");
const send = $("send");
const dialog = $("approval");
let run = null; // the current run's <li>
let pending = null; // the prompt id the dialog shows
let countdown = null;
const steps = new Map(); // "step:index" -> the step's <li>
const blocks = new Map(); // step -> its <section>: the reply, then its commands

function status(text) { $("status").textContent = text; }

function add(node) {
  log.append(node);
  node.scrollIntoView({ block: "end" });
  return node;
}

function currentRun() {
  if (!run) run = add(el("li", { class: "run" }));
  return run;
}

// The block of model step `step`: its reply, then its commands and what became of them.
function block(step) {
  let section = blocks.get(step);
  if (!section) {
    section = el("section", { class: "block", "data-step": String(step) },
      el("div", { class: "reply" }), el("ol", { class: "steps" }));
    blocks.set(step, section);
    currentRun().append(section);
  }
  return section;
}

let lastStep = 1;
function note(text, cls) {
  const target = blocks.get(lastStep) || currentRun();
  target.append(el("p", { class: cls || "muted" }, text));
}

function render(event) {
  switch (event.type) {
    case "reset":
      log.replaceChildren(); run = null; steps.clear(); blocks.clear(); closeDialog();
      break;
    case "goal":
      add(el("li", { class: "goal" }, event.goal));
      run = null; steps.clear(); blocks.clear(); lastStep = 1;
      break;
    case "started": {
      const li = currentRun();
      if (event.skills && event.skills.length > 0) {
        const n = event.skills.length;
        const chip = el("details", { class: "skills" },
          el("summary", {}, el("span", { class: "chip", title: event.skills.join(", ") },
            `${n} skill${n === 1 ? "" : "s"} loaded`)),
          el("ul", {}, ...event.skills.map((id) => el("li", {}, el("code", {}, id)))));
        li.prepend(chip);
      }
      status("Working…");
      break;
    }
    case "planned": {
      const plan = event.plan || {};
      const items = (plan.steps || []).map((s) => el("li", {}, s.description || s.action_type || ""));
      currentRun().append(el("details", { class: "plan" },
        el("summary", {}, `Plan (${items.length} step${items.length === 1 ? "" : "s"})`),
        el("ol", {}, ...items)));
      break;
    }
    case "plan_failed":
      note(`No plan: ${event.message}`);
      break;
    case "step_started":
      lastStep = event.step;
      block(event.step);
      status(`Step ${event.step} of at most ${event.max_steps}…`);
      break;
    case "reply_chunk":
      block(event.step).querySelector(".reply").textContent += event.text;
      break;
    case "reply": {
      const div = block(event.step).querySelector(".reply");
      div.textContent = event.prose;
      div.hidden = event.prose === "";
      break;
    }
    case "diagnostic":
      note(event.message);
      break;
    case "explained": {
      const key = `${event.step}:${event.index}`;
      const command = event.command || {};
      const risk = (event.judgement && event.judgement.risk) || command.risk || "";
      let li;
      if (command.type === "THINK") {
        li = el("li", { class: "step think" }, el("details", {},
          el("summary", {}, "Thinking"),
          el("p", {}, (command.args && command.args.note) || command.description || "")));
      } else {
        li = el("li", { class: "step" },
          el("span", { class: "status", "data-status": "pending" }, "pending"),
          el("span", { class: "name" }, command.type || "?"),
          " ", el("span", { class: `risk risk-${risk}` }, `risk ${risk}`),
          el("div", {}, event.explanation || command.description || ""));
      }
      steps.set(key, li);
      lastStep = event.step;
      block(event.step).querySelector(".steps").append(li);
      break;
    }
    case "approval_pending":
      openDialog(event.prompt, event.timeout_secs);
      break;
    case "approval_answered":
      if (pending === event.id) closeDialog();
      note(!event.approved ? `Denied${event.reason ? `: ${event.reason}` : ""}.`
        : event.always && event.always.length ? `Approved, and allowed always for 30 days: ${event.always.join("; ")}.`
        : "Approved.");
      break;
    case "screenshot": {
      // The picture the step took, beside it; only our own image types become a data URL.
      const li = steps.get(`${event.step}:${event.index}`);
      if (li && /^image\/(jpeg|png)$/.test(event.mime_type || "")) {
        li.append(el("img", {
          class: "shot",
          src: `data:${event.mime_type};base64,${event.data}`,
          width: String(event.width),
          height: String(event.height),
          alt: "Screenshot the step took",
        }));
      }
      break;
    }
    case "result": {
      const r = event.result || {};
      const li = steps.get(`${event.step}:${r.index}`);
      const mark = li && li.querySelector(".status");
      if (mark) { mark.textContent = r.status; mark.className = `status ${r.status}`; mark.dataset.status = r.status; }
      break;
    }
    case "research":
      research(event.event || {});
      break;
    case "finished":
      break;
    case "outcome": {
      const reason = (event.reason && event.reason.reason) || "";
      const text = event.completed ? "Done." : `Stopped: ${reason.replace(/_/g, " ")}${event.reason && event.reason.message ? ` (${event.reason.message})` : ""}`;
      currentRun().append(el("p", { class: event.completed ? "outcome" : "outcome failed" }, text));
      status(event.completed ? "Done" : "Stopped");
      run = null;
      setBusy(false);
      break;
    }
    case "lagged":
      connect();
      break;
    default:
      break;
  }
}

// Deep research: one live progress line per run, and the "Sources disagree" panel with the
// pipeline's own contradictions, coverage and newest source.
function research(e) {
  const run = currentRun();
  let box = run.querySelector(`.research[data-id="${CSS.escape(e.researchId || "")}"]`);
  if (!box) {
    box = el("section", { class: "research", "data-id": e.researchId || "", "aria-label": "Research" },
      el("p", { class: "progress-line" }, el("progress", { max: "100", value: "0" }), " ", el("span", { class: "message" })));
    (blocks.get(lastStep) || run).append(box);
  }
  if (e.progress !== undefined) box.querySelector("progress").value = e.progress;
  box.querySelector(".message").textContent = e.message || e.stage || "";
  if (e.stage === "ranking") box.dataset.lastSource = e.message || "";
  if (e.contradictions || e.coverage) {
    let panel = box.querySelector(".disagree");
    // Later stages repeat the coverage without the contradictions: keep the last known ones.
    if (e.contradictions) box.contradictions = e.contradictions;
    const contradictions = box.contradictions || [];
    if (!panel) { panel = el("div", { class: "disagree" }); box.append(panel); }
    const rows = contradictions.map((c) => el("li", { class: "contradiction" },
      el("strong", { class: "figures" }, c.type),
      el("div", { class: "claim" }, `Claim: ${c.key}`),
      el("div", { class: "domains" }, `${c.claim1.source} vs ${c.claim2.source}`),
      c.ratio ? el("div", { class: "ratio" }, `Ratio ${c.ratio}×`) : null));
    const coverage = e.coverage
      ? el("p", { class: "coverage" }, `Coverage: ${e.coverage.covered} of ${e.coverage.total} claims checked by more than one source (${e.coverage.percentage}%)`)
      : null;
    const last = box.dataset.lastSource ? el("p", { class: "last-source" }, box.dataset.lastSource) : null;
    panel.replaceChildren(
      el("h3", {}, contradictions.length ? "Sources disagree" : "Sources agree"),
      contradictions.length ? el("ul", {}, ...rows) : null, coverage, last);
  }
}

function openDialog(prompt, seconds) {
  pending = prompt.id;
  $("approval-title").textContent = prompt.kind === "shell_batch"
    ? `Approve ${prompt.items.length} shell commands together?` : "Approval needed";
  $("approval-reason").textContent = prompt.reason;
  const risk = $("approval-risk");
  risk.textContent = prompt.risk; risk.className = `risk-${prompt.risk}`;
  $("approval-items").replaceChildren(...prompt.items.map((item) => el("li", {},
    el("code", {}, item.command), " ", item.description,
    item.explanation ? el("div", {}, item.explanation) : null,
    item.shell ? el("pre", { class: "line" }, item.shell.line) : null,
    item.shell ? el("div", { class: "muted" },
      `Shell policy: ${item.shell.tier} → ${item.shell.decision}${item.shell.findings.length ? ` (${item.shell.findings.join("; ")})` : ""}`) : null)));
  // "Always allow" only when the shell policy finds every line eligible (spec b.9); the
  // server refuses it for any other prompt.
  const always = $("always"), alwaysNote = $("always-note");
  always.hidden = !prompt.always_allow;
  const refused = prompt.items.map((i) => i.shell && i.shell.always_refused).filter(Boolean);
  alwaysNote.hidden = prompt.always_allow || refused.length === 0;
  alwaysNote.textContent = alwaysNote.hidden ? "" : `"Always allow" is not offered: ${refused.join("; ")}.`;
  let left = seconds;
  const tick = () => { $("approval-countdown").textContent = `Denied automatically in ${left}s.`; left = Math.max(0, left - 1); };
  clearInterval(countdown); tick(); countdown = setInterval(tick, 1000);
  if (!dialog.open) dialog.showModal();
  $("approve").focus();
  status("Waiting for your answer");
}

function closeDialog() {
  clearInterval(countdown); countdown = null; pending = null;
  if (dialog.open) dialog.close();
}

async function answer(choice) {
  if (pending === null) return;
  const id = pending;
  closeDialog();
  const result = await post(`/ui/approvals/${id}`, { answer: choice });
  if (!result.ok) status(`The answer was not taken: ${result.data.error || result.status}`);
  goalInput.focus();
}

$("approve").addEventListener("click", () => answer("approve"));
$("always").addEventListener("click", () => answer("always"));
$("deny").addEventListener("click", () => answer("deny"));
dialog.addEventListener("cancel", (e) => { e.preventDefault(); answer("deny"); });
dialog.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement)) { e.preventDefault(); answer("approve"); }
});

function setBusy(busy) {
  goalInput.disabled = busy; send.disabled = busy;
  if (!busy) goalInput.focus();
}

$("ask").addEventListener("submit", async (e) => {
  e.preventDefault();
  const goal = goalInput.value.trim();
  if (!goal) return;
  setBusy(true);
  const result = await post("/ui/goal", { goal });
  if (result.ok) { goalInput.value = ""; return; }
  const why = { busy: "A run is still going.", no_model: "No model is reachable: only commands typed directly run." };
  status(why[result.data.error] || `Not started: ${result.data.error || result.status}`);
  setBusy(false);
});

let source = null;
function connect() {
  if (source) source.close();
  source = new EventSource("/ui/events");
  source.onmessage = (m) => { try { render(JSON.parse(m.data)); } catch (err) { console.error(err); } };
  source.onerror = () => status("Reconnecting…");
  source.onopen = () => status("Ready");
}

async function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get("t");
  if (token) {
    // The token leaves the address bar at once, before anything else can read or send it.
    history.replaceState(null, "", location.pathname);
    const result = await post("/ui/session", { token });
    if (!result.ok) { status("The link's token was not accepted."); $("signin").hidden = false; return; }
  }
  const response = await fetch("/ui/state", { credentials: "same-origin" });
  if (!response.ok) { status("Not signed in"); $("signin").hidden = false; return; }
  const state = await response.json();
  connect();
  setBusy(state.busy);
  if (!state.model) status("No model is reachable: type commands like [NAVIGATE: https://example.com]");
}

start();
