//! Package managers, builds and project tools.

use super::*;

/// `make`, `gmake`, `cmake`, `ninja`, `just`, `task` and the rest of its table row.
pub(super) fn build_tools(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    // `ninja -t TOOL`: the tools that only print what the build file says.
    if n == "ninja"
        && let Some(k) = c.args.iter().position(|a| a.text == "-t")
        && c.args.get(k + 1).is_some_and(|t| {
            matches!(
                t.text.as_str(),
                "targets"
                    | "commands"
                    | "query"
                    | "deps"
                    | "graph"
                    | "rules"
                    | "inputs"
                    | "list"
                    | "missingdeps"
                    | "path"
            )
        })
        && !c
            .args
            .iter()
            .any(|a| matches!(a.text.as_str(), "-f" | "-C"))
    {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }

    ctx.emit(
        RuleId::UnknownCommand,
        c.span,
        format!("`{n}` runs project code or tools with side effects"),
    );
    // Cloud and forge clients copy what they are given to buckets, gists and releases.
    super::shapes::arguments_sent(ctx, c);
    if matches!(
        n,
        "aws"
            | "gcloud"
            | "az"
            | "terraform"
            | "heroku"
            | "gh"
            | "vercel"
            | "netlify"
            | "firebase"
            | "flyctl"
            | "wrangler"
    ) && c.args.iter().any(|a| {
        matches!(
            a.text.as_str(),
            "delete" | "destroy" | "rm" | "remove" | "rb" | "terminate-instances" | "delete-bucket"
        )
    }) {
        ctx.emit(
            RuleId::CloudDestruction,
            c.span,
            format!("`{n}` deletes cloud resources"),
        );
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn packages(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    // `deno eval CODE`, `bun -e CODE`: the runtime is an interpreter given inline code.
    let inline = match n {
        "deno" => c
            .args
            .iter()
            .find(|a| !is_opt(a))
            .is_some_and(|a| a.text == "eval"),
        "bun" => c
            .args
            .iter()
            .take_while(|a| is_opt(a))
            .any(|a| matches!(a.text.as_str(), "-e" | "--eval" | "-p" | "--print")),
        _ => false,
    };
    if inline {
        return interpreter(ctx, c);
    }
    let sub = c
        .args
        .iter()
        .find(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .unwrap_or("");
    let read_only = match n {
        "pip" | "pip3" => {
            matches!(
                sub,
                "show" | "list" | "freeze" | "check" | "help" | "debug" | "inspect"
            ) || (sub == "config" && c.args.iter().any(|a| a.text == "list" || a.text == "get"))
        }
        "npm" | "pnpm" | "yarn" | "bun" => {
            matches!(sub, "ls" | "list" | "ll" | "la" | "why" | "explain" | "help" | "config" if sub != "config" || c.args.iter().any(|a| a.text == "get" || a.text == "list"))
                || (sub.is_empty()
                    && c.args
                        .iter()
                        .any(|a| a.text == "-v" || a.text == "--version"))
        }
        "cargo" => {
            matches!(
                sub,
                "--version"
                    | "version"
                    | "help"
                    | "tree"
                    | "metadata"
                    | "pkgid"
                    | "locate-project"
                    | "verify-project"
                    | "search"
            ) && sub != "search"
        }
        "go" => matches!(sub, "version" | "env" | "list" | "help" | "doc"),
        "gem" | "bundle" => matches!(sub, "list" | "info" | "help" | "env" | "contents" | "which"),
        "brew" => matches!(
            sub,
            "list"
                | "ls"
                | "info"
                | "config"
                | "doctor"
                | "deps"
                | "leaves"
                | "outdated"
                | "--prefix"
                | "home"
                | "desc"
        ),
        "apt" | "apt-get" | "apt-cache" | "dpkg" | "rpm" | "yum" | "dnf" | "pacman" | "apk"
        | "snap" | "flatpak" | "zypper" => matches!(
            sub,
            "list"
                | "show"
                | "search"
                | "info"
                | "policy"
                | "-l"
                | "-L"
                | "-q"
                | "-Q"
                | "-s"
                | "-Qi"
                | "-Ql"
                | "-qa"
                | "--list"
                | "depends"
                | "rdepends"
                | "madison"
                | "history"
                | "--get-selections"
        ),
        "rustup" => {
            matches!(sub, "show" | "which" | "help" | "--version" | "default" if sub != "default" || c.args.len() == 1)
                || (sub == "toolchain" || sub == "target" || sub == "component")
                    && c.args.iter().any(|a| a.text == "list")
        }
        "conda" | "mamba" => {
            matches!(sub, "list" | "info" | "env" if sub != "env" || c.args.iter().any(|a| a.text == "list"))
        }
        "pipx" | "uv" | "poetry" => matches!(sub, "list" | "show" | "tree" | "help"),
        "composer" => matches!(
            sub,
            "show" | "info" | "licenses" | "outdated" | "depends" | "why"
        ),
        _ => false,
    };
    if read_only {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    table_tier(ctx, c);
    // A package, project or script in a world-writable directory that the subcommand installs
    // or runs (`npm install /tmp/pkg`, `deno run /tmp/x.ts`, `pip install /tmp/x.whl`) is code
    // anyone could have put there.
    if matches!(
        sub,
        "run" | "install" | "i" | "add" | "exec" | "x" | "dlx" | "test" | "start" | "eval"
    ) {
        for w in positionals(c.args, &[]).into_iter().skip(1) {
            if !w.dynamic && shared_dir(&ctx.loc(w)) {
                ctx.emit(
                    RuleId::SharedDirExecutable,
                    w.span,
                    format!(
                        "`{n} {sub}` takes `{}` from a world-writable directory",
                        printable(&w.text)
                    ),
                );
            }
        }
    }
    // `npx CMD`, `npm exec -- CMD`, `pnpm dlx CMD`, `bun x CMD`: the command is judged as run.
    let runs: Option<&[Word]> = match n {
        "npx" | "pnpx" | "bunx" => Some(skip_opts(c.args, &["-p", "--package"])),
        "npm" | "pnpm" | "yarn" | "bun" if matches!(sub, "exec" | "x" | "dlx") => c
            .args
            .iter()
            .position(|a| a.text == sub)
            .map(|k| skip_opts(&c.args[k + 1..], &["-p", "--package", "-c", "--call"])),
        _ => None,
    };
    let mut flow = Flow {
        other: true,
        ..Flow::default()
    };
    if let Some(words) = runs.filter(|w| !w.is_empty()) {
        flow.merge(&exec(ctx, words, c.stdin, c.span, c.redirs));
    }
    // A package script set here runs on the next `npm install`/`npm run`: its text is judged
    // as a command (`npm pkg set scripts.postinstall=...`, `npm set-script NAME CMD`).
    if matches!(n, "npm" | "pnpm" | "yarn" | "bun") {
        let mut scripts: Vec<Word> = Vec::new();
        if sub == "pkg" && c.args.iter().any(|a| a.text == "set") {
            for a in c.args {
                if let Some((_, v)) = a
                    .text
                    .strip_prefix("scripts.")
                    .and_then(|t| t.split_once('='))
                {
                    scripts.push(value_word(a, v));
                }
            }
        }
        if sub == "set-script"
            && let Some(v) = positionals(c.args, &[]).get(2)
        {
            scripts.push((*v).clone());
        }
        for w in scripts {
            if w.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    w.span,
                    "a package script only known when the line runs",
                );
            }
            ctx.nested(&w.text, w.span);
        }
    }
    let system = matches!(
        n,
        "apt"
            | "apt-get"
            | "aptitude"
            | "yum"
            | "dnf"
            | "pacman"
            | "apk"
            | "zypper"
            | "snap"
            | "flatpak"
            | "port"
            | "dpkg"
            | "rpm"
            | "emerge"
            | "pkg"
            | "choco"
            | "winget"
    );
    if system {
        ctx.emit(
            RuleId::SystemPackages,
            c.span,
            format!("`{n}` changes system packages"),
        );
    } else if !TABLE_MEDIUM.contains(&n) {
        ctx.emit(
            RuleId::RunsCode,
            c.span,
            format!("`{n} {sub}` runs package scripts or project code"),
        );
    }
    if has_flag(c.args, 'g', &["global"]) && matches!(n, "npm" | "pnpm" | "yarn" | "bun")
        || (matches!(n, "pip" | "pip3")
            && c.args
                .iter()
                .any(|a| a.text == "--user" || a.text == "--break-system-packages"))
    {
        ctx.emit(
            RuleId::GlobalInstall,
            c.span,
            "installs packages outside the working directory",
        );
    }
    for a in c.args {
        let t = a.text.as_str();
        if (t.starts_with("--index-url")
            || t.starts_with("--extra-index-url")
            || t.starts_with("--registry")
            || t.starts_with("-i"))
            && t.contains("http://")
        {
            ctx.emit(
                RuleId::UploadsData,
                a.span,
                "uses a plain-http package index",
            );
        }
    }
    flow
}

/// A forge's REST API called to delete or move what others fetch (`gh api -X DELETE
/// repos/o/r/git/refs/heads/main`, `-X PATCH .../git/refs/... -F force=true`, deleting a
/// branch, a tag or the repository): shared history rewritten by hand.
pub(super) fn forge_api_rewrites(ctx: &mut Ctx, c: &Call<'_>) {
    if !matches!(c.name.as_str(), "gh" | "glab" | "tea" | "hub")
        || c.args.first().is_none_or(|a| a.text != "api")
    {
        return;
    }
    let mut method = String::from("GET");
    for (k, a) in c.args.iter().enumerate() {
        let t = a.text.as_str();
        if let Some(m) = t
            .strip_prefix("--method=")
            .or_else(|| t.strip_prefix("-X").filter(|m| !m.is_empty()))
        {
            method = m.to_ascii_uppercase();
        } else if matches!(t, "-X" | "--method")
            && let Some(m) = c.args.get(k + 1)
        {
            method = m.text.to_ascii_uppercase();
        }
    }
    let forced = c.args.iter().any(|a| a.text == "force=true");
    let rewrites = c.args.iter().skip(1).any(|a| {
        let path = a.text.trim_start_matches('/');
        let parts: Vec<&str> = path.split('/').collect();
        let refs =
            path.contains("git/refs") || path.contains("/branches/") || path.contains("/tags/");
        let repo = (parts.first() == Some(&"repos") && parts.len() == 3)
            || (parts.first() == Some(&"projects") && parts.len() == 2);
        (method == "DELETE" && (refs || repo)) || (refs && forced)
    });
    if rewrites {
        ctx.emit(
            RuleId::GitForcePush,
            c.span,
            format!(
                "`{} api` deletes or moves refs or repositories others depend on",
                c.name
            ),
        );
    }
}
