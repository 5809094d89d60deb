//! `aartiq-skills`: `match_skills` on 500-byte user messages (target: under 5 us each), load
//! requests, frontmatter parsing, and a full load of all 17 built-in skills.

use aartiq_skills::{
    LoaderConfig, SKILLS, SkillLoader, embedded_skill_files, match_skills, parse_skill,
    resolve_load_request,
};
use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Sentences in the shapes users type; each message repeats them up to 500 bytes.
const SEEDS: &[&str] = &[
    "What is the latest news about the Mars sample return mission, and who is leading it now? ",
    "Compare the pros and cons of these two laptops and give me a verdict on battery life. ",
    "Generate an image of a lighthouse at dusk in watercolour style for my blog header. ",
    "Please summarise my open tabs and group them by topic so I can close the duplicates. ",
    "Run a shell command to list the biggest files in my Downloads folder, nothing destructive. ",
    "Put the quarterly revenue figures into an Excel spreadsheet and a short PDF report. ",
    "Schedule a reminder every day at 9 to check the Nifty and Sensex opening levels. ",
    "Hi! Thanks a lot for yesterday, the dinner was lovely and we should do it again soon. ",
];

fn messages() -> Vec<String> {
    SEEDS
        .iter()
        .map(|seed| {
            let mut m = String::with_capacity(512);
            while m.len() + seed.len() <= 500 {
                m.push_str(seed);
            }
            m.push_str(&seed[..500 - m.len()]);
            m
        })
        .collect()
}

/// One 500-byte message per iteration, cycling through the eight shapes.
#[divan::bench]
fn match_skills_500_bytes(bencher: Bencher) {
    let messages = messages();
    let mut i = 0;
    bencher.counter(BytesCount::new(500usize)).bench_local(|| {
        i = (i + 1) % messages.len();
        black_box(match_skills(black_box(&messages[i])))
    });
}

/// All eight 500-byte messages per iteration (4,000 bytes).
#[divan::bench]
fn match_skills_all_shapes(bencher: Bencher) {
    let messages = messages();
    let bytes: usize = messages.iter().map(String::len).sum();
    bencher.counter(BytesCount::new(bytes)).bench_local(|| {
        for m in &messages {
            black_box(match_skills(black_box(m)));
        }
    });
}

#[divan::bench]
fn resolve_load_request_short(bencher: Bencher) {
    let messages = [
        "load the pdf skill",
        "load web",
        "use google to find it",
        "hello",
    ];
    bencher
        .counter(ItemsCount::new(messages.len()))
        .bench_local(|| {
            for m in messages {
                black_box(resolve_load_request(black_box(m)));
            }
        });
}

/// Parse every embedded skill file (YAML frontmatter + runtime-note stripping).
#[divan::bench]
fn parse_all_skill_files(bencher: Bencher) {
    let files = embedded_skill_files();
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    bencher.counter(BytesCount::new(bytes)).bench_local(|| {
        for (_, text) in files {
            let _ = black_box(parse_skill(black_box(text)));
        }
    });
}

/// A fresh loader (cold cache, no user directory) loading all 17 built-in skills.
#[divan::bench]
fn load_all_builtins_cold(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(SKILLS.len()))
        .bench_local(|| {
            let loader = SkillLoader::new(LoaderConfig::default());
            for s in &SKILLS {
                let _ = black_box(loader.load(s.id));
            }
        });
}

/// The same 17 loads from a warm cache with a user directory (two stats per load).
#[divan::bench]
fn load_all_warm_with_user_dir(bencher: Bencher) {
    let dir = std::env::temp_dir().join("aartiq-skills-bench-empty");
    let loader = SkillLoader::new(LoaderConfig::default().with_user_dir(dir));
    for s in &SKILLS {
        let _ = loader.load(s.id);
    }
    bencher
        .counter(ItemsCount::new(SKILLS.len()))
        .bench_local(|| {
            for s in &SKILLS {
                let _ = black_box(loader.load(s.id));
            }
        });
}
