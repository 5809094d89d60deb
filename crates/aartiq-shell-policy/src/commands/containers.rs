//! Containers, clusters and the databases they serve.

use super::*;

/// Switches of manifest renderers (`kubectl kustomize`, `helm template`) that make them run
/// programs: exec and alpha plugins, charts inflated by a helm command, post-renderers.
const RENDERER_PLUGIN_SWITCHES: &[&str] = &[
    "--enable-exec",
    "--enable-alpha-plugins",
    "--enable-helm",
    "--helm-command",
    "--post-renderer",
    "--post-renderer-args",
];

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
                "image" | "container" | "network" | "volume" | "compose" | "context" | "system"
            ) && matches!(
                subs.get(1).copied(),
                Some("ls" | "list" | "inspect" | "ps" | "logs" | "df" | "info" | "config")
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
                    // Prints the manifests a kustomization builds (unless told to run
                    // plugins, below).
                    | "kustomize"
            ) || (sub == "config"
                && matches!(
                    subs.get(1).copied(),
                    Some("view" | "get-contexts" | "current-context")
                ))
        }
        "helm" => {
            matches!(
                sub,
                "list" | "ls" | "status" | "history" | "version" | "show" | "template"
            ) || (sub == "get"
            // A release's manifest can hold its secrets; values, notes and metadata are settings.
            && matches!(subs.get(1).copied(), Some("values" | "notes" | "metadata" | "hooks")))
        }
        _ => false,
    } || super::queries::query_verb(c)
        || (matches!(n, "kubectl" | "helm") && super::queries::dry_run(c));
    // Renderers told to run plugins or a post-renderer run programs while they print.
    let runs_plugins = c.args.iter().any(|a| {
        RENDERER_PLUGIN_SWITCHES
            .iter()
            .any(|s| a.text == *s || a.text.strip_prefix(s).is_some_and(|r| r.starts_with('=')))
    });
    if read_only && !runs_plugins {
        // `kubectl config view --raw` prints the cluster credentials the config holds.
        if n == "kubectl"
            && sub == "config"
            && c.args
                .iter()
                .any(|a| a.text == "--raw" || a.text == "--flatten")
        {
            ctx.emit(
                RuleId::CredentialPrint,
                c.span,
                "prints the cluster credentials of the kubeconfig",
            );
        }
        let shown = n == "kubectl"
            && sub == "get"
            && c.args.iter().any(|a| a.text.starts_with("secret"))
            && secret_data_shown(c.args);
        if shown {
            ctx.emit(RuleId::WorkspaceSecretRead, c.span, "reads cluster secrets");
        }
        // Printed, the secrets ask; sent on by a later stage, they leave.
        return Flow {
            other: true,
            secrets: shown,
            ..Flow::default()
        };
    }
    ctx.emit(
        RuleId::Containers,
        c.span,
        format!("`{n} {sub}` changes containers or clusters"),
    );
    // `helm plugin install URL`: a plugin from anywhere, with install hooks that run here.
    if n == "helm" && sub == "plugin" {
        for a in c
            .args
            .iter()
            .filter(|a| a.text.contains("://") || a.dynamic)
        {
            ctx.emit(
                RuleId::RemotePackage,
                a.span,
                format!(
                    "`helm plugin` installs `{}` and runs its hooks",
                    printable(&a.text)
                ),
            );
        }
    }
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
    // `kubectl debug node/NAME` starts a pod in the node's host namespaces with its root
    // filesystem mounted.
    let node_debug =
        n == "kubectl" && sub == "debug" && c.args.iter().any(|a| a.text.starts_with("node/"));
    let escapes = escapes || node_debug || host_escape(ctx, c.args);
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
        for lib in sql_libraries(&raw) {
            if s.dynamic
                || foreign_library(&lib)
                || (!lib.contains('/') && super::options::library_file(&lib))
            {
                ctx.emit(
                    RuleId::LoadsLibrary,
                    s.span,
                    format!("`{n}` loads the library `{}`", printable(&lib)),
                );
            }
        }
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
    // sqlite's dot-commands that write a file name it: the file is judged as a write target.
    // Statements that only read a database in the working directory are read-only.
    let mut read_only = (n == "sqlite3" || n == "duckdb") && !sql.is_empty();
    if n == "sqlite3" || n == "duckdb" {
        let db_in_cwd = positionals(c.args, &["-cmd", "-separator", "-nullvalue", "-init"])
            .first()
            .is_none_or(|w| !w.dynamic && matches!(ctx.loc(w), Loc::Ws(_)));
        read_only &= db_in_cwd && c.args.iter().all(|a| a.text != "-init");
        for s in &sql {
            read_only &= !s.dynamic;
            for stmt in s.text.split([';', '\n']) {
                let stmt = stmt.trim();
                let upper = stmt.to_ascii_uppercase();
                let mut words = stmt.split_whitespace();
                let first = words.next().unwrap_or("").to_ascii_lowercase();
                if matches!(
                    first.as_str(),
                    ".output" | ".once" | ".save" | ".backup" | ".excel"
                ) && let Some(f) = words.next_back().filter(|f| !f.starts_with('-'))
                {
                    let f = f.trim_matches(['\'', '"']);
                    write_target(ctx, &value_word(s, f), &format!("`{n} {first}`"));
                }
                let reads = stmt.is_empty()
                    || matches!(
                        first.as_str(),
                        ".tables" | ".schema" | ".indexes" | ".dump" | ".mode" | ".headers"
                    )
                    || ["SELECT", "EXPLAIN", "WITH"]
                        .iter()
                        .any(|k| upper.starts_with(k));
                let writes = [
                    "INSERT",
                    "UPDATE",
                    "DELETE",
                    "DROP",
                    "CREATE",
                    "ALTER",
                    "REPLACE",
                    "ATTACH",
                    "VACUUM",
                    "WRITEFILE",
                    "LOAD_EXTENSION",
                    "EDIT(",
                ]
                .iter()
                .any(|k| upper.contains(k));
                read_only &= reads && !writes;
            }
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
    if !(read_only && !destructive && !shell) {
        ctx.emit(
            RuleId::Database,
            c.span,
            format!("`{n}` changes or reads a database"),
        );
    }
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

/// The libraries database statements load: sqlite's `.load PATH` and `load_extension('PATH')`,
/// DuckDB's and PostgreSQL's `LOAD 'PATH'`.
fn sql_libraries(sql: &str) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in sql.split([';', '\n']) {
        let stmt = stmt.trim();
        let mut words = stmt.split_whitespace();
        let first = words.next().unwrap_or("").to_ascii_lowercase();
        if matches!(first.as_str(), ".load" | "load")
            && let Some(lib) = words.next()
        {
            out.push(lib.trim_matches(['\'', '"']).to_string());
        }
        let lower = stmt.to_ascii_lowercase();
        if let Some(k) = lower.find("load_extension")
            && let Some(lib) = super::code::string_literals(&stmt[k..]).into_iter().next()
        {
            out.push(lib);
        }
    }
    out
}

/// Capabilities that give a container the host: mounts, kernel modules, other processes'
/// memory, every file regardless of permissions.
const HOST_CAPABILITIES: &[&str] = &[
    "all",
    "sys_admin",
    "sys_module",
    "sys_ptrace",
    "sys_rawio",
    "dac_read_search",
    "dac_override",
    "bpf",
];

/// Host namespaces shared with a container (`--pid=host`, `--userns host`).
const HOST_NAMESPACE_OPTIONS: &[&str] = &["--pid", "--ipc", "--userns", "--uts", "--cgroupns"];

/// Whether a container run gives the container the host: a bind mount of the root, a system
/// directory, home or a folder below it that holds keys or start-up files, or the container
/// daemon's socket; a host namespace; a capability from [`HOST_CAPABILITIES`]; a host device.
/// `systemd-nspawn`: a container whose root (`-D`, `--directory`, `--image`) or bind mount
/// (`--bind`, `--bind-ro`, `--overlay`) is a host path that hands it the machine or the user's
/// secrets (the host's `/`, a system directory, a disk, a home) runs as root over them.
pub(super) fn nspawn(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut i = 0;
    while i < c.args.len() {
        let t = c.args[i].text.as_str();
        i += 1;
        let (opt, value) = match t.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ if t.starts_with('-') && !t.starts_with("--") && t.len() > 2 => {
                // A cluster of short switches ending in the one that takes a value (`-qD /`).
                let last = &t[t.len() - 1..];
                let opt = if last == "D" {
                    "-D"
                } else if last == "i" {
                    "-i"
                } else {
                    t
                };
                (opt, c.args.get(i).map(|w| w.text.as_str()))
            }
            _ => (t, c.args.get(i).map(|w| w.text.as_str())),
        };
        let Some(value) = value else {
            continue;
        };
        let host = match opt {
            "-D" | "--directory" | "-i" | "--image" => host_path_escapes(ctx, value),
            "--bind" | "--bind-ro" | "--overlay" | "--overlay-ro" => {
                host_path_escapes(ctx, value.split(':').next().unwrap_or(""))
            }
            _ => false,
        };
        if host {
            ctx.emit(
                RuleId::PrivilegeEscalation,
                c.span,
                format!(
                    "`systemd-nspawn` is given the host path `{}`: the container runs as root over it",
                    printable(value)
                ),
            );
            break;
        }
    }
    unknown(ctx, c)
}

fn host_escape(ctx: &Ctx, args: &[Word]) -> bool {
    for (i, a) in args.iter().enumerate() {
        let t = a.text.as_str();
        let (opt, value) = match t.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o.to_string(), Some(v.to_string())),
            _ if t.starts_with("-v") && t.len() > 2 && !t.starts_with("--") => {
                ("-v".to_string(), Some(t[2..].to_string()))
            }
            _ => (t.to_string(), args.get(i + 1).map(|w| w.text.clone())),
        };
        let Some(value) = value else {
            continue;
        };
        let lower = value.to_ascii_lowercase();
        let hit = match opt.as_str() {
            "-v" | "--volume" => host_path_escapes(ctx, value.split(':').next().unwrap_or("")),
            "--mount" => value.split(',').any(|kv| {
                kv.strip_prefix("source=")
                    .or_else(|| kv.strip_prefix("src="))
                    .is_some_and(|p| host_path_escapes(ctx, p))
            }),
            "--cap-add" => HOST_CAPABILITIES
                .iter()
                .any(|cap| lower == *cap || lower == format!("cap_{cap}")),
            "--device" => {
                lower.starts_with("/dev/sd")
                    || lower.starts_with("/dev/nvme")
                    || lower.starts_with("/dev/mem")
                    || lower.starts_with("/dev/kmem")
            }
            o if HOST_NAMESPACE_OPTIONS.contains(&o) => lower == "host",
            _ => false,
        };
        if hit {
            return true;
        }
    }
    false
}

/// A host path whose bind mount hands the container the machine or the user's secrets.
fn host_path_escapes(ctx: &Ctx, path: &str) -> bool {
    let path = path
        .strip_prefix("$HOME")
        .or_else(|| path.strip_prefix("${HOME}"))
        .map_or_else(|| path.to_string(), |rest| format!("~{rest}"));
    if path.is_empty() || path.ends_with(".sock") {
        return !path.is_empty();
    }
    let loc = paths::resolve(&path, &ctx.cwd);
    matches!(
        paths::write_class(&loc),
        WriteClass::Root | WriteClass::System | WriteClass::Persistence | WriteClass::Device
    ) || paths::holds_credentials(&loc)
}

/// Whether `kubectl get secret` prints the secrets' data: the default and `wide` tables and
/// `-o name` show names, types and counts; `yaml` and `json` show the data, and so does a
/// template or JSONPath that names `data` or prints whole objects.
fn secret_data_shown(args: &[Word]) -> bool {
    let mut format: Option<String> = None;
    for (i, a) in args.iter().enumerate() {
        let t = a.text.as_str();
        if a.dynamic {
            return true;
        }
        if t == "-o" || t == "--output" {
            format = Some(args.get(i + 1).map(|w| w.text.clone()).unwrap_or_default());
        } else if let Some(v) = t.strip_prefix("--output=").or_else(|| t.strip_prefix("-o")) {
            format = Some(v.trim_start_matches('=').to_string());
        }
    }
    let Some(f) = format else {
        return false;
    };
    match f.as_str() {
        "wide" | "name" => false,
        _ => {
            let Some((kind, template)) = f.split_once('=') else {
                return true;
            };
            !matches!(
                kind,
                "jsonpath" | "go-template" | "custom-columns" | "template"
            ) || template.contains("data")
                || template.contains("..")
                || template.contains("{.}")
                || template.contains("{@}")
                || !template.contains('.')
        }
    }
}
