//! Fuzzes the snapshot model through `aartiq_test_support::fuzzing::snapshot_case`: rendering
//! under a budget, ref stability on an unchanged page, expansion, search and autofill.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    aartiq_test_support::fuzzing::snapshot_case(data);
});
