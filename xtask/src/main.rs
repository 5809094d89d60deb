//! `cargo xtask`: the project's automation (being written).

fn main() {}
