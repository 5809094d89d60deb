// Helpers every page of the UI loads first: element lookup and building, and the one way to
// post JSON to the server (same-origin, with the session cookie).
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// Posts `body` as JSON; the response's status and JSON body (`{}` when it has none).
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", credentials: "same-origin",
    headers: { "content-type": "application/json" }, body: JSON.stringify(body || {}),
  });
  let data = {};
  try { data = await response.json(); } catch (_) { /* an empty body */ }
  return { ok: response.ok, status: response.status, data };
}
