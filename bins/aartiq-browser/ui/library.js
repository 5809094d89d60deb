// The library page: bookmarks, history, automations, always-allowed shell lines and settings,
// as the store has them.
"use strict";

function when(ms) { return ms ? new Date(ms).toLocaleString() : "-"; }

// Only web pages become links (never javascript: or file: URLs from the store).
function link(entry) {
  const web = /^https?:\/\//i.test(entry.url);
  const title = entry.title || entry.url;
  return web ? el("a", { href: entry.url, rel: "noreferrer noopener", target: "_blank" }, title) : el("span", {}, title);
}

function pages(list, entries, empty) {
  $(list).replaceChildren(...(entries.length ? entries.map((e) =>
    el("li", {}, link(e), " ", el("span", { class: "muted" }, `${e.url} · ${when(e.at)}`))) : [el("li", { class: "muted" }, empty)]));
}

async function load() {
  const response = await fetch("/ui/api/library", { credentials: "same-origin" });
  if (!response.ok) { $("status").textContent = "Not signed in: open the link the terminal printed."; return; }
  const data = await response.json();
  pages("bookmarks", data.bookmarks, "No bookmarks yet.");
  pages("history", data.history, "No pages visited yet.");
  $("automations").querySelector("tbody").replaceChildren(...data.automations.map((a) => el("tr", { "data-task": a.task },
    el("td", {}, el("strong", {}, a.name), " ", el("code", {}, a.task), el("div", { class: "muted" }, a.description)),
    el("td", {}, a.schedule), el("td", {}, when(a.next_run_at)), el("td", {}, a.enabled ? "enabled" : "paused"))));
  const always = data.always || [];
  $("always").querySelector("tbody").replaceChildren(...(always.length ? always.map((a) => el("tr", { "data-line": a.line },
    el("td", {}, el("code", {}, a.line)), el("td", {}, when(a.expires_at)),
    el("td", {}, revoke(a.line)))) : [el("tr", {}, el("td", { class: "muted", colspan: "3" }, "None: every shell line asks."))]));
  $("settings").querySelector("tbody").replaceChildren(...data.settings.map((s) => el("tr", { "data-key": s.key, class: s.is_default ? "" : "changed" },
    el("td", {}, el("code", {}, s.key)), el("td", {}, s.value, s.is_default ? "" : " (changed)"))));
  $("status").textContent = `${data.bookmarks.length} bookmarks, ${data.history.length} pages, ${data.automations.length} automations`;
}

function revoke(line) {
  const button = el("button", { type: "button", "aria-label": `Revoke always allow for ${line}` }, "Revoke");
  button.addEventListener("click", async () => {
    button.disabled = true;
    const result = await post("/ui/api/always/revoke", { line });
    await load();
    $("status").textContent = result.ok ? `Revoked: ${line}` : `Not revoked (${result.status}).`;
  });
  return button;
}

load();
