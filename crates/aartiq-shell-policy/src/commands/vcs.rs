//! Version control: `git` (its grammar lives in `crate::git`), and the pushes and server-side
//! changes of other version control systems that rewrite what others fetch.

use super::*;

/// `git`.
pub(super) fn git(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    crate::git::git(ctx, c.args, c.span, c.stdin)
}

/// Other version control systems' ways of rewriting or deleting shared history: the programs,
/// the subcommand words (each a set of spellings), and the options that make it a rewrite
/// (none: the subcommand is one when given a repository URL).
type Rewrite = (
    &'static [&'static str],
    &'static [&'static [&'static str]],
    &'static [&'static str],
);

const SHARED_REWRITES: &[Rewrite] = &[
    // Mercurial and Sapling: a forced push creates remote heads or moves bookmarks anyway.
    (&["hg", "chg", "sl"], &[&["push"]], &["-f", "--force"]),
    // Breezy/Bazaar: `--overwrite` replaces the remote branch's history.
    (
        &["bzr", "brz"],
        &[&["push"]],
        &["--overwrite", "--overwrite-tags"],
    ),
    // Jujutsu: pushing deleted bookmarks deletes them on the remote.
    (&["jj"], &[&["git"], &["push"]], &["--deleted"]),
    // Subversion: revision properties (`svn:log`, `svn:author`) are history, unversioned.
    (
        &["svn"],
        &[&[
            "propset", "pset", "ps", "propdel", "pdel", "pd", "propedit", "pedit", "pe",
        ]],
        &["--revprop"],
    ),
    // Subversion: deleting or moving a path by URL commits on the server at once.
    (
        &["svn"],
        &[&[
            "rm", "remove", "delete", "del", "mv", "move", "rename", "ren",
        ]],
        &[],
    ),
    // Fossil: a forced push.
    (&["fossil"], &[&["push"]], &["--force"]),
];

/// Whether `c` rewrites or deletes shared history in a version control system other than git
/// (see [`SHARED_REWRITES`]).
pub(super) fn other_vcs_rewrites(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    if !SHARED_REWRITES
        .iter()
        .any(|(programs, _, _)| programs.contains(&n))
    {
        return;
    }
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !a.text.starts_with('-'))
        .map(|a| a.text.as_str())
        .collect();
    for (programs, sub, options) in SHARED_REWRITES {
        if !programs.contains(&n) {
            continue;
        }
        let sub_matches =
            words.len() >= sub.len() && sub.iter().zip(&words).all(|(set, w)| set.contains(w));
        if !sub_matches {
            continue;
        }
        let rewrites = if options.is_empty() {
            words.iter().skip(sub.len()).any(|w| w.contains("://"))
        } else {
            c.args.iter().any(|a| {
                let t = a.text.split_once('=').map_or(a.text.as_str(), |(o, _)| o);
                options.contains(&t)
                    || (t.starts_with('-')
                        && !t.starts_with("--")
                        && options.iter().any(|o| {
                            o.len() == 2 && !o.starts_with("--") && t[1..].contains(&o[1..])
                        }))
            })
        };
        if rewrites {
            ctx.emit(
                RuleId::GitForcePush,
                c.span,
                format!("`{n}` rewrites or deletes history others fetch"),
            );
            return;
        }
    }
}
