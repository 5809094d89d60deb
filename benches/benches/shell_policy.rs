//! `aartiq-shell-policy`: time per line and lines/s for `assess` over `resources/shell-bench.txt`
//! (5,000 lines a model proposes; issue 23's target: a median under 20 us per line). The
//! original's first-word classifier measured 258k lines/s under Node 20 on the same file.

use aartiq_shell_policy::{Settings, assess};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

fn lines() -> Vec<String> {
    let path = aartiq_benches::resource("shell-bench.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

/// The whole corpus once per iteration; divan reports the median time and lines/s.
#[divan::bench(sample_count = 30)]
fn corpus(bencher: Bencher) {
    let lines = lines();
    let settings = Settings::default().with_auto_approve_low_risk_shell(true);
    // Warm the rule table and the thread's parser outside the timed region.
    black_box(assess("ls", &settings));
    bencher.counter(ItemsCount::new(lines.len())).bench(|| {
        for l in &lines {
            black_box(assess(black_box(l), &settings));
        }
    });
}

/// One line at a time: the median here is the time per line.
#[divan::bench(sample_count = 2000, sample_size = 1)]
fn per_line(bencher: Bencher) {
    let lines = lines();
    let settings = Settings::default().with_auto_approve_low_risk_shell(true);
    black_box(assess("ls", &settings));
    let mut i = 0usize;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        i = (i + 1) % lines.len();
        black_box(assess(black_box(&lines[i]), &settings))
    });
}
