//! The built-in skill files, embedded by `build.rs` from `skills/*.md`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
