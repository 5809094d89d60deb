// The agents page: the registry's agents with their trust, revoke, and the kill switch.
// The server decides; this page shows and posts the person's choices.
"use strict";

const LEVELS = ["untrusted", "limited", "standard", "privileged"];

// Posts a person's choice; says why when the server refuses it.
async function act(path, body) {
  const { ok, status, data } = await post(path, body);
  if (!ok) $("status").textContent = `Refused: ${data.message || data.error || status}`;
  return ok;
}

function row(agent) {
  const cells = [
    el("td", {}, el("strong", {}, agent.name), " ", el("code", {}, agent.id),
      agent.assistant ? el("span", { class: "chip" }, "this assistant") : null),
    el("td", {}, agent.transport),
    el("td", { class: "trust" }, agent.revoked ? "revoked" : agent.trust),
    el("td", {}, String(agent.score)),
  ];
  const actions = el("td", {});
  if (!agent.assistant && !agent.revoked) {
    const select = el("select", { "aria-label": `Trust for ${agent.id}` },
      ...LEVELS.map((l) => { const o = el("option", { value: l }, l); if (l === agent.granted) o.selected = true; return o; }));
    select.addEventListener("change", async () => {
      if (await act(`/ui/api/agents/${encodeURIComponent(agent.id)}/trust`, { level: select.value })) load();
    });
    const revoke = el("button", { type: "button", class: "revoke" }, "Revoke");
    revoke.addEventListener("click", async () => {
      if (await act(`/ui/api/agents/${encodeURIComponent(agent.id)}/revoke`)) load();
    });
    actions.append(select, " ", revoke);
  }
  cells.push(actions);
  return el("tr", { "data-agent": agent.id }, ...cells);
}

let engaged = false;
async function load() {
  const response = await fetch("/ui/api/agents", { credentials: "same-origin" });
  if (!response.ok) { $("status").textContent = "Not signed in: open the link the terminal printed."; return; }
  const data = await response.json();
  engaged = data.killSwitch;
  $("kill-state").textContent = engaged
    ? "Engaged: every agent call is refused until you release it."
    : "Released: agents act within their trust.";
  $("kill").textContent = engaged ? "Release kill switch" : "Engage kill switch";
  $("agents").querySelector("tbody").replaceChildren(...data.agents.map(row));
  $("status").textContent = `${data.agents.length} agent${data.agents.length === 1 ? "" : "s"}`;
  const plugins = await fetch("/ui/api/plugins", { credentials: "same-origin" });
  if (plugins.ok) {
    const list = (await plugins.json()).plugins;
    $("plugins").querySelector("tbody").replaceChildren(...(list.length ? list.map((p) => el("tr", { "data-plugin": p.id },
      el("td", {}, el("code", {}, p.id), p.enabled ? null : el("span", { class: "muted" }, " (disabled)")),
      el("td", { class: "state" }, p.state, p.message ? el("div", { class: "muted" }, p.message) : null),
      el("td", {}, p.trust),
      el("td", {}, p.tools.length ? p.tools.map((t) => t.name).join(", ") : "-"))) :
      [el("tr", {}, el("td", { colspan: "4", class: "muted" }, "No plugins configured ([[plugins]] in the config file)."))]));
  }
}

$("kill").addEventListener("click", async () => {
  if (await act("/ui/api/killswitch", { engaged: !engaged })) load();
});

load();
