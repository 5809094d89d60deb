//! Version control: `git` (its grammar lives in `crate::git`).

use super::*;

/// `git`.
pub(super) fn git(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    crate::git::git(ctx, c.args, c.span, c.stdin)
}
