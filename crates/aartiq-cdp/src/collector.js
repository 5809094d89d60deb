// aartiq's in-page collector. It runs in aartiq's isolated world (never the page's own world,
// so page scripts can neither see nor tamper with it) and is installed once per document.
// Evaluating this file returns the document's token: a random id that changes with every new
// document, which is how the Rust side notices a navigation without racing events.
(() => {
  const g = globalThis;
  if (g.__aartiq) return g.__aartiq.token;

  const token = Math.random().toString(36).slice(2) + '-' + Date.now().toString(36);
  const ids = new WeakMap();
  const byId = new Map();
  let nextId = 1;
  // Bumped by every mutation and every user input, so a cached capture is known to be fresh.
  let version = 1;
  const bump = () => { version++; };
  const observer = new MutationObserver(bump);
  const observed = new WeakSet();
  const observe = (root) => {
    if (observed.has(root)) return;
    observed.add(root);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  observe(document);
  for (const type of ['input', 'change']) document.addEventListener(type, bump, true);

  // Closed shadow roots handed over by the Rust side (found through DOM.describeNode).
  const closedRoots = new WeakMap();
  // Hosts already asked about, so each is described once per document.
  const described = new WeakSet();

  const idOf = (el) => {
    let id = ids.get(el);
    if (id === undefined) {
      id = nextId++;
      ids.set(el, id);
      byId.set(id, new WeakRef(el));
    }
    return id;
  };
  const get = (id) => { const ref = byId.get(id); return ref ? ref.deref() : undefined; };

  const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title']);
  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox',
    'radio', 'slider', 'menuitem', 'tab', 'switch', 'spinbutton', 'listbox', 'option', 'treeitem',
    'menuitemcheckbox', 'menuitemradio']);
  // Roles named from their content: their subtree is their name, so it is not walked.
  const LEAF = new Set(['button', 'link', 'heading', 'option', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'treeitem', 'switch', 'img', 'textbox', 'searchbox', 'combobox', 'listbox',
    'checkbox', 'radio', 'slider', 'spinbutton', 'progressbar', 'meter']);
  const NAMED_FROM_CONTENT = new Set(['button', 'link', 'heading', 'option', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'treeitem', 'switch', 'cell', 'columnheader', 'rowheader',
    'checkbox', 'radio', 'tooltip', 'status']);
  const VOID = new Set(['img', 'input', 'br', 'hr', 'canvas', 'video', 'audio', 'iframe', 'frame',
    'embed', 'object', 'svg', 'textarea', 'select', 'area', 'wbr', 'source', 'track', 'picture']);
  const MAX_TEXT = 300;
  const MAX_NAME = 200;

  const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();

  // Text of a subtree for names: skips form controls' own content and hidden parts.
  const textOf = (node) => {
    let out = '';
    const visit = (n) => {
      if (out.length > MAX_NAME * 2) return;
      if (n.nodeType === 3) { out += n.data; return; }
      if (n.nodeType !== 1) return;
      const tag = n.localName;
      if (SKIP.has(tag) || tag === 'select' || tag === 'textarea') return;
      if (n.getAttribute('aria-hidden') === 'true' || n.hidden) return;
      if (tag === 'img') { out += ' ' + (n.getAttribute('alt') || '') + ' '; return; }
      if (tag === 'input') return;
      const root = n.shadowRoot || closedRoots.get(n);
      for (let c = (root || n).firstChild; c; c = c.nextSibling) visit(c);
      if (tag === 'br' || tag === 'p' || tag === 'div' || tag === 'li') out += ' ';
    };
    visit(node);
    return squash(out).slice(0, MAX_NAME);
  };

  const inSectioning = (el) => !!el.parentElement && !!el.parentElement.closest('article,aside,main,nav,section');
  const hasOwnName = (el) => !!(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title'));

  const roleOf = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) {
      const role = explicit.trim().split(/\s+/)[0].toLowerCase();
      if (role === 'none' || role === 'presentation') return null;
      if (role) return role;
    }
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': return 'button';
      case 'input': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        switch (type) {
          case 'hidden': return 'hidden';
          case 'checkbox': return el.hasAttribute('switch') ? 'switch' : 'checkbox';
          case 'radio': return 'radio';
          case 'button': case 'submit': case 'reset': case 'image': case 'file': return 'button';
          case 'range': return 'slider';
          case 'number': return 'spinbutton';
          case 'search': return el.hasAttribute('list') ? 'combobox' : 'searchbox';
          default: return el.hasAttribute('list') ? 'combobox' : 'textbox';
        }
      }
      case 'select': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'img': return el.getAttribute('alt') === '' ? null : 'img';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return 'complementary';
      case 'header': return inSectioning(el) ? null : 'banner';
      case 'footer': return inSectioning(el) ? null : 'contentinfo';
      case 'section': return hasOwnName(el) ? 'region' : null;
      case 'form': return hasOwnName(el) ? 'form' : null;
      case 'search': return 'search';
      case 'dialog': return 'dialog';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': return 'cell';
      case 'th': return 'columnheader';
      case 'iframe': case 'frame': return 'Iframe';
      case 'summary': return 'button';
      case 'fieldset': return 'group';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'output': return 'status';
      case 'option': return 'option';
      default:
        if (el.isContentEditable && (el.parentElement === null || !el.parentElement.isContentEditable)) return 'textbox';
        return null;
    }
  };

  const labelsText = (el) => {
    const labels = el.labels;
    if (!labels || labels.length === 0) return '';
    return squash(Array.from(labels, textOf).join(' '));
  };

  const nameOf = (el, role) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const root = el.getRootNode();
      const text = squash(labelledBy.split(/\s+/).map((id) => {
        const target = (root.getElementById && root.getElementById(id)) || document.getElementById(id);
        return target ? textOf(target) : '';
      }).join(' '));
      if (text) return text.slice(0, MAX_NAME);
    }
    const label = squash(el.getAttribute('aria-label'));
    if (label) return label.slice(0, MAX_NAME);
    const tag = el.localName;
    if (tag === 'input' || tag === 'textarea' || tag === 'select') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (type === 'submit' || type === 'reset' || type === 'button')) {
        return squash(el.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      }
      if (tag === 'input' && type === 'image') return squash(el.getAttribute('alt') || el.value || 'Submit');
      const fromLabels = labelsText(el);
      if (fromLabels) return fromLabels.slice(0, MAX_NAME);
      return squash(el.getAttribute('placeholder') || el.getAttribute('title')).slice(0, MAX_NAME);
    }
    if (tag === 'img') return squash(el.getAttribute('alt') || el.getAttribute('title')).slice(0, MAX_NAME);
    if (role === 'Iframe') return squash(el.getAttribute('title') || el.getAttribute('name')).slice(0, MAX_NAME);
    if (tag === 'fieldset') {
      const legend = el.querySelector(':scope > legend');
      if (legend) return textOf(legend);
    }
    if (tag === 'table') {
      const caption = el.querySelector(':scope > caption');
      if (caption) return textOf(caption);
    }
    if (NAMED_FROM_CONTENT.has(role)) {
      const text = textOf(el);
      if (text) return text;
    }
    return squash(el.getAttribute('title')).slice(0, MAX_NAME);
  };

  const isDisabled = (el) => (el.matches && el.matches(':disabled')) || el.getAttribute('aria-disabled') === 'true';

  const statesOf = (el, role) => {
    const states = [];
    const tag = el.localName;
    if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
      const aria = el.getAttribute('aria-checked');
      if (tag === 'input' ? el.checked : aria === 'true') states.push('checked');
      else if (aria === 'mixed' || el.indeterminate) states.push('mixed');
    }
    if (isDisabled(el)) states.push('disabled');
    const expanded = el.getAttribute('aria-expanded');
    if (expanded === 'true') states.push('expanded');
    if (el.getAttribute('aria-selected') === 'true') states.push('selected');
    if (el.getAttribute('aria-pressed') === 'true') states.push('pressed');
    if (role === 'heading') {
      const level = el.getAttribute('aria-level') || (/^h[1-6]$/.test(tag) ? tag.slice(1) : '');
      if (level) states.push('level=' + level);
    }
    if (tag === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'password') states.push('password');
    if (el.readOnly && (tag === 'input' || tag === 'textarea')) states.push('readonly');
    if (el.required) states.push('required');
    if (tag === 'select') {
      const options = Array.from(el.options, (o) => squash(o.label || o.text)).filter(Boolean);
      if (options.length) states.push('options=' + options.join('|'));
    }
    return states;
  };

  // Fields a vault secret was written into, with what was written: while a field still holds
  // it, its value never leaves the page (snapshots, queries, read-backs), whatever its type.
  const fromVault = new WeakMap();
  const holdsSecret = (el) => fromVault.has(el) && fromVault.get(el) === el.value;
  // The fields that took a password or a one-time code, for `secretOnScreen`.
  const secretFields = [];
  // Whether a password or code from the vault shows as text somewhere in this document: in a
  // code field, or in a password field the page turned into a text field.
  const secretOnScreen = () => secretFields.some((ref) => {
    const el = ref.deref();
    return !!el && el.isConnected && holdsSecret(el) && !isPassword(el)
      && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  });

  const valueOf = (el, role) => {
    if (holdsSecret(el)) return null;
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      // Never a password: it must not leave the page through a snapshot.
      if (['password', 'checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(type)) return null;
      return el.value ? el.value.slice(0, MAX_TEXT) : null;
    }
    if (tag === 'textarea') return el.value ? el.value.slice(0, MAX_TEXT) : null;
    if (tag === 'select') {
      const chosen = Array.from(el.selectedOptions, (o) => squash(o.label || o.text)).join(', ');
      return chosen || null;
    }
    if (role === 'textbox' && el.isContentEditable) return squash(el.textContent).slice(0, MAX_TEXT) || null;
    if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') {
      const v = el.getAttribute('aria-valuenow') || el.value;
      return v === undefined || v === null || v === '' ? null : String(v);
    }
    return null;
  };

  const visibleCache = new Map();
  const isVisible = (el) => {
    let seen = visibleCache.get(el);
    if (seen === undefined) {
      seen = el.checkVisibility({ visibilityProperty: true });
      if (!seen && getComputedStyle(el).display === 'contents') seen = true;
      visibleCache.set(el, seen);
    }
    return seen;
  };

  // Elements that may hold a closed shadow root: custom elements without an open one, and
  // elements with a box but no rendered light content. The Rust side confirms each with
  // DOM.describeNode and hands the root back through `adoptClosedRoot`.
  let candidates = [];
  const maybeHost = (el, tag) => {
    if (el.shadowRoot || closedRoots.has(el) || described.has(el) || candidates.length >= 64) return;
    if (VOID.has(tag)) return;
    let suspect = tag.includes('-');
    if (!suspect && el.firstElementChild === null && squash(el.textContent) === '') {
      const rect = el.getBoundingClientRect();
      suspect = rect.width > 0 && rect.height > 0;
    }
    if (suspect) { described.add(el); candidates.push(el); }
  };

  // One cheap pass over the DOM (open roots and adopted closed roots included) for hosts
  // that may hold a closed root; returns how many new candidates there are.
  const scanHosts = () => {
    candidates = [];
    const walk = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let el = walker.nextNode(); el; el = walker.nextNode()) {
        if (SKIP.has(el.localName)) continue;
        const inner = el.shadowRoot || closedRoots.get(el);
        if (inner) walk(inner);
        else maybeHost(el, el.localName);
        if (candidates.length >= 64) return;
      }
    };
    const start = document.body || document.documentElement;
    if (start) walk(start);
    return candidates.length;
  };

  const make = (el, role) => {
    const node = { i: idOf(el), r: role, n: nameOf(el, role) };
    const value = valueOf(el, role);
    if (value !== null) node.v = value;
    if (role === 'link') { const href = el.getAttribute('href'); if (href !== null) node.h = href.slice(0, 500); }
    if (el.id) node.s = '#' + el.id;
    const states = statesOf(el, role);
    if (states.length) node.t = states;
    if (INTERACTIVE.has(role)) node.a = 1;
    node.c = [];
    return node;
  };

  const pushText = (out, text) => {
    const last = out[out.length - 1];
    if (last && last.r === 'text' && last.c.length === 0 && last.n.length < MAX_TEXT) {
      last.n = (last.n + ' ' + text).slice(0, MAX_TEXT);
    } else {
      out.push({ r: 'text', n: text.slice(0, MAX_TEXT), c: [] });
    }
  };

  const walkChildren = (parent, out, depth, skipText, level) => {
    for (let child = parent.firstChild; child; child = child.nextSibling) visit(child, out, depth, skipText, level);
  };

  // `level` counts emitted nesting: past 100 levels children are flattened, so the JSON stays
  // shallow enough for any reader.
  const visit = (n, out, depth, skipText, level) => {
    if (depth > 200) return;
    if (n.nodeType === 3) {
      if (skipText) return;
      const text = squash(n.data);
      if (!text) return;
      const parent = n.parentElement;
      if (parent && !isVisible(parent)) return;
      pushText(out, text);
      return;
    }
    if (n.nodeType !== 1) return;
    const el = n;
    const tag = el.localName;
    if (SKIP.has(tag)) return;
    if (el.getAttribute('aria-hidden') === 'true' || el.inert) return;
    if (tag === 'slot') {
      const assigned = el.assignedNodes({ flatten: true });
      if (assigned.length) { for (const a of assigned) visit(a, out, depth + 1, skipText, level); return; }
      walkChildren(el, out, depth + 1, skipText, level);
      return;
    }
    const role = roleOf(el);
    if (role === 'hidden') return;
    let target = out;
    let leaf = false;
    let inner = level;
    if (role) {
      if (!isVisible(el)) return;
      const node = make(el, role);
      if (role === 'Iframe') node.f = 1;
      out.push(node);
      if (level < 100) { target = node.c; inner = level + 1; }
      leaf = LEAF.has(role);
    }
    if (leaf) return;
    // Label text repeats its control's name: skip it, keep the control.
    const childSkip = skipText || (tag === 'label' && !!el.control);
    const root = el.shadowRoot || closedRoots.get(el);
    if (root) { observe(root); walkChildren(root, target, depth + 1, childSkip, inner); }
    else walkChildren(el, target, depth + 1, childSkip, inner);
  };

  const collect = () => {
    visibleCache.clear();
    const start = document.body || document.documentElement;
    const root = { r: 'document', n: '', c: [] };
    if (start) walkChildren(start, root.c, 0, false, 0);
    return JSON.stringify({ token, version, title: document.title, url: location.href, root });
  };

  const center = (el) => {
    const rects = el.getClientRects();
    if (!rects.length) return null;
    const r = rects[0];
    if (r.width === 0 || r.height === 0) return null;
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
  };

  const describe = (el) => {
    const tag = el.localName;
    let text = tag;
    if (el.id) text += '#' + el.id;
    else if (typeof el.className === 'string' && el.className.trim()) text += '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.');
    return text;
  };

  // Whether `hit` (what elementFromPoint returned) is `el` or holds it across shadow roots.
  const hits = (el, hit) => {
    for (let n = el; n; n = n.parentNode || n.host) { if (n === hit) return true; }
    for (let n = hit; n; n = n.parentNode || n.host) { if (n === el) return true; }
    return false;
  };

  // The pre-action check of one node (browser.md 5.5, checks 4-7): never throws.
  const inspect = (id, forAction) => {
    const el = get(id);
    if (!el) return { token, state: 'gone' };
    if (!el.isConnected) return { token, state: 'detached' };
    const role = roleOf(el) || 'generic';
    const out = { token, state: 'present', role, name: nameOf(el, role), blocker: null };
    if (isDisabled(el)) { out.blocker = 'is disabled'; return out; }
    if (!forAction) return out;
    visibleCache.clear();
    if (!isVisible(el)) { out.blocker = 'is not visible'; return out; }
    let c = center(el);
    if (!c) { out.blocker = 'has no size'; return out; }
    if (c.x < 0 || c.y < 0 || c.x > innerWidth || c.y > innerHeight) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      c = center(el);
      if (!c) { out.blocker = 'has no size'; return out; }
    }
    const root = el.getRootNode();
    const hit = (root.elementFromPoint ? root.elementFromPoint(c.x, c.y) : null) || document.elementFromPoint(c.x, c.y);
    if (hit && !hits(el, hit)) out.blocker = 'is covered by ' + describe(hit);
    return out;
  };

  // Where to click, in this frame's viewport, after scrolling the element into view, and
  // whether a click there opens a new tab (a link with a target of its own).
  const point = (id) => {
    const el = get(id);
    if (!el || !el.isConnected) return null;
    let c = center(el);
    if (!c || c.x < 0 || c.y < 0 || c.x > innerWidth || c.y > innerHeight) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      c = center(el);
    }
    if (!c) return null;
    const link = el.closest('a[href][target], area[href][target]');
    const target = link ? (link.getAttribute('target') || '').toLowerCase() : '';
    c.popup = target !== '' && !['_self', '_parent', '_top'].includes(target);
    return c;
  };

  // An element's border box in this frame's viewport, without scrolling; null when it is
  // gone or has no size.
  const box = (id) => {
    const el = get(id);
    if (!el || !el.isConnected) return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  };

  // `url` contains `pattern`, or matches it whole where it has `*` globs.
  const urlMatches = (url, pattern) => {
    if (!pattern.includes('*')) return url.includes(pattern);
    const parts = pattern.split('*');
    const first = parts[0], last = parts[parts.length - 1];
    if (!url.startsWith(first)) return false;
    let rest = url.slice(first.length);
    for (const part of parts.slice(1, -1)) {
      const at = rest.indexOf(part);
      if (at < 0) return false;
      rest = rest.slice(at + part.length);
    }
    return rest.length >= last.length && rest.endsWith(last);
  };

  // Waits until every condition holds or `ms` pass: {met, url, unmet}. Checked on every DOM
  // change (a MutationObserver over the document, coalesced to one check a task), on history
  // changes, and every 500 ms as a backstop for what no mutation reports (styles, layout).
  const wait = (spec, ms) => new Promise((resolve) => {
    const unmet = () => {
      const out = [];
      const text = (spec.text !== null || spec.textGone !== null) ? pageText() : '';
      if (spec.text !== null && !text.includes(spec.text)) out.push('text ' + JSON.stringify(spec.text) + ' not on the page');
      if (spec.textGone !== null && text.includes(spec.textGone)) out.push('text ' + JSON.stringify(spec.textGone) + ' still on the page');
      if (spec.url !== null && !urlMatches(location.href, spec.url)) out.push('URL does not match ' + JSON.stringify(spec.url));
      if (spec.element !== null) {
        const el = get(spec.element);
        if (!el || !el.isConnected) out.push('the element of the ref is gone');
        else if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || !el.getClientRects().length) out.push('the element of the ref is not visible');
      }
      return out;
    };
    let done = false, queued = false, observer = null, timer = null, backstop = null;
    const finish = (met, left) => {
      if (done) return;
      done = true;
      if (observer) observer.disconnect();
      clearTimeout(timer); clearInterval(backstop);
      removeEventListener('popstate', check); removeEventListener('hashchange', check);
      resolve({ met, url: location.href, unmet: left });
    };
    const check = () => {
      queued = false;
      const left = unmet();
      if (!left.length) finish(true, left);
    };
    const soon = () => { if (!queued && !done) { queued = true; setTimeout(check, 0); } };
    const first = unmet();
    if (!first.length) { resolve({ met: true, url: location.href, unmet: first }); return; }
    observer = new MutationObserver(soon);
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    addEventListener('popstate', check); addEventListener('hashchange', check);
    backstop = setInterval(check, 500);
    timer = setTimeout(() => finish(false, unmet()), Math.max(0, ms));
  });

  // The content box of an iframe element, for turning a child frame's points into ours.
  const frameOffset = (id) => {
    const el = get(id);
    if (!el || !el.isConnected) return null;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      x: r.left + el.clientLeft + parseFloat(style.paddingLeft || '0'),
      y: r.top + el.clientTop + parseFloat(style.paddingTop || '0'),
    };
  };

  const adoptClosedRoot = (root) => {
    if (root && root.host) { closedRoots.set(root.host, root); observe(root); bump(); }
    return true;
  };

  // ---- Writes (spec f.1, f.2): values go through the native setter, then input + change. ----
  const fire = (el) => {
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const nativeSet = (el, value) => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype
      : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    const desc = Object.getOwnPropertyDescriptor(proto, 'value');
    if (desc && desc.set) desc.set.call(el, value); else el.value = value;
  };
  const isCheckable = (el) => el.localName === 'input' && ['checkbox', 'radio'].includes((el.type || '').toLowerCase());
  const isEditable = (el) => el.isContentEditable || el.getAttribute('contenteditable') === 'true';
  const isPassword = (el) => el.localName === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'password';
  // What a write reads back. A password field's value never leaves the page: it reads back
  // as nothing, whatever was written (a vault fill, or a value the agent typed).
  const readBack = (el) => {
    if (isPassword(el) || holdsSecret(el)) return null;
    if (isCheckable(el)) return String(el.checked);
    if (el.localName === 'select') return Array.from(el.selectedOptions, (o) => squash(o.text)).join(', ').slice(0, 200);
    if (isEditable(el) && !('value' in el)) return (el.textContent || '').slice(0, 200);
    return String(el.value === undefined ? '' : el.value).slice(0, 200);
  };
  const STALE = { ok: false, reason: 'element is no longer in the DOM (stale ref)' };
  const TRUTHY = ['true', '1', 'yes', 'on', 'checked'];

  const fill = (id, raw) => {
    const el = get(id);
    if (!el || !el.isConnected) return STALE;
    raw = String(raw);
    if (isDisabled(el)) return { ok: false, reason: 'field is disabled' };
    if (isCheckable(el)) {
      const wanted = TRUTHY.includes(raw.trim().toLowerCase());
      if (el.checked !== wanted) el.click();
      if (el.checked !== wanted) { el.checked = wanted; fire(el); }
      return { ok: el.checked === wanted, reason: el.checked === wanted ? null : 'the page refused the change', value: String(el.checked) };
    }
    if (el.localName === 'select') {
      const options = Array.from(el.options);
      if (!options.length) return { ok: false, reason: 'select has no options' };
      const match = options.find((o) => o.value === raw) || options.find((o) => squash(o.text) === raw.trim());
      el.focus();
      if (!match) {
        el.selectedIndex = 0; fire(el);
        return { ok: false, reason: 'no option matched "' + raw + '"; selected first option instead', value: readBack(el) };
      }
      match.selected = true; fire(el);
      return { ok: true, reason: null, value: readBack(el) };
    }
    if (isEditable(el) && !(el.localName === 'input' || el.localName === 'textarea')) {
      el.focus();
      el.textContent = raw; fire(el);
      const now = el.textContent || '';
      return now === raw ? { ok: true, reason: null, value: now.slice(0, 200) } : { ok: false, reason: 'contenteditable region rejected the value', value: now.slice(0, 200) };
    }
    if (el.readOnly) { el.focus(); return { ok: false, reason: 'field is readOnly' }; }
    if (!('value' in el)) return { ok: false, reason: 'element is not a field (' + el.localName + ')' };
    el.focus();
    nativeSet(el, raw); fire(el);
    const now = String(el.value);
    if (now !== raw) {
      const shown = isPassword(el) ? 'a different value' : '"' + now.slice(0, 60) + '"';
      return { ok: false, reason: 'control rejected the value (normalised to ' + shown + ')', value: readBack(el) };
    }
    return { ok: true, reason: null, value: readBack(el) };
  };

  // A value only one site may get (a vault secret): written only while the field's document is
  // on that host, checked in the same turn of the page as the write.
  const fillOn = (id, raw, host, field) => {
    if (location.hostname !== host) {
      return { ok: false, reason: 'the field\'s page is no longer on ' + host + '; nothing was written' };
    }
    const target = get(id);
    // A password goes only into a password field: anywhere else the page shows it as text.
    if (field === 'password' && !(target && isPassword(target))) {
      return { ok: false, reason: 'a password from the vault goes only into a password field; nothing was written' };
    }
    const done = fill(id, raw);
    // Marked as it now reads, so a field that reshaped the value hides it too.
    const el = get(id);
    if (el && 'value' in el) {
      fromVault.set(el, el.value);
      if (field !== 'username') secretFields.push(new WeakRef(el));
    }
    // What the page made of it is not shown either: it may be the secret, changed.
    return { ok: done.ok, reason: done.ok ? null : 'the field did not take the vault value', value: null };
  };

  // Focuses a field for typing: the caret at the end, or everything selected to be replaced.
  const prepareType = (id, clearFirst) => {
    const el = get(id);
    if (!el || !el.isConnected) return STALE;
    if (isDisabled(el)) return { ok: false, reason: 'field is disabled' };
    if (el.readOnly) return { ok: false, reason: 'field is readOnly' };
    const field = el.localName === 'input' || el.localName === 'textarea';
    if (!field && !isEditable(el)) return { ok: false, reason: 'element is not a text field (' + el.localName + ')' };
    el.focus();
    const root = el.getRootNode();
    if ((root.activeElement || document.activeElement) !== el && !el.contains(root.activeElement)) {
      return { ok: false, reason: 'element refused focus (hidden or disabled)' };
    }
    if (field) {
      try {
        if (clearFirst) el.select(); else el.setSelectionRange(el.value.length, el.value.length);
      } catch (e) {
        // Inputs without a selection API (email, number): clear through the setter instead.
        if (clearFirst) { nativeSet(el, ''); fire(el); }
      }
    } else {
      const range = document.createRange();
      range.selectNodeContents(el);
      if (!clearFirst) range.collapse(false);
      const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
    }
    return { ok: true, reason: null };
  };

  const valueNow = (id) => { const el = get(id); return el && el.isConnected ? readBack(el) : null; };

  const act = (id, action) => {
    const el = get(id);
    if (!el || !el.isConnected) return STALE;
    switch (action) {
      case 'scroll': el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }); return { ok: true, reason: null };
      case 'focus': {
        el.focus();
        const root = el.getRootNode();
        return (root.activeElement || document.activeElement) === el ? { ok: true, reason: null } : { ok: false, reason: 'element refused focus (hidden or disabled)' };
      }
      case 'blur': el.blur(); return { ok: true, reason: null };
      case 'check': case 'uncheck': {
        const checkable = isCheckable(el) || ['checkbox', 'radio', 'switch', 'menuitemcheckbox'].includes(roleOf(el));
        if (!checkable) return { ok: false, reason: 'not a checkbox or radio' };
        const now = isCheckable(el) ? el.checked : el.getAttribute('aria-checked') === 'true';
        return { ok: true, reason: null, needsClick: now !== (action === 'check') };
      }
      default: return { ok: false, reason: 'unknown action "' + action + '"' };
    }
  };

  const isChecked = (id) => {
    const el = get(id);
    if (!el) return null;
    return isCheckable(el) ? el.checked : el.getAttribute('aria-checked') === 'true';
  };

  // spec f.2 formSubmitScript.
  const submit = (id, confirmText) => {
    const el = get(id);
    if (!el || !el.isConnected) return STALE;
    const form = el.localName === 'form' ? el : (el.form || el.closest('form'));
    if (!form) return { ok: false, reason: 'no <form> ancestor for this element — it is not part of a submittable form' };
    const declared = form.getAttribute('data-aartiq-confirm') || form.getAttribute('aria-label');
    if (confirmText !== null && declared !== null && confirmText !== declared) {
      return { ok: false, reason: 'form confirmation label mismatch: expected "' + confirmText + '", page declares "' + declared + '"' };
    }
    if (typeof form.checkValidity === 'function' && !form.checkValidity()) {
      const bad = Array.from(form.elements).filter((f) => f.willValidate && !f.checkValidity())
        .map((f) => f.name || f.id || f.localName).slice(0, 5);
      return { ok: false, reason: 'the form has invalid fields: ' + bad.join(', ') };
    }
    const action = form.getAttribute('action');
    const method = (form.getAttribute('method') || 'get').toLowerCase();
    const submitter = el.localName !== 'form' && el.form === form && ['submit', 'image'].includes((el.type || '').toLowerCase()) && el.localName !== 'textarea' ? el : undefined;
    if (typeof form.requestSubmit === 'function') form.requestSubmit(submitter);
    else if (typeof form.submit === 'function') form.submit();
    else return { ok: false, reason: 'form exposes no submit() or requestSubmit()' };
    return { ok: true, reason: null, action, method };
  };

  // What activating `el` (a click, Enter, Space) would submit, when the form's method is not
  // GET: known before anything happens, so the click can be judged like form_submit. With no
  // id, the focused element (through open shadow roots). Null when nothing is known up front.
  const submission = (id, activation) => ({ submission: submissionOf(id, activation) });

  const submissionOf = (id, activation) => {
    let el = id === null ? document.activeElement : get(id);
    while (id === null && el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || !el.isConnected) return null;
    const control = el.closest ? (el.closest('button, input') || el) : el;
    const tag = control.localName;
    const type = (control.getAttribute('type') || '').toLowerCase();
    const isSubmit = (tag === 'button' && (type === '' || type === 'submit')) ||
      (tag === 'input' && (type === 'submit' || type === 'image'));
    const textLike = tag === 'input' && !isSubmit &&
      !['button', 'reset', 'checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(type);
    const applies = activation === 'enter' ? (isSubmit || textLike) : isSubmit;
    if (!applies || control.disabled) return null;
    const form = control.form;
    if (!form) return null;
    // Implicit submission by Enter in a field goes through the form's default button.
    const submitter = isSubmit ? control : Array.from(form.elements).find((f) =>
      (f.localName === 'button' && ['', 'submit'].includes((f.getAttribute('type') || '').toLowerCase())) ||
      (f.localName === 'input' && ['submit', 'image'].includes((f.getAttribute('type') || '').toLowerCase())));
    const method = ((submitter && submitter.hasAttribute('formmethod') ? submitter.formMethod : form.method) || 'get').toLowerCase();
    if (method === 'get' || method === 'dialog') return null;
    const url = submitter && submitter.hasAttribute('formaction') ? submitter.formAction : form.action;
    return { method: method.toUpperCase(), url: String(url) };
  };


  const pageText = () => {
    const root = document.body || document.documentElement;
    if (!root) return '';
    return (root.innerText || root.textContent || '').split('\n').map(squash).filter(Boolean).join('\n');
  };

  // spec e.6 domQueryScript.
  const domQuery = (selector, limit, includeText, includeAttrs) => {
    let all;
    try { all = Array.from(document.querySelectorAll(selector)); }
    catch (e) { return { ok: false, reason: 'invalid CSS selector: ' + (e && e.message ? e.message : e), matches: [], total: 0, truncated: false }; }
    const matches = all.slice(0, limit).map((el, index) => {
      const row = { index, tag: el.localName, id: el.id || null, classes: typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean) : [] };
      row.visible = !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      row.disabled = !!el.disabled;
      row.href = el.localName === 'a' ? el.getAttribute('href') : null;
      const type = (el.getAttribute('type') || '').toLowerCase();
      row.value = !holdsSecret(el) && ('value' in el) && el.localName !== 'button' && el.localName !== 'li' && type !== 'password' && el.value !== undefined ? String(el.value).slice(0, 200) : null;
      row.checked = isCheckable(el) ? el.checked : null;
      row.attrs = {};
      for (const name of includeAttrs) {
        const v = el.getAttribute(name);
        if (v !== null && name.toLowerCase() !== 'value') row.attrs[name] = v.slice(0, 300);
      }
      if (includeText) {
        const t = squash(el.innerText || el.textContent);
        row.text = t.length > 300 ? t.slice(0, 300) + '…' : t;
      } else row.text = null;
      return row;
    });
    return { ok: true, reason: null, matches, total: all.length, truncated: all.length > matches.length };
  };

  // spec e.5 pageTextSearchScript, with an honest `truncated`.
  const searchText = (query, caseSensitive, scope, limit) => {
    let root = document.body || document.documentElement;
    if (scope !== null) {
      try { root = document.querySelector(scope); }
      catch (e) { return { ok: false, reason: 'invalid scope selector', matches: [], total: 0, truncated: false }; }
      if (!root) return { ok: false, reason: 'scope "' + scope + '" matched nothing', matches: [], total: 0, truncated: false };
    }
    if (!query) return { ok: true, reason: null, matches: [], total: 0, truncated: false };
    const subject = root ? (root.innerText || root.textContent || '') : '';
    const hay = caseSensitive ? subject : subject.toLowerCase();
    const needle = caseSensitive ? query : query.toLowerCase();
    const matches = [];
    let from = 0;
    let more = false;
    while (true) {
      const at = hay.indexOf(needle, from);
      if (at < 0) break;
      if (matches.length === limit) { more = true; break; }
      const start = Math.max(0, at - 60);
      const end = Math.min(subject.length, at + needle.length + 80);
      const context = (start > 0 ? '…' : '') + squash(subject.slice(start, end)) + (end < subject.length ? '…' : '');
      matches.push({ index: matches.length, offset: at, context });
      from = at + needle.length;
    }
    return { ok: true, reason: null, matches, total: matches.length, truncated: more };
  };

  g.__aartiq = {
    token, idOf, get, collect, scanHosts, inspect, point, box, wait, frameOffset, adoptClosedRoot, bump,
    version: () => version,
    candidates: () => candidates,
    fill, fillOn, secretOnScreen, prepareType, valueNow, act, isChecked, submit, submission, pageText, domQuery, searchText,
  };
  return token;
})()
