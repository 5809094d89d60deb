//! Fuzz `aartiq_shell_policy::assess`: any bytes, as a shell line, must get a verdict without
//! panicking, hanging or crashing; the verdict must be consistent (deny exactly when critical,
//! spans inside the line, no line of a bypass class eligible for "Allow Always"). The append
//! properties are proptests in the crate's tests.
#![no_main]

use aartiq_shell_policy::{Decision, Settings, Tier, always_approval_eligibility, assess};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let settings = Settings::default().with_auto_approve_low_risk_shell(true);
    let a = assess(&line, &settings);
    assert_eq!(a.decision == Decision::Deny, a.tier == Tier::Critical);
    assert_eq!(
        a.tier,
        a.findings.iter().map(|f| f.tier).max().unwrap_or(Tier::Low)
    );
    for f in &a.findings {
        assert!(f.span.start <= f.span.end && f.span.end <= line.len());
    }
    if a.findings.iter().any(|f| f.class.is_some()) {
        assert!(!always_approval_eligibility(&line).eligible);
    }
});
