//! `aartiq_search::scrape` throughput: the Google and DuckDuckGo result-page parsers on the saved
//! pages in `crates/aartiq-search/tests/data/` (the known layouts and the structural fallback).

use divan::counter::BytesCount;
use divan::{Bencher, black_box};

const GOOGLE_MODERN: &str =
    include_str!("../../crates/aartiq-search/tests/data/google/modern.html");
const GOOGLE_BASIC: &str = include_str!("../../crates/aartiq-search/tests/data/google/basic.html");
const GOOGLE_CHANGED: &str =
    include_str!("../../crates/aartiq-search/tests/data/google/changed-layout.html");
const DDG_CLASSIC: &str =
    include_str!("../../crates/aartiq-search/tests/data/duckduckgo/classic.html");
const DDG_CHANGED: &str =
    include_str!("../../crates/aartiq-search/tests/data/duckduckgo/changed-layout.html");

fn main() {
    divan::main();
}

fn run(bencher: Bencher, page: &'static str, parse: fn(&str) -> usize) {
    bencher
        .counter(BytesCount::new(page.len()))
        .bench(|| parse(black_box(page)));
}

fn google(html: &str) -> usize {
    aartiq_search::scrape::parse_google(html).map_or(0, |h| h.len())
}

fn duckduckgo(html: &str) -> usize {
    aartiq_search::scrape::parse_duckduckgo(html).map_or(0, |h| h.len())
}

#[divan::bench(sample_count = 200)]
fn google_modern(b: Bencher) {
    run(b, GOOGLE_MODERN, google);
}

#[divan::bench(sample_count = 200)]
fn google_basic(b: Bencher) {
    run(b, GOOGLE_BASIC, google);
}

#[divan::bench(sample_count = 200)]
fn google_changed_layout(b: Bencher) {
    run(b, GOOGLE_CHANGED, google);
}

#[divan::bench(sample_count = 200)]
fn duckduckgo_classic(b: Bencher) {
    run(b, DDG_CLASSIC, duckduckgo);
}

#[divan::bench(sample_count = 200)]
fn duckduckgo_changed_layout(b: Bencher) {
    run(b, DDG_CHANGED, duckduckgo);
}
