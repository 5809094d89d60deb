//! Network tools: HTTP clients, ssh, raw sockets, name lookups and TLS.

use super::*;

/// `openssl`.
pub(super) fn openssl(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let sub = c.args.first().map(|a| a.text.as_str()).unwrap_or("");
    let decoding = has_flag(c.args, 'd', &[]) || sub == "base64" && has_flag(c.args, 'd', &[]);
    if matches!(sub, "s_client" | "s_server") {
        ctx.emit(
            RuleId::Network,
            c.span,
            "`openssl` opens a network connection",
        );
    }
    for v in opt_values(c.args, &["-out"], &[]) {
        write_target(ctx, v, "`openssl -out`");
    }
    let network = matches!(sub, "s_client" | "s_server");
    Flow::through(
        Flow {
            decoder: decoding,
            network,
            raw_net: network,
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `ping`, `ping6`, `dig`, `nslookup`, `host`, `drill` and the rest of its table row.
pub(super) fn lookups(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    table_tier(ctx, c);
    if !TABLE_MEDIUM.contains(&n) {
        ctx.emit(
            RuleId::Network,
            c.span,
            format!("`{n}` contacts other hosts"),
        );
    }
    if c.args.iter().any(|a| a.subst || (a.dynamic && a.param)) {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            format!(
                "`{n}` sends data computed at run time to the network (DNS or ping exfiltration)"
            ),
        );
    }
    Flow {
        network: true,
        ..Flow::default()
    }
}

/// `nc`, `ncat`, `netcat`, `socat`, `telnet`, `ftp` and the rest of its table row.
pub(super) fn raw_sockets(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    let lower: Vec<String> = c.args.iter().map(|a| a.text.to_ascii_lowercase()).collect();
    if lower.iter().any(|a| {
        a == "-e"
            || a == "-c"
            || a.starts_with("--exec")
            || a.starts_with("--sh-exec")
            || a.starts_with("--lua-exec")
            || a.starts_with("exec:")
            || a.starts_with("system:")
            || a.contains(",exec")
    }) {
        ctx.emit(
            RuleId::ReverseShell,
            c.span,
            format!("`{n}` connects a shell or program to the network"),
        );
    } else {
        ctx.emit(
            RuleId::RawSocket,
            c.span,
            format!("`{n}` opens raw network connections"),
        );
    }
    if let Some(f) = c.stdin
        && f.shell_exec
    {
        ctx.emit(
            RuleId::ReverseShell,
            c.span,
            format!("a shell's output goes to the network through `{n}`"),
        );
    }
    if let Some(f) = c.stdin
        && f.secrets
    {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            format!("sends secrets to the network with `{n}`"),
        );
    }
    Flow {
        network: true,
        raw_net: true,
        ..Flow::default()
    }
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
    // `ssh -G HOST` prints the configuration it would use and connects nowhere; with `-F` or
    // `-o` the options are still judged below.
    // `ssh -Q KIND` lists the algorithms it supports and connects nowhere either.
    if c.name == "ssh"
        && c.args.iter().any(|a| a.text == "-G" || a.text == "-Q")
        && !c
            .args
            .iter()
            .any(|a| a.text.starts_with("-o") || a.text.starts_with("-F"))
        && c.stdin.is_none()
    {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    ctx.emit(
        RuleId::Network,
        c.span,
        format!("`{}` connects to another host", c.name),
    );
    ssh_options(ctx, c);
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

/// The `-o` options of ssh and of the programs that pass them to ssh (`scp`, `sftp`) that run a
/// local command (`ProxyCommand`, `LocalCommand`, `KnownHostsCommand`): the command is judged.
pub(super) fn ssh_options(ctx: &mut Ctx, c: &Call<'_>) {
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
}
