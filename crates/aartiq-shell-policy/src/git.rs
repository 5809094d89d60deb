//! `git`: global options (`-C`, `-c`, `--config-env`, `--exec-path`), config values that name
//! programs, and a per-subcommand grammar. Read-only subcommands come out `low`.

use crate::assess::Span;
use crate::commands::write_target;
use crate::paths::Loc;
use crate::rules::RuleId;
use crate::walk::{Ctx, Flow, Word};

/// Config keys whose value is a program or shell snippet git will run.
fn program_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    let exact = [
        "core.pager",
        "core.editor",
        "core.sshcommand",
        "core.fsmonitor",
        "core.hookspath",
        "core.askpass",
        "core.gitproxy",
        "sequence.editor",
        "diff.external",
        "credential.helper",
        "gpg.program",
        "uploadpack.packobjectshook",
        "receive.procreceiverefs",
        "interactive.difffilter",
        "web.browser",
        "instaweb.httpd",
        "include.path",
        "core.worktree",
        "core.alternaterefscommand",
        "sendemail.smtpserver",
        "sendemail.tocmd",
        "sendemail.cccmd",
        "sendemail.sendmailcmd",
        "merge.tool",
        "diff.tool",
        "core.attributesfile",
        "core.excludesfile",
        "init.templatedir",
        "alias",
    ];
    if exact.contains(&k.as_str()) {
        return true;
    }
    let parts: Vec<&str> = k.split('.').collect();
    let first = parts.first().copied().unwrap_or("");
    let last = parts.last().copied().unwrap_or("");
    matches!(first, "alias" | "pager" | "includeif")
        || (first == "diff" && matches!(last, "textconv" | "command"))
        || (first == "merge" && last == "driver")
        || (first == "filter" && matches!(last, "clean" | "smudge" | "process"))
        || (first == "credential" && last == "helper")
        || (first == "gpg" && last == "program")
        || (first == "remote" && matches!(last, "uploadpack" | "receivepack" | "proxy"))
        || (matches!(first, "mergetool" | "difftool") && matches!(last, "cmd" | "path"))
        || (first == "browser" && matches!(last, "cmd" | "path"))
        || (first == "protocol" && last == "allow")
        || (first == "url" && matches!(last, "insteadof" | "pushinsteadof"))
        || (first == "http" && last == "proxy")
}

fn config_value(ctx: &mut Ctx, key: &str, value: &str, span: Span, scope_global: bool) {
    if program_key(key) {
        if scope_global {
            ctx.emit(RuleId::Persistence, span, format!("sets `{key}` in the user's or system git config: runs a program in every later git command"));
        }
        ctx.emit(
            RuleId::GitConfigProgram,
            span,
            format!("git config `{key}` names a program to run"),
        );
        let k = key.to_ascii_lowercase();
        if k.starts_with("protocol.")
            || k.starts_with("url.")
            || k.ends_with("insteadof")
            || k == "include.path"
            || k.starts_with("includeif")
            || k.contains("excludesfile")
            || k.contains("attributesfile")
            || k == "core.worktree"
            || k.contains("hookspath")
            || k.contains("templatedir")
        {
            let first = value.split_whitespace().next().unwrap_or("");
            if path_keys_shared(&k, value) {
                ctx.emit(
                    RuleId::GitTransportProgram,
                    span,
                    format!(
                        "git config `{key}` names `{}` in a world-writable directory: hooks, templates or included config from anyone",
                        crate::commands::printable_text(first)
                    ),
                );
            }
            return;
        }
        if (k.starts_with("remote.") && (k.ends_with(".uploadpack") || k.ends_with(".receivepack")))
            && !git_pack_program(value)
        {
            ctx.emit(
                RuleId::GitTransportProgram,
                span,
                format!(
                    "git config `{key}` makes git run a program other than its own pack helper"
                ),
            );
        }
        let script = value.strip_prefix('!').unwrap_or(value);
        if !script.trim().is_empty() {
            ctx.nested(script, span);
        }
    } else if !inert_key(key) {
        ctx.emit(
            RuleId::GitConfigOverride,
            span,
            format!("overrides git config `{key}`"),
        );
    }
}

/// Path-valued config keys (hooks, templates, included config) whose value is in a
/// world-writable directory.
fn path_keys_shared(key: &str, value: &str) -> bool {
    let pathy = key.contains("hookspath")
        || key.contains("templatedir")
        || key == "include.path"
        || (key.starts_with("includeif") && key.ends_with(".path"));
    pathy && crate::commands::in_shared_dir(value.trim())
}

/// git's own pack programs, the only ones a remote's pack option should name
/// (`git-upload-pack`, `/usr/lib/git-core/git-receive-pack`, `git upload-pack`).
fn git_pack_program(value: &str) -> bool {
    let words: Vec<&str> = value.split_whitespace().collect();
    let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    match words.as_slice() {
        [one] => matches!(base(one).as_str(), "git-upload-pack" | "git-receive-pack"),
        [git, sub] => base(git) == "git" && matches!(*sub, "upload-pack" | "receive-pack"),
        _ => false,
    }
}

/// Subcommands whose `-u` is `--upload-pack`.
const UPLOAD_PACK_SHORT: &[&str] = &["clone", "ls-remote"];

/// Pack-program options of a subcommand: each value that is not git's own helper.
fn transport_options(ctx: &mut Ctx, sub: &str, rest: &[Word]) {
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        let t = w.text.as_str();
        if t == "--" {
            break;
        }
        let mut value: Option<(String, Span, bool)> = None;
        for long in ["--upload-pack", "--receive-pack"] {
            if let Some(v) = t.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                value = Some((v.to_string(), w.span, w.dynamic));
            } else if t == long
                && let Some(v) = rest.get(i + 1)
            {
                value = Some((v.text.clone(), v.span, v.dynamic));
                i += 1;
            }
        }
        if UPLOAD_PACK_SHORT.contains(&sub) && t.starts_with("-u") && !t.starts_with("--") {
            if t.len() > 2 {
                value = Some((t[2..].to_string(), w.span, w.dynamic));
            } else if let Some(v) = rest.get(i + 1) {
                value = Some((v.text.clone(), v.span, v.dynamic));
                i += 1;
            }
        }
        if let Some((v, span, dynamic)) = value
            && (dynamic || !git_pack_program(&v))
        {
            ctx.emit(
                RuleId::GitTransportProgram,
                span,
                format!(
                    "`git {sub}` runs `{}` as its pack program",
                    crate::commands::printable_text(&v)
                ),
            );
            if !dynamic && !v.trim().is_empty() {
                ctx.nested(&v, span);
            }
        }
        i += 1;
    }
}

/// Config keys that only change how git shows or labels things (colours, columns, quoting,
/// identities, sort orders, diff and log formatting) and name no program, file or remote: an
/// override of one changes nothing a read-only command does.
fn inert_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    let (section, name) = k.split_once('.').unwrap_or((&k, ""));
    let name = name.rsplit('.').next().unwrap_or(name);
    match section {
        // Display settings: how history, status, blame and greps are shown, never a program.
        "color" | "column" | "advice" | "i18n" | "user" | "author" | "committer"
        | "versionsort" | "log" | "pretty" | "status" | "blame" | "grep" => true,
        "core" => matches!(
            name,
            "quotepath"
                | "abbrev"
                | "autocrlf"
                | "safecrlf"
                | "eol"
                | "ignorecase"
                | "precomposeunicode"
                | "whitespace"
                | "commentchar"
                | "commentstring"
                | "filemode"
                | "compression"
        ),
        "diff" => matches!(
            name,
            "renames"
                | "algorithm"
                | "colormoved"
                | "colormovedws"
                | "mnemonicprefix"
                | "noprefix"
                | "relative"
                | "context"
                | "interhunkcontext"
                | "indentheuristic"
                | "statgraphwidth"
                | "statnamewidth"
                | "wserrorhighlight"
                | "submodule"
                | "ignoresubmodules"
                | "suppressblankempty"
                | "dirstat"
                | "renamelimit"
        ),
        "format" => matches!(name, "pretty" | "date" | "numbered" | "signature"),
        "branch" | "tag" => name == "sort",
        "merge" => matches!(name, "conflictstyle" | "log" | "stat"),
        "init" => name == "defaultbranch",
        _ => false,
    }
}

fn is_opt(w: &Word) -> bool {
    w.text.len() > 1 && w.text.starts_with('-')
}

/// Judge a git invocation (arguments after `git`).
pub(crate) fn git(ctx: &mut Ctx, args: &[Word], span: Span, stdin: Option<&Flow>) -> Flow {
    let _ = stdin;
    let mut i = 0;
    let mut repo_dir: Option<&Word> = None;
    while i < args.len() {
        let a = &args[i];
        let t = a.text.as_str();
        if !t.starts_with('-') {
            break;
        }
        match t {
            "-C" | "--git-dir" | "--work-tree" => {
                repo_dir = args.get(i + 1);
                i += 2;
            }
            "--namespace" | "--super-prefix" | "--attr-source" => i += 2,
            "-c" => {
                if let Some(v) = args.get(i + 1) {
                    if v.dynamic {
                        ctx.emit(
                            RuleId::GitConfigProgram,
                            v.span,
                            "git config override only known when the line runs",
                        );
                    } else {
                        let (k, val) = v.text.split_once('=').unwrap_or((&v.text, ""));
                        config_value(ctx, k, val, v.span, false);
                    }
                }
                i += 2;
            }
            _ if t.starts_with("--config-env") => {
                ctx.emit(
                    RuleId::GitConfigProgram,
                    a.span,
                    "git config taken from an environment variable",
                );
                // `--config-env=KEY=VAR`: a program key whose value is a variable's; judged as
                // that value when the line sets it, else as a program the line does not show.
                let spec = match t.strip_prefix("--config-env=") {
                    Some(v) => Some((v.to_string(), a.span)),
                    None => args.get(i + 1).map(|v| (v.text.clone(), v.span)),
                };
                if let Some((spec, sp)) = spec
                    && let Some((key, var)) = spec.split_once('=')
                    && program_key(key)
                {
                    match ctx.vars.get(var).cloned().flatten() {
                        Some(value) => config_value(ctx, key, &value, sp, false),
                        None => ctx.emit(
                            RuleId::DynamicScript,
                            sp,
                            format!("git runs `{key}` from the environment variable `{var}`, not shown on the line"),
                        ),
                    }
                }
                i += if t.contains('=') { 1 } else { 2 };
            }
            _ if t.starts_with("--exec-path") => {
                if t.contains('=') {
                    ctx.emit(
                        RuleId::GitConfigProgram,
                        a.span,
                        "`--exec-path` replaces git's helper programs",
                    );
                }
                i += 1;
            }
            _ if t.starts_with("-c") && t.len() > 2 => {
                let (k, val) = t[2..].split_once('=').unwrap_or((&t[2..], ""));
                config_value(ctx, k, val, a.span, false);
                i += 1;
            }
            _ => i += 1,
        }
    }
    let Some(sub_word) = args.get(i) else {
        return Flow::default();
    };
    if sub_word.dynamic {
        ctx.emit(
            RuleId::DynamicCommandWord,
            sub_word.span,
            "git subcommand only known when the line runs",
        );
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    let sub = sub_word.text.as_str();
    let rest = &args[i + 1..];
    let pos: Vec<&Word> = rest.iter().filter(|w| !is_opt(w)).collect();
    // `ext::CMD` remote URLs make git run CMD (`%` escapes spaces, `%%` a percent sign).
    // Also as an option's value (`archive --remote=ext::...`, `clone --reference ext::...`).
    for w in rest.iter() {
        let text = match w.text.split_once('=') {
            Some((o, v)) if o.starts_with("--") => v,
            _ => w.text.as_str(),
        };
        if let Some(cmd) = text.strip_prefix("ext::") {
            ctx.emit(
                RuleId::GitTransportProgram,
                w.span,
                "an `ext::` remote makes git run a command",
            );
            let script = cmd
                .replace("%%", "\u{0}")
                .replace("% ", " ")
                .replace('%', " ")
                .replace('\u{0}', "%");
            ctx.nested(&script, w.span);
        }
    }
    let has = |names: &[&str]| {
        rest.iter().any(|w| {
            names.iter().any(|n| {
                w.text == *n || (n.starts_with("--") && w.text.starts_with(&format!("{n}=")))
            })
        })
    };
    // Options that write files or run programs, whatever the subcommand.
    for w in rest {
        let t = w.text.as_str();
        if let Some(f) = t.strip_prefix("--output=") {
            let target = Word {
                text: f.to_string(),
                ..w.clone()
            };
            write_target(ctx, &target, "`git --output`");
        }
        if t == "--ext-diff"
            || t == "-O"
            || t.starts_with("--open-files-in-pager")
            || t.starts_with("--upload-pack")
            || t.starts_with("--receive-pack")
            || t.starts_with("--exec=")
            || t == "--exec"
            || t.starts_with("--extcmd")
            || t.starts_with("--tool") && t != "--tool-help"
            || t == "-x" && matches!(sub, "rebase" | "cherry-pick")
        {
            ctx.emit(
                RuleId::ExecOption,
                w.span,
                format!("git option `{t}` runs a program"),
            );
        }
    }
    command_values(ctx, sub, rest);
    transport_options(ctx, sub, rest);
    // `git clone --config k=v` / `-c k=v`: config written into the new repository.
    if sub == "clone" {
        let mut k = 0;
        while k < rest.len() {
            let t = rest[k].text.as_str();
            let kv = if let Some(v) = t.strip_prefix("--config=") {
                Some((v.to_string(), rest[k].span))
            } else if matches!(t, "--config" | "-c") {
                k += 1;
                rest.get(k).map(|v| (v.text.clone(), v.span))
            } else {
                None
            };
            if let Some((kv, span)) = kv {
                let (key, val) = kv.split_once('=').unwrap_or((&kv, ""));
                config_value(ctx, key, val, span, false);
            }
            k += 1;
        }
    }
    // A repository kept in a credential location (`~/.password-store`, `~/.gnupg`) pushed or
    // mailed: its content leaves the machine.
    if let Some(dir) = repo_dir
        && matches!(sub, "push" | "send-email" | "send-pack" | "request-pull")
    {
        let loc = ctx.loc(dir);
        let home_root = matches!(&loc, Loc::Home(c) if c.is_empty());
        if (crate::paths::holds_credentials(&loc) && !home_root)
            || crate::paths::secret_class(&loc) == crate::paths::SecretClass::Credential
        {
            ctx.emit(
                RuleId::Exfiltration,
                dir.span,
                format!("`git {sub}` sends a repository of credentials off the machine"),
            );
        }
    }
    let out = Flow {
        other: true,
        ..Flow::default()
    };
    match sub {
        "status" | "log" | "diff" | "show" | "blame" | "annotate" | "ls-files" | "ls-tree"
        | "rev-parse" | "describe" | "shortlog" | "grep" | "cat-file" | "rev-list"
        | "merge-base" | "name-rev" | "count-objects" | "version" | "help" | "whatchanged"
        | "cherry" | "check-ignore" | "check-attr" | "check-ref-format" | "for-each-ref"
        | "show-ref" | "var" | "verify-commit" | "verify-tag" | "show-branch" | "range-diff"
        | "diff-tree" | "diff-files" | "diff-index" | "fsck" | "--version" | "--help" | "-h"
        | "--list-cmds" | "hash-object"
            if !(sub == "hash-object" && has(&["-w"])) =>
        {
            out
        }
        // `git symbolic-ref [-q] [--short] NAME` reads where NAME points.
        "symbolic-ref"
            if pos.len() <= 1
                && rest.iter().filter(|w| is_opt(w)).all(|w| {
                    matches!(
                        w.text.as_str(),
                        "-q" | "--quiet" | "--short" | "--no-recurse"
                    )
                }) =>
        {
            out
        }
        "add" | "mv" | "init" => out,
        "stash" => {
            match pos.first().map(|w| w.text.as_str()) {
                None | Some("list" | "show" | "push" | "save" | "create") => {}
                Some("drop" | "clear") => {
                    ctx.emit(RuleId::GitDestructive, span, "drops stashed changes")
                }
                Some(_) => ctx.emit(
                    RuleId::GitWrites,
                    span,
                    "`git stash` applies changes to the working tree",
                ),
            }
            out
        }
        "branch" => {
            if has(&["-d", "-D", "--delete", "-f", "--force"]) {
                ctx.emit(
                    RuleId::GitDestructive,
                    span,
                    "deletes or force-moves a branch",
                );
            } else if has(&[
                "-m",
                "-M",
                "-c",
                "-C",
                "--move",
                "--copy",
                "--set-upstream-to",
                "-u",
                "--unset-upstream",
                "--edit-description",
            ]) {
                ctx.emit(
                    RuleId::GitWrites,
                    span,
                    "renames, copies or reconfigures a branch",
                );
            }
            out
        }
        "tag" => {
            if has(&["-d", "--delete", "-f", "--force"]) {
                ctx.emit(RuleId::GitDestructive, span, "deletes or moves a tag");
            } else if has(&["-s", "-u", "--sign", "--local-user"]) {
                ctx.emit(RuleId::GitRunsHooks, span, "signing runs gpg");
            }
            out
        }
        "remote" => {
            match pos.first().map(|w| w.text.as_str()) {
                None | Some("get-url") => {}
                Some("show" | "update" | "prune") => {
                    ctx.emit(RuleId::GitNetwork, span, "contacts the remote")
                }
                Some(_) => ctx.emit(RuleId::GitWrites, span, "changes the remotes"),
            }
            out
        }
        "reflog" => {
            if pos
                .first()
                .is_some_and(|w| matches!(w.text.as_str(), "expire" | "delete"))
            {
                ctx.emit(
                    RuleId::GitDestructive,
                    span,
                    "expires reflog entries (loses recovery points)",
                );
            }
            out
        }
        "worktree" | "submodule" | "notes" | "sparse-checkout" | "bisect" | "lfs" => {
            let read = pos.first().is_none_or(|w| {
                matches!(
                    w.text.as_str(),
                    "list"
                        | "status"
                        | "show"
                        | "summary"
                        | "ls-files"
                        | "env"
                        | "log"
                        | "view"
                        | "visualize"
                )
            });
            if !read {
                ctx.emit(
                    RuleId::GitWrites,
                    span,
                    format!("`git {sub}` changes the repository"),
                );
                if sub == "submodule" || sub == "lfs" {
                    ctx.emit(RuleId::GitNetwork, span, "may fetch from the network");
                }
            }
            out
        }
        "config" => {
            let scope_global = has(&["--global", "--system"]);
            let read = has(&[
                "--get",
                "--get-all",
                "--get-regexp",
                "--list",
                "-l",
                "--get-urlmatch",
                "--get-color",
                "--get-colorbool",
                "--show-origin",
                "--show-scope",
            ]) || pos
                .first()
                .is_some_and(|w| matches!(w.text.as_str(), "get" | "list"))
                || (pos.len() == 1
                    && !has(&[
                        "--unset",
                        "--unset-all",
                        "--add",
                        "--replace-all",
                        "--rename-section",
                        "--remove-section",
                        "-e",
                        "--edit",
                    ]));
            if read {
                return out;
            }
            if has(&["-e", "--edit"]) {
                ctx.emit(RuleId::GitWrites, span, "opens git config in an editor");
                return out;
            }
            let (key, value) = match pos.first().map(|w| w.text.as_str()) {
                Some("set") => (pos.get(1), pos.get(2)),
                Some("unset") => (pos.get(1), None),
                _ => (pos.first(), pos.get(1)),
            };
            if let Some(k) = key {
                if k.dynamic || value.is_some_and(|v| v.dynamic) {
                    ctx.emit(
                        RuleId::GitConfigProgram,
                        k.span,
                        "git config value only known when the line runs",
                    );
                } else {
                    let v = value.map(|v| v.text.as_str()).unwrap_or("");
                    if program_key(&k.text) {
                        config_value(ctx, &k.text, v, k.span, scope_global);
                        // Written to a config file, the program runs in every later git
                        // command in this repository: persistence, whatever the scope.
                        let lower = k.text.to_ascii_lowercase();
                        let plain_alias = lower.starts_with("alias.") && !v.starts_with('!');
                        // Hooks kept in the working directory are the workspace's own scripts,
                        // like a Makefile: later git commands run them, the line asks.
                        let workspace_hooks = lower == "core.hookspath"
                            && value.is_some_and(|w| matches!(ctx.loc(w), Loc::Ws(_)));
                        if !scope_global && !plain_alias && !workspace_hooks {
                            ctx.emit(
                                RuleId::Persistence,
                                k.span,
                                format!("writes `{}` to the repository's git config: runs a program in later git commands", k.text),
                            );
                        }
                    } else {
                        ctx.emit(
                            RuleId::GitWrites,
                            k.span,
                            format!("sets git config `{}`", k.text),
                        );
                    }
                }
            }
            out
        }
        "commit" | "merge" | "rebase" | "checkout" | "switch" | "am" | "cherry-pick" | "revert"
        | "apply" | "restore" | "gc" | "maintenance" | "prune" | "repack" | "pack-refs"
        | "update-index" | "read-tree" | "write-tree" | "commit-tree" | "update-ref"
        | "symbolic-ref" | "replace" | "mergetool" | "difftool" | "format-patch" | "rerere"
        | "hash-object" => {
            // `--tool-help` lists the tools git knows and runs none of them.
            if matches!(sub, "mergetool" | "difftool")
                && rest.len() == 1
                && rest[0].text == "--tool-help"
            {
                return out;
            }
            let destructive = (sub == "checkout"
                && (has(&["-f", "--force", "--", "."]) || pos.iter().any(|w| w.text == ".")))
                || (sub == "restore" && !has(&["--staged", "-S"]))
                || (sub == "update-ref" && has(&["-d"]))
                || (sub == "prune")
                || (sub == "gc" && rest.iter().any(|w| w.text.starts_with("--prune")));
            if destructive {
                ctx.emit(
                    RuleId::GitDestructive,
                    span,
                    format!("`git {sub}` discards changes"),
                );
            }
            ctx.emit(
                RuleId::GitRunsHooks,
                span,
                format!("`git {sub}` changes the repository and may run repository hooks"),
            );
            out
        }
        "reset" => {
            if has(&["--hard", "--merge", "--keep"]) {
                ctx.emit(
                    RuleId::GitDestructive,
                    span,
                    "`git reset --hard` discards uncommitted work",
                );
            } else {
                ctx.emit(
                    RuleId::GitWrites,
                    span,
                    "`git reset` moves the branch or unstages changes",
                );
            }
            out
        }
        "clean" => {
            if has(&["-n", "--dry-run"]) {
                return out;
            }
            ctx.emit(
                RuleId::GitDestructive,
                span,
                "`git clean` deletes untracked files",
            );
            out
        }
        "rm" => {
            if has(&["--cached"]) {
                return out;
            }
            ctx.emit(RuleId::DeleteInCwd, span, "`git rm` deletes tracked files");
            out
        }
        "push" => {
            ctx.emit(
                RuleId::GitNetwork,
                span,
                "`git push` sends commits to a remote and runs the pre-push hook",
            );
            // A dry run sends nothing: it rewrites no one's history.
            if !has(&["-n", "--dry-run"])
                && has(&[
                    "-f",
                    "--force",
                    "--force-with-lease",
                    "--mirror",
                    "--delete",
                    "-d",
                    "--prune",
                ])
                || pos
                    .iter()
                    .any(|w| w.text.starts_with('+') || w.text.starts_with(':'))
            {
                ctx.emit(
                    RuleId::GitForcePush,
                    span,
                    "force push or remote deletion rewrites shared history",
                );
            }
            Flow {
                network: true,
                ..out
            }
        }
        "fetch" | "pull" | "clone" | "ls-remote" | "archive" | "request-pull" | "send-email"
        | "svn" | "p4" => {
            ctx.emit(
                RuleId::GitNetwork,
                span,
                format!("`git {sub}` contacts a remote"),
            );
            if sub == "pull" || sub == "clone" {
                ctx.emit(
                    RuleId::GitRunsHooks,
                    span,
                    format!("`git {sub}` writes the working tree and may run hooks"),
                );
            }
            if sub == "clone" {
                if let Some(dest) = pos.get(1) {
                    write_target(ctx, dest, "`git clone`");
                }
                // Code from the clone is downloaded code: running it is like `curl | sh`.
                let dir = pos.get(1).map(|d| d.text.clone()).or_else(|| {
                    pos.first().map(|u| {
                        u.text
                            .trim_end_matches('/')
                            .rsplit(['/', ':'])
                            .next()
                            .unwrap_or("")
                            .trim_end_matches(".git")
                            .to_string()
                    })
                });
                match dir.filter(|d| !d.is_empty()) {
                    Some(d) => {
                        let loc = crate::paths::resolve(&d, &ctx.cwd);
                        ctx.taint(loc);
                    }
                    None => ctx.taint_unknown = true,
                }
                if rest.iter().any(|w| {
                    w.text.starts_with("ext::")
                        || w.text.starts_with("--upload-pack")
                        || w.text == "-u"
                        || w.text.starts_with("--template")
                }) {
                    ctx.emit(
                        RuleId::ExecOption,
                        span,
                        "clone transport or template runs programs",
                    );
                }
            }
            if sub == "archive"
                && let Some(o) = rest
                    .iter()
                    .position(|w| w.text == "-o" || w.text == "--output")
                && let Some(f) = rest.get(o + 1)
            {
                write_target(ctx, f, "`git archive -o`");
            }
            Flow {
                network: true,
                ..out
            }
        }
        "filter-branch" | "filter-repo" => {
            ctx.emit(RuleId::GitDestructive, span, "rewrites the whole history");
            ctx.emit(RuleId::ExecOption, span, "runs filter commands");
            out
        }
        "daemon" | "instaweb" | "credential" | "credential-store" | "credential-cache"
        | "http-backend" | "shell" | "upload-pack" | "receive-pack" | "web--browse" => {
            ctx.emit(
                RuleId::GitConfigProgram,
                span,
                format!("`git {sub}` serves or reveals repository data or credentials"),
            );
            out
        }
        _ => {
            ctx.emit(
                RuleId::GitUnknownSubcommand,
                span,
                format!("`git {sub}` is an alias or an external git command"),
            );
            out
        }
    }
}

/// Options of a subcommand whose value is a command line git runs (through the shell):
/// subcommands, short options (value attached or next), long options (`--opt=V` or `--opt V`),
/// and whether the value may only be attached (`grep -O[pager]`).
type CommandOption = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    bool,
);

const COMMAND_OPTIONS: &[CommandOption] = &[
    (&["rebase"], &["-x"], &["exec"], false),
    (&["difftool", "mergetool"], &["-x"], &["extcmd"], false),
    (&["grep"], &["-O"], &["open-files-in-pager"], true),
    (
        &["filter-branch"],
        &[],
        &[
            "tree-filter",
            "index-filter",
            "msg-filter",
            "env-filter",
            "commit-filter",
            "parent-filter",
            "tag-name-filter",
        ],
        false,
    ),
];

/// Subcommands whose operands are a command git runs: the words after the verb, either an
/// argument vector (`bisect run CMD ARGS`) or words joined into one shell line (`submodule
/// foreach 'CMD'`), after the verb's own options.
const COMMAND_OPERANDS: &[(&str, &str, bool)] =
    &[("bisect", "run", false), ("submodule", "foreach", true)];

/// Judge the commands given to a subcommand's options and operands as commands.
fn command_values(ctx: &mut Ctx, sub: &str, rest: &[Word]) {
    let mut values: Vec<(String, Span, bool)> = Vec::new();
    for (subs, short, long, attached_only) in COMMAND_OPTIONS {
        if !subs.contains(&sub) {
            continue;
        }
        let mut i = 0;
        while i < rest.len() {
            let w = &rest[i];
            let t = w.text.as_str();
            if t == "--" {
                break;
            }
            if let Some(l) = t.strip_prefix("--") {
                match l.split_once('=') {
                    Some((name, v)) if long.contains(&name) => {
                        values.push((v.to_string(), w.span, w.dynamic));
                    }
                    None if long.contains(&l) && !attached_only => {
                        if let Some(v) = rest.get(i + 1) {
                            values.push((v.text.clone(), v.span, v.dynamic));
                            i += 1;
                        }
                    }
                    _ => {}
                }
            } else if let Some(s) = short.iter().find(|s| t.starts_with(**s)) {
                if t.len() > s.len() {
                    values.push((t[s.len()..].to_string(), w.span, w.dynamic));
                } else if !attached_only && let Some(v) = rest.get(i + 1) {
                    values.push((v.text.clone(), v.span, v.dynamic));
                    i += 1;
                }
            }
            i += 1;
        }
    }
    for (s, verb, joined) in COMMAND_OPERANDS {
        if *s != sub {
            continue;
        }
        let Some(k) = rest.iter().position(|w| w.text == *verb) else {
            continue;
        };
        let words: Vec<&Word> = rest[k + 1..]
            .iter()
            .skip_while(|w| w.text.starts_with('-') && w.text != "-")
            .collect();
        let Some(first) = words.first() else {
            continue;
        };
        let text: Vec<String> = if *joined {
            words.iter().map(|w| w.text.clone()).collect()
        } else {
            words
                .iter()
                .map(|w| crate::commands::shell_quote(&w.text))
                .collect()
        };
        values.push((text.join(" "), first.span, words.iter().any(|w| w.dynamic)));
    }
    for (script, span, dynamic) in values {
        ctx.emit(
            RuleId::ExecOption,
            span,
            format!("`git {sub}` runs the command it is given"),
        );
        if dynamic {
            ctx.emit(
                RuleId::DynamicScript,
                span,
                "git runs a command only known when the line runs",
            );
        } else if !script.trim().is_empty() {
            ctx.nested(&script, span);
        }
    }
}
