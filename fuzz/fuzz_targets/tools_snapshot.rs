//! Fuzzes the snapshot model through `aartiq_test_support::fuzzing::snapshot_case`: rendering
//! under a budget, ref stability on an unchanged page, expansion, search and autofill. Then the
//! budget itself: whatever the page and the budget, the text never costs more tokens than asked
//! for, and every ref it shows resolves.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    aartiq_test_support::fuzzing::snapshot_case(data);
    aartiq_test_support::fuzzing::snapshot_budget_case(data);
});
