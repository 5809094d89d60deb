//! `aartiq_commands::parse` throughput on `resources/replies-corpus.jsonl` (about 2 MB of
//! realistic model replies), beside a `memchr` scan of the same bytes for the bytes the parser
//! looks for (`[`, `{`, `<`): the practical upper bound.

use std::sync::LazyLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};

static REPLIES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let path = aartiq_benches::resource("replies-corpus.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|row| row["reply"].as_str().map(str::to_owned))
        .collect()
});

fn total_bytes() -> usize {
    REPLIES.iter().map(String::len).sum()
}

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 30)]
fn parse_corpus(bencher: Bencher) {
    bencher.counter(BytesCount::new(total_bytes())).bench(|| {
        let mut commands = 0;
        for reply in REPLIES.iter() {
            commands += aartiq_commands::parse(black_box(reply)).commands.len();
        }
        commands
    });
}

#[divan::bench(sample_count = 30)]
fn memchr_scan_corpus(bencher: Bencher) {
    bencher.counter(BytesCount::new(total_bytes())).bench(|| {
        let mut hits = 0;
        for reply in REPLIES.iter() {
            hits += memchr::memchr3_iter(b'[', b'{', b'<', black_box(reply.as_bytes())).count();
        }
        hits
    });
}
