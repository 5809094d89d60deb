"""Scores a pre-registered set with the scan example and prints markdown tables: overall recall
and false-positive rate, per category and per language, with 95 % Wilson intervals. A row
counts as flagged when the action is not `allow`. Run from the repository root:
    python3 crates/aartiq-guard/tests/data/score.py SET.jsonl [--part tuning|final|all] [-v]
`--part` selects rows by their `final_only` field (rows without it count as tuning rows). `-v`
lists the misses and false positives, and is refused unless the part is `tuning`: final_only rows
are scored once and never read."""
import collections, json, math, os, subprocess, sys


def wilson(k, n):
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (c - r) / d), min(1.0, (c + r) / d)


def rate(k, n):
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n if n else 0:.3f} [{lo:.3f}, {hi:.3f}]"


def main():
    path = sys.argv[1]
    part = sys.argv[sys.argv.index("--part") + 1] if "--part" in sys.argv else "all"
    if "-v" in sys.argv and part != "tuning":
        sys.exit("-v is only allowed with --part tuning")
    rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    if part != "all":
        rows = [r for r in rows if bool(r.get("final_only")) == (part == "final")]
    env = dict(os.environ)
    inp = "".join(json.dumps({"text": r["text"], "user_goal": None}, ensure_ascii=False) + "\n" for r in rows)
    out = subprocess.run(["cargo", "run", "-q", "--release", "-p", "aartiq-guard", "--example", "scan"],
                         input=inp, capture_output=True, text=True, check=True, env=env).stdout.splitlines()
    flagged = [json.loads(o)["action"] != "allow" for o in out]
    assert len(flagged) == len(rows)
    inj = [f for r, f in zip(rows, flagged) if r["label"] == "injection"]
    ben = [f for r, f in zip(rows, flagged) if r["label"] != "injection"]
    print(f"{path} ({part} rows: {len(rows)})\n")
    print(f"recall {rate(sum(inj), len(inj))} | FPR {rate(sum(ben), len(ben))}\n")
    cats = collections.defaultdict(lambda: [0, 0])
    langs = collections.defaultdict(lambda: [0, 0, 0, 0])
    for r, f in zip(rows, flagged):
        c = cats[(r["label"], r["category"])]
        c[0] += f
        c[1] += 1
        l = langs[r.get("language", "?")]
        if r["label"] == "injection":
            l[0] += f
            l[1] += 1
        else:
            l[2] += f
            l[3] += 1
    print("| label | category | flagged [95% Wilson] |\n| --- | --- | --- |")
    for (label, cat), (k, n) in sorted(cats.items()):
        print(f"| {label} | {cat} | {rate(k, n)} |")
    print("\n| language | injections flagged | benign flagged |\n| --- | --- | --- |")
    for lang, (a, b, c, d) in sorted(langs.items()):
        print(f"| {lang} | {a}/{b} | {c}/{d} |")
    encs = collections.defaultdict(lambda: [0, 0])
    for r, f in zip(rows, flagged):
        if "encoding" in r:
            encs[r["encoding"]][0] += f
            encs[r["encoding"]][1] += 1
    if encs:
        print("\n| encoding (encoded rows) | flagged |\n| --- | --- |")
        for kind, (k, n) in sorted(encs.items()):
            print(f"| {kind} | {k}/{n} |")
    if "-v" in sys.argv:
        print()
        for r, f in zip(rows, flagged):
            if f != (r["label"] == "injection"):
                kind = "miss" if f is False else "fp"
                print(f"  {kind} {r['category']} {r['language']} {r['carrier']}: {r['text'][:140]!r}")


if __name__ == "__main__":
    main()
