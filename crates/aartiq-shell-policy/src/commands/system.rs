//! System and network: services, package managers, containers, databases, HTTP clients, ssh.

use super::*;

pub(super) fn services(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .collect();
    let verb = if n == "service" {
        words.get(1).copied().unwrap_or("")
    } else {
        words.first().copied().unwrap_or("")
    };
    let read_only = matches!(
        verb,
        "" | "status"
            | "show"
            | "cat"
            | "list-units"
            | "list-unit-files"
            | "list-timers"
            | "list-sockets"
            | "list-dependencies"
            | "is-active"
            | "is-enabled"
            | "is-failed"
            | "list"
            | "print"
            | "help"
            | "--status-all"
    );
    if read_only {
        return Flow::default();
    }
    if matches!(
        verb,
        "enable"
            | "disable"
            | "mask"
            | "unmask"
            | "edit"
            | "set-property"
            | "daemon-reload"
            | "load"
            | "bootstrap"
            | "link"
            | "preset"
            | "set-default"
            | "add"
            | "submit"
    ) || n == "update-rc.d"
        || n == "rc-update"
        || n == "chkconfig"
    {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            format!("`{n} {verb}` changes what runs at start-up"),
        );
    } else if matches!(
        verb,
        "poweroff"
            | "reboot"
            | "halt"
            | "kexec"
            | "suspend"
            | "hibernate"
            | "rescue"
            | "emergency"
            | "isolate"
    ) {
        ctx.emit(
            RuleId::DangerousPattern,
            c.span,
            "Command contains dangerous patterns",
        );
    } else {
        ctx.emit(
            RuleId::ServiceControl,
            c.span,
            format!("`{n} {verb}` starts, stops or changes services"),
        );
    }
    Flow::default()
}

pub(super) fn http(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    table_tier(ctx, c);
    if !TABLE_MEDIUM.contains(&n) {
        ctx.emit(
            RuleId::Network,
            c.span,
            format!("`{n}` contacts other hosts"),
        );
    }
    let mut secrets_out = false;
    let mut uploads_stdin = false;
    let mut uploads = false;
    let args = c.args;
    let data_opts = [
        "-d",
        "--data",
        "--data-binary",
        "--data-raw",
        "--data-ascii",
        "--data-urlencode",
        "-F",
        "--form",
        "-T",
        "--upload-file",
        "--json",
        "--post-file",
        "--body-file",
        "--post-data",
        "--body-data",
    ];
    let mut i = 0;
    while i < args.len() {
        let here = &args[i];
        let t = here.text.as_str();
        let (name, inline_val) = match t.find('=') {
            Some(p) if t.starts_with("--") => (&t[..p], Some(&t[p + 1..])),
            _ => (t, None),
        };
        if data_opts.contains(&name) || (t.starts_with("-d") && t.len() > 2 && !t.starts_with("--"))
        {
            let val = match inline_val {
                Some(v) => Some(value_word(&args[i], v)),
                None if t.starts_with("-d") && t.len() > 2 => Some(value_word(&args[i], &t[2..])),
                None => {
                    i += 1;
                    args.get(i).cloned()
                }
            };
            if let Some(v) = val {
                let body = v.text.as_str();
                let file = if let Some(f) = body.strip_prefix('@') {
                    Some(f)
                } else if let Some(p) = body.find("=@") {
                    Some(&body[p + 2..])
                } else if let Some(p) = body.find("=<") {
                    Some(&body[p + 2..])
                } else if matches!(name, "-T" | "--upload-file" | "--post-file" | "--body-file") {
                    Some(body)
                } else {
                    None
                };
                if v.subst || v.param && v.dynamic {
                    ctx.emit(
                        RuleId::Exfiltration,
                        v.span,
                        "sends data computed at run time to the network",
                    );
                }
                if let Some(f) = file {
                    uploads = true;
                    if f == "-" || f == "/dev/stdin" {
                        uploads_stdin = true;
                    } else {
                        let loc = paths::resolve(f, &ctx.cwd);
                        if paths::secret_class(&loc) != SecretClass::None
                            || ctx.secret_files.contains(&loc)
                        {
                            secrets_out = true;
                        }
                    }
                }
            }
        } else if (matches!(
            name,
            "-o" | "--output" | "-O" | "--output-document" | "-P" | "--directory-prefix"
        ) || (t.len() > 2
            && t.starts_with('-')
            && !t.starts_with("--")
            && t[1..].chars().all(|ch| ch.is_ascii_alphabetic())
            && (t.ends_with('o') || (n == "wget" && t.ends_with('O')))))
            && !(n == "curl" && name == "-O")
        {
            let val = match inline_val {
                Some(v) => Some(value_word(&args[i], v)),
                None => {
                    i += 1;
                    args.get(i).cloned()
                }
            };
            if let Some(v) = val
                && v.text != "-"
            {
                write_target(ctx, &v, &format!("`{n}` download"));
                let loc = ctx.loc(&v);
                ctx.taint(loc);
            }
        } else if (n == "curl"
            && (t == "-O"
                || t == "--remote-name"
                || t == "--remote-name-all"
                || (t.starts_with('-') && !t.starts_with("--") && t.contains('O'))))
            || (n == "wget"
                && !t.starts_with('-')
                && !args.iter().any(|a| {
                    a.text.starts_with("-O")
                        || a.text.starts_with("--output-document")
                        || a.text == "-q-"
                }))
        {
            ctx.taint_unknown = true;
            // Outside the workspace, the file lands in the current directory: taint it.
            let here = paths::resolve(".", &ctx.cwd);
            if !matches!(here, Loc::Ws(_)) {
                ctx.taint(here);
            }
        } else if matches!(name, "-K" | "--config" | "-e" | "--execute") {
            ctx.emit(
                RuleId::ExecOption,
                here.span,
                format!("`{n}` reads options from a config file or command"),
            );
        }
        if t.starts_with("--") && (t.contains("url=") || t.starts_with("--proxy")) {
            // fine
        }
        if here.subst || (here.param && here.dynamic) {
            // URLs or headers carrying run-time data leave the machine.
            if !t.starts_with('-') {
                ctx.emit(
                    RuleId::Exfiltration,
                    here.span,
                    "sends data computed at run time to the network",
                );
            }
        }
        i += 1;
    }
    if secrets_out {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            format!("uploads a secrets file with `{n}`"),
        );
    }
    if uploads_stdin || (uploads && c.stdin.is_some()) {
        match c.stdin {
            Some(f) if f.secrets => ctx.emit(
                RuleId::Exfiltration,
                c.span,
                format!("uploads the environment or secrets with `{n}`"),
            ),
            Some(_) => ctx.emit(
                RuleId::UploadsData,
                c.span,
                format!("uploads piped data with `{n}`"),
            ),
            None => {}
        }
    } else if uploads {
        ctx.emit(
            RuleId::UploadsData,
            c.span,
            format!("sends data with `{n}`"),
        );
    }
    Flow {
        network: true,
        ..Flow::default()
    }
}

pub(super) fn ssh(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    ctx.emit(
        RuleId::Network,
        c.span,
        format!("`{}` connects to another host", c.name),
    );
    for v in opt_values(c.args, &["-o"], &[]) {
        let t = opt_text(v, &["-o"], &[]).to_string();
        let lower = t.to_ascii_lowercase();
        if lower.starts_with("proxycommand")
            || lower.starts_with("localcommand")
            || lower.starts_with("permitlocalcommand")
            || lower.starts_with("knownhostscommand")
        {
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                "ssh option runs a local command",
            );
            if let Some((_, cmd)) = t.split_once(['=', ' ']) {
                // ssh runs these as `exec CMD` through the user's shell, so a leading `;`
                // still starts a command.
                let script = if lower.starts_with("proxycommand") {
                    format!("exec {cmd}")
                } else {
                    cmd.to_string()
                };
                ctx.nested(&script, v.span);
            }
        }
    }
    if has_flag(c.args, 'R', &[]) || has_flag(c.args, 'D', &[]) {
        ctx.emit(RuleId::RawSocket, c.span, "ssh opens a tunnel");
    }
    if let Some(f) = c.stdin
        && f.secrets
    {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            "sends secrets to another host over ssh",
        );
    }
    Flow {
        network: true,
        ..Flow::default()
    }
}

pub(super) fn packages(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
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
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn containers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let subs: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .take(2)
        .collect();
    let sub = subs.first().copied().unwrap_or("");
    let read_only = match n {
        "docker" | "podman" | "nerdctl" => {
            matches!(
                sub,
                "ps" | "images"
                    | "logs"
                    | "inspect"
                    | "version"
                    | "info"
                    | "stats"
                    | "top"
                    | "port"
                    | "diff"
                    | "history"
            ) || (matches!(
                sub,
                "image" | "container" | "network" | "volume" | "compose" | "context"
            ) && matches!(
                subs.get(1).copied(),
                Some("ls" | "list" | "inspect" | "ps" | "logs")
            ))
        }
        "docker-compose" => matches!(sub, "ps" | "logs" | "config" | "images" | "top" | "version"),
        "kubectl" => {
            matches!(
                sub,
                "get"
                    | "describe"
                    | "logs"
                    | "version"
                    | "explain"
                    | "api-resources"
                    | "top"
                    | "cluster-info"
            ) || (sub == "config"
                && matches!(
                    subs.get(1).copied(),
                    Some("view" | "get-contexts" | "current-context")
                ))
        }
        "helm" => matches!(
            sub,
            "list" | "ls" | "status" | "history" | "version" | "show" | "template"
        ),
        _ => false,
    };
    if read_only {
        if n == "kubectl" && sub == "get" && c.args.iter().any(|a| a.text.starts_with("secret")) {
            ctx.emit(RuleId::WorkspaceSecretRead, c.span, "reads cluster secrets");
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    ctx.emit(
        RuleId::Containers,
        c.span,
        format!("`{n} {sub}` changes containers or clusters"),
    );
    let lower: Vec<String> = c.args.iter().map(|a| a.text.to_ascii_lowercase()).collect();
    let escapes = lower.iter().any(|a| {
        a == "--privileged"
            || a.starts_with("--pid=host")
            || a.starts_with("--cap-add=all")
            || a.starts_with("--cap-add=sys_admin")
            || a.starts_with("--security-opt=apparmor=unconfined")
    }) || lower.windows(2).any(|w| {
        (w[0] == "-v" || w[0] == "--volume" || w[0] == "--mount")
            && (w[1].starts_with("/:")
                || w[1].starts_with("/etc")
                || w[1].starts_with("/var/run/docker.sock")
                || w[1].starts_with("~/.ssh")
                || w[1].contains("source=/,")
                || w[1].starts_with("/root"))
    }) || lower
        .iter()
        .any(|a| a.starts_with("-v/:") || a.starts_with("--volume=/:"));
    if escapes {
        ctx.emit(
            RuleId::PrivilegeEscalation,
            c.span,
            "container with host root, host namespaces or full privileges",
        );
    }
    let pod_only = n == "kubectl"
        && sub == "delete"
        && matches!(
            subs.get(1).copied(),
            Some("pod" | "pods" | "po" | "job" | "jobs")
        );
    if matches!(n, "docker" | "podman")
        && (sub == "system" && subs.get(1) == Some(&"prune")
            || sub == "volume" && matches!(subs.get(1).copied(), Some("rm" | "prune")))
    {
        ctx.emit(
            RuleId::DestructiveCommand,
            c.span,
            format!("`{n} {sub}` deletes images, containers or volumes"),
        );
    }
    if !pod_only
        && (n == "kubectl" || n == "helm")
        && matches!(sub, "delete" | "uninstall" | "drain")
    {
        ctx.emit(
            RuleId::CloudDestruction,
            c.span,
            format!("`{n} {sub}` deletes resources or data"),
        );
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn database(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let mut sql: Vec<&Word> = opt_values(c.args, &["-c", "-e"], &["command", "execute", "eval"]);
    if n == "sqlite3" || n == "duckdb" {
        let pos = positionals(c.args, &["-cmd", "-separator", "-nullvalue", "-init"]);
        if pos.len() > 1 {
            sql.extend(pos[1..].iter().copied());
        }
        sql.extend(opt_values(c.args, &["-cmd"], &[]));
    }
    if n == "redis-cli" {
        let pos = positionals(c.args, &["-h", "-p", "-a", "-n", "-u", "--user", "--pass"]);
        if !pos.is_empty() {
            let joined = pos
                .iter()
                .map(|w| w.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
                .to_ascii_uppercase();
            if joined.starts_with("FLUSHALL")
                || joined.starts_with("FLUSHDB")
                || joined.starts_with("CONFIG SET")
                || joined.starts_with("SHUTDOWN")
                || joined.starts_with("DEL ")
            {
                ctx.emit(
                    RuleId::DatabaseDestruction,
                    c.span,
                    "destroys database data",
                );
                return Flow {
                    other: true,
                    ..Flow::default()
                };
            }
        }
    }
    let mut destructive = false;
    let mut shell = false;
    let piped = c.stdin.and_then(|f| f.literal.clone()).map(|l| Word {
        text: l,
        ..Word::default()
    });
    if let Some(p) = &piped {
        sql.push(p);
    }
    for s in &sql {
        let raw = opt_text(s, &["-c", "-e"], &["command", "execute", "eval"]).to_string();
        for line in raw.lines() {
            super::options::escape(ctx, line.trim(), s.span);
        }
        let t = raw.to_ascii_uppercase();
        let compact: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
        if compact.contains("DROP DATABASE")
            || compact.contains("DROP SCHEMA")
            || compact.contains("DROP TABLE")
            || compact.contains("TRUNCATE ")
            || compact.contains("DROP USER")
            || compact.contains("DROP ROLE")
            || compact.contains("DROP COLLECTION")
            || compact.contains("DROPDATABASE")
            || compact.contains(".DROP()")
            || compact.contains("DELETEMANY({})")
        {
            destructive = true;
        }
        if compact.contains("DELETE FROM") && !compact.contains("WHERE")
            || compact.contains("UPDATE ")
                && compact.contains(" SET ")
                && !compact.contains("WHERE")
        {
            destructive = true;
        }
        if compact.starts_with(".SHELL")
            || compact.starts_with(".SYSTEM")
            || compact.contains("\n.SHELL")
            || compact.contains(".SHELL ")
            || compact.contains(".SYSTEM ")
            || compact.starts_with("\\!")
            || compact.contains("COPY ") && compact.contains("PROGRAM")
            || compact.contains("LOAD_EXTENSION")
            || compact.starts_with(".LOAD")
        {
            shell = true;
        }
    }
    if destructive {
        ctx.emit(
            RuleId::DatabaseDestruction,
            c.span,
            "destroys database data",
        );
    }
    if shell {
        ctx.emit(
            RuleId::ExecOption,
            c.span,
            "database client runs shell commands or loads code",
        );
    }
    ctx.emit(
        RuleId::Database,
        c.span,
        format!("`{n}` changes or reads a database"),
    );
    if c.stdin.is_some_and(|f| f.network || f.decoder) {
        ctx.emit(
            RuleId::RemoteCodeExecution,
            c.span,
            "feeds downloaded or decoded statements to a database",
        );
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}
