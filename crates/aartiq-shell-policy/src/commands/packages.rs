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

    // Forge and cloud clients asked what they have (`gh pr list`, `gh auth status`, `aws s3
    // ls`, `gcloud ... describe`) read; their uploads and deletions are judged below.
    // The AWS CLI spells its reads as operations: `describe-*`, `list-*`, `get-*` (not those
    // that hand out secrets or write the object they get).
    let aws_read = n == "aws"
        && c.args
            .iter()
            .filter(|a| !is_opt(a))
            .nth(1)
            .is_some_and(|op| {
                let t = op.text.as_str();
                (t.starts_with("describe-") || t.starts_with("list-") || t.starts_with("get-"))
                    && ![
                        "password",
                        "token",
                        "secret",
                        "credential",
                        "key",
                        "object",
                        "parameter",
                        "login",
                        "decrypt",
                    ]
                    .iter()
                    .any(|k| t.contains(k))
            });
    if matches!(n, "gh" | "glab" | "tea" | "aws" | "gcloud" | "az")
        && (super::queries::query_verb(c) || aws_read)
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
    // A native library from outside the workspace given to a compiler or a media tool (`ffmpeg
    // -af ladspa=file=/tmp/l.so`, `gcc -fplugin=/tmp/p.so`) is loaded into it.
    super::shapes::libraries(ctx, c, c.args);
    // A build file from a world-writable directory (`dotnet msbuild /tmp/b.csproj`, `gradle
    // -b /tmp/x.gradle`): its tasks run.
    const BUILD_FILES: &[&str] = &[
        ".proj", ".csproj", ".vbproj", ".fsproj", ".targets", ".sln", ".gradle", ".kts", ".cmake",
        ".mk", ".bzl", ".ninja",
    ];
    for a in c.args.iter().filter(|a| !a.dynamic) {
        let t = a.text.split_once('=').map_or(a.text.as_str(), |(_, v)| v);
        let lower = t.to_ascii_lowercase();
        if BUILD_FILES.iter().any(|e| lower.ends_with(e)) && shared_dir(&ctx.loc(&value_word(a, t)))
        {
            ctx.emit(
                RuleId::SharedDirExecutable,
                a.span,
                format!(
                    "`{n}` builds `{}`, a project in a world-writable directory",
                    printable(t)
                ),
            );
        }
    }
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

/// The long options that name where a package comes from (an index, a registry, a source).
const SOURCE_OPTIONS: &[&str] = &[
    "source",
    "index-url",
    "extra-index-url",
    "registry",
    "find-links",
    "index",
];

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
            matches!(sub, "ls" | "list" | "ll" | "la" | "why" | "explain" | "help" | "config" | "pkg" if !matches!(sub, "config" | "pkg") || c.args.iter().any(|a| a.text == "get" || a.text == "list"))
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
                // `cargo --list` lists the subcommands, built in and installed: runs none.
                || (sub.is_empty() && matches!(c.args, [a] if a.text == "--list"))
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
        "apt" | "apt-get" | "apt-cache" | "dpkg" | "dpkg-deb" | "rpm" | "yum" | "dnf"
        | "pacman" | "apk" | "snap" | "flatpak" | "zypper" => {
            matches!(
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
            ) || (matches!(n, "dpkg" | "dpkg-deb" | "rpm")
                && c.args.first().is_some_and(|a| {
                    matches!(
                        a.text.as_str(),
                        "-c" | "--contents"
                            | "-I"
                            | "--info"
                            | "-l"
                            | "-L"
                            | "-s"
                            | "-S"
                            | "-q"
                            | "-qa"
                            | "-ql"
                            | "-qi"
                            | "-qlp"
                            | "-qip"
                    ) || (n == "rpm"
                        // Any query (`-qf FILE`, `-qR`, `-q --changelog`) reads the database;
                        // `--eval`/`-E` expands macros, judged as code elsewhere.
                        && a.text.starts_with("-q")
                        && a.text[1..].chars().all(|ch| ch.is_ascii_alphabetic()))
                })
                && !c
                    .args
                    .iter()
                    .any(|a| matches!(a.text.as_str(), "--eval" | "-E")))
        }
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
    } && !(sub == "history" && super::queries::changes(c))
        || super::queries::query_verb(c)
        || super::queries::dry_run(c)
        || (n == "pacman" && super::queries::pacman_query(c))
        || (n == "cargo" && sub == "fmt" && c.args.iter().any(|a| a.text == "--check"));
    if read_only {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    table_tier(ctx, c);
    package_downloads(ctx, c, sub);
    // A package, project or script in a world-writable directory that the subcommand installs
    // or runs (`npm install /tmp/pkg`, `deno run /tmp/x.ts`, `pip install /tmp/x.whl`) is code
    // anyone could have put there.
    // The system package managers install with verbs of their own (`yum localinstall`,
    // `zypper in`, `dnf reinstall`) or with an option and no verb (`rpm -Uvh FILE`, `pacman -U
    // FILE`, `dpkg -i FILE`): their package scripts run as root.
    let install_option = c.args.iter().any(|a| {
        let t = a.text.as_str();
        matches!(t, "--install" | "--upgrade" | "--freshen" | "--reinstall")
            || (t.starts_with('-')
                && !t.starts_with("--")
                && (t[1..].starts_with('U') || t[1..].starts_with('i') || t[1..].starts_with('F')))
    });
    let verb_less = matches!(n, "rpm" | "dpkg" | "pacman" | "opkg" | "apk") && install_option;
    if verb_less
        || matches!(
            sub,
            "run"
                | "install"
                | "i"
                | "in"
                | "add"
                | "exec"
                | "x"
                | "dlx"
                | "test"
                | "start"
                | "eval"
                | "localinstall"
                | "reinstall"
                | "upgrade"
                | "localupdate"
        )
    {
        for w in positionals(c.args, &[])
            .into_iter()
            .skip(usize::from(!verb_less))
        {
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
    // `bun run -`, `deno run -`: the program is read from standard input.
    if matches!(n, "bun" | "deno")
        && sub == "run"
        && positionals(c.args, &[])
            .get(1)
            .is_some_and(|w| matches!(w.text.as_str(), "-" | "/dev/stdin"))
    {
        super::code::stdin_script(ctx, c, false);
    }
    // A package installed from a URL or a git host, or from an index other than the public
    // registries, is built and installed by scripts from wherever the line says.
    if matches!(sub, "install" | "i" | "add" | "plugin") {
        let mut sources: Vec<&Word> = positionals(c.args, &[]).into_iter().skip(1).collect();
        sources.extend(opt_values(
            c.args,
            if matches!(n, "pip" | "pip3" | "uv") {
                &["-i", "-f"]
            } else {
                &[]
            },
            SOURCE_OPTIONS,
        ));
        for w in sources {
            let t = opt_text(w, &["-i", "-f"], SOURCE_OPTIONS);
            if !w.dynamic && remote_package_source(t) {
                ctx.emit(
                    RuleId::RemotePackage,
                    w.span,
                    format!(
                        "`{n} {sub}` installs from `{}`, running its build and install scripts",
                        printable(t)
                    ),
                );
            }
        }
    }
    // `pip config set`, `npm config set`: a setting that names an index or a program persists
    // for every later install or script.
    if sub == "config"
        && c.args.iter().any(|a| a.text == "set")
        && let Some(key) = positionals(c.args, &[]).get(2)
    {
        let k = key.text.to_ascii_lowercase();
        let value = positionals(c.args, &[])
            .get(3)
            .map_or("", |w| w.text.as_str());
        let names_program = [
            "shell",
            "node-options",
            "onload-script",
            "userconfig",
            "globalconfig",
            "prefix",
        ]
        .iter()
        .any(|p| k.ends_with(p));
        let index = ["index-url", "registry", "find-links", "index"]
            .iter()
            .any(|p| k.ends_with(p))
            && remote_package_source(value.split_once('=').map_or(value, |(_, v)| v))
            || k.contains('=') && remote_package_source(k.split_once('=').map_or("", |(_, v)| v));
        if names_program || index {
            ctx.emit(
                RuleId::Persistence,
                key.span,
                format!(
                    "`{n} config set {}` changes what every later install or script runs",
                    printable(&key.text)
                ),
            );
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

/// Package runners: the program, the subcommand that runs a package (empty when the program
/// itself does), and the options whose value is a package to fetch.
/// A subcommand that fetches packages into files without installing them, and the options
/// naming where they land.
struct PackageDownload {
    programs: &'static [&'static str],
    subcommand: &'static str,
    short: &'static [&'static str],
    long: &'static [&'static str],
}

const PACKAGE_DOWNLOADS: &[PackageDownload] = &[
    PackageDownload {
        programs: &["pip", "pip3"],
        subcommand: "download",
        short: &["-d"],
        long: &["dest"],
    },
    PackageDownload {
        programs: &["npm", "pnpm"],
        subcommand: "pack",
        short: &[],
        long: &["pack-destination"],
    },
    PackageDownload {
        programs: &["yarn"],
        subcommand: "pack",
        short: &["-f"],
        long: &["filename"],
    },
    PackageDownload {
        programs: &["apt-get", "apt", "aptitude", "dnf", "yum"],
        subcommand: "download",
        short: &[],
        long: &["destdir"],
    },
    PackageDownload {
        programs: &["gem"],
        subcommand: "fetch",
        short: &[],
        long: &[],
    },
];

/// A package fetched from a registry into a file (`pip download foo`, `npm pack foo`, `apt-get
/// download foo`) is downloaded code, as `curl -O` of an archive is: what it is, or what
/// unpacks from it, run later in the line runs unseen code. `npm pack` with no package packs
/// the workspace itself.
fn package_downloads(ctx: &mut Ctx, c: &Call<'_>, sub: &str) {
    let n = c.name.as_str();
    let Some(PackageDownload { short, long, .. }) = PACKAGE_DOWNLOADS
        .iter()
        .find(|d| d.programs.contains(&n) && d.subcommand == sub)
    else {
        return;
    };
    let requirements = c
        .args
        .iter()
        .any(|a| a.text == "-r" || a.text.starts_with("--requirement"));
    if positionals(c.args, &[]).len() < 2 && !requirements {
        return;
    }
    ctx.taint(paths::Loc::Unknown);
    let here = paths::resolve(".", &ctx.cwd);
    if !matches!(here, paths::Loc::Ws(_)) {
        ctx.taint(here);
    }
    for d in opt_values(c.args, short, long) {
        let w = value_word(d, opt_text(d, short, long));
        if !w.dynamic {
            let loc = ctx.loc(&w);
            ctx.taint(loc);
        }
    }
}

const PACKAGE_RUNNERS: &[(&str, &str)] = &[
    ("npx", ""),
    ("pnpx", ""),
    ("bunx", ""),
    ("uvx", ""),
    ("npm", "exec"),
    ("npm", "x"),
    ("pnpm", "dlx"),
    ("pnpm", "exec"),
    ("yarn", "dlx"),
    ("yarn", "exec"),
    ("bun", "x"),
    ("pipx", "run"),
    ("uv", "run"),
    ("uv", "tool"),
    // Runtimes that fetch a module or script named by a URL or a module path and run it.
    ("deno", "run"),
    ("bun", "run"),
    ("go", "run"),
    // A chart is a package of templates and hooks; one named by URL comes from no repository.
    ("helm", "install"),
    ("helm", "upgrade"),
];
const PACKAGE_SPEC_OPTIONS: &[&str] = &[
    "-p",
    "--package",
    "--spec",
    "--from",
    "--with",
    "--with-requirements",
    "--with-editable",
];
/// How a package fetched from somewhere other than a registry is spelled.
const REMOTE_SPEC_PREFIXES: &[&str] = &[
    "http://",
    "https://",
    "git+",
    "git://",
    "ssh://",
    "github:",
    "gitlab:",
    "bitbucket:",
    "gist:",
    "file:/tmp",
    "file:///tmp",
];

/// Whether a package spec names code from a URL, a git host or a world-writable directory.
fn remote_spec(ctx: &Ctx, w: &Word, npm_family: bool) -> bool {
    let t = w.text.as_str();
    if w.dynamic {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    // A Go module path at a version (`github.com/x/tool@latest`): fetched from its host.
    let module_query = t.split_once('@').is_some_and(|(path, _)| {
        path.contains('/')
            && !path.starts_with(['.', '/', '~'])
            && path
                .split('/')
                .next()
                .is_some_and(|host| host.contains('.'))
    });
    module_query
        || REMOTE_SPEC_PREFIXES.iter().any(|p| lower.starts_with(p))
        || lower.contains("@git+")
        || lower.contains("@https://")
        || shared_dir(&ctx.loc(w))
        // npm reads `owner/repo` as a GitHub repository.
        || (npm_family
            && t.contains('/')
            && !t.starts_with(['@', '.', '/', '~', '-'])
            && !t.contains("://"))
}

/// A package runner given a package from a URL, a git host or `/tmp`, and npm's `exec -c`
/// command line, judged as a command.
pub(super) fn package_runner_sources(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    let first = c.args.iter().position(|a| !a.text.starts_with('-'));
    let Some(&(_, sub)) = PACKAGE_RUNNERS
        .iter()
        .find(|(p, s)| *p == n && (s.is_empty() || first.is_some_and(|k| c.args[k].text == *s)))
    else {
        return;
    };
    // npm's family reads `owner/repo` as a GitHub repository; `bun run` runs a script.
    let npm_family = !(matches!(n, "uvx" | "pipx" | "uv" | "deno" | "go" | "helm")
        || n == "bun" && sub == "run");
    let start = if sub.is_empty() {
        0
    } else {
        first.map_or(0, |k| k + 1)
    };
    let args = &c.args[start..];
    let mut specs: Vec<&Word> = Vec::new();
    let mut i = 0;
    let mut operand_seen = false;
    while i < args.len() {
        let a = &args[i];
        let t = a.text.as_str();
        if t == "--" {
            if !operand_seen && let Some(w) = args.get(i + 1) {
                specs.push(w);
            }
            break;
        }
        if let Some((o, _)) = t.split_once('=')
            && PACKAGE_SPEC_OPTIONS.contains(&o)
        {
            specs.push(a);
        } else if PACKAGE_SPEC_OPTIONS.contains(&t) {
            if let Some(v) = args.get(i + 1) {
                specs.push(v);
            }
            i += 1;
        } else if matches!(t, "-c" | "--call") && npm_family {
            if let Some(v) = args.get(i + 1) {
                ctx.emit(
                    RuleId::ExecOption,
                    v.span,
                    format!("`{n} {sub} {t}` runs a command line"),
                );
                if !v.dynamic {
                    ctx.nested(&v.text, v.span);
                }
            }
            i += 1;
        } else if let Some(v) = t.strip_prefix("--call=") {
            ctx.emit(
                RuleId::ExecOption,
                a.span,
                format!("`{n} {sub} --call` runs a command line"),
            );
            if !a.dynamic {
                ctx.nested(v, a.span);
            }
        } else if !t.starts_with('-') && !operand_seen {
            operand_seen = true;
            // `uv run` runs a script or command, not a package; `helm install NAME CHART`
            // names the release first.
            if n == "helm" {
                if let Some(chart) = args[i + 1..].iter().find(|a| !a.text.starts_with('-')) {
                    specs.push(chart);
                }
            } else if !(n == "uv" && sub == "run") {
                specs.push(a);
            }
        }
        i += 1;
    }
    for w in specs {
        let value = super::shapes::option_value(w).unwrap_or(&w.text);
        let probe = Word {
            text: value.to_string(),
            ..w.clone()
        };
        if remote_spec(ctx, &probe, npm_family) {
            ctx.emit(
                RuleId::RemotePackage,
                w.span,
                format!(
                    "`{n}` fetches and runs `{}`, a package from outside any registry",
                    printable(value)
                ),
            );
        }
    }
}

/// Forge and hosted-git clients, and the objects of theirs whose deletion loses what others
/// fetch: repositories, projects, branches, tags and releases.
const FORGE_CLIENTS: &[&str] = &[
    "gh",
    "glab",
    "tea",
    "hub",
    "az",
    "bb",
    "bkt",
    "gitea",
    "fj",
    "berg",
    "lab",
    "jira",
    "codeberg",
    "forgejo",
    "sourcehut",
    "hut",
    "gcloud",
];
const FORGE_SHARED_OBJECTS: &[&str] = &[
    "repo",
    "repos",
    "repository",
    "project",
    "projects",
    "release",
    "branch",
    "tag",
    "source-repos",
    "git",
];
const FORGE_DELETE_VERBS: &[&str] = &["delete", "rm", "remove", "destroy", "del"];

/// A forge client deleting a repository, project, branch, tag or release (`glab repo delete`,
/// `tea repos delete`, `az repos delete`, `gh release delete`): shared history gone. Also a
/// `DELETE` sent by an HTTP client to a forge API path of a repository or ref.
pub(super) fn forge_deletions(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !a.text.starts_with('-'))
        .take(3)
        .map(|a| a.text.as_str())
        .collect();
    if FORGE_CLIENTS.contains(&n)
        && let Some(k) = words.iter().position(|w| FORGE_SHARED_OBJECTS.contains(w))
        && words[k + 1..]
            .iter()
            .any(|w| FORGE_DELETE_VERBS.contains(w))
    {
        ctx.emit(
            RuleId::GitForcePush,
            c.span,
            format!("`{n} {}` deletes what others fetch", words[k]),
        );
        return;
    }
    if matches!(n, "curl" | "http" | "https" | "xh" | "wget") {
        let delete = c.args.iter().enumerate().any(|(k, a)| {
            let t = a.text.as_str();
            t.eq_ignore_ascii_case("-XDELETE")
                || t.eq_ignore_ascii_case("--request=DELETE")
                || t.eq_ignore_ascii_case("--method=DELETE")
                || t == "DELETE"
                || (matches!(t, "-X" | "--request" | "--method")
                    && c.args
                        .get(k + 1)
                        .is_some_and(|m| m.text.eq_ignore_ascii_case("DELETE")))
        });
        let forge_path = c.args.iter().any(|a| {
            let t = a.text.to_ascii_lowercase();
            t.contains("://")
                && (t.contains("/repos/")
                    || t.contains("/repositories/")
                    || t.contains("/projects/")
                    || t.contains("/git/refs/"))
        });
        if delete && forge_path {
            ctx.emit(
                RuleId::GitForcePush,
                c.span,
                format!("`{n}` sends a DELETE for a repository or ref others fetch"),
            );
        }
    }
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

/// A package source that is not one of the public registries: a URL of another host, a git
/// host shorthand or URL.
pub(super) fn remote_package_source(t: &str) -> bool {
    if t.starts_with("git+")
        || t.starts_with("git@")
        || t.starts_with("github:")
        || t.starts_with("gitlab:")
    {
        return true;
    }
    let Some((_, rest)) = t.split_once("://") else {
        return false;
    };
    let host = rest.split(['/', ':', '?']).next().unwrap_or("");
    !super::KNOWN_PACKAGE_HOSTS.contains(&host)
}
