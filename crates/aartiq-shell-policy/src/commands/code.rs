//! Code: shells and interpreters (and what they read on stdin), inline code, echo/printf
//! literals, sed and awk programs, editors and Windows shells.

use super::*;

/// Does the line pass text to a shell on standard input; judge what it would run.
pub(super) fn stdin_script(ctx: &mut Ctx, c: &Call<'_>, shell: bool) {
    let Some(f) = c.stdin else {
        // A shell with neither a script nor visible input reads whatever the terminal or the
        // program that started it sends (`find -exec sh`, `zip -TT 'sh #'`): unseen commands.
        if shell
            && !c
                .redirs
                .iter()
                .any(|r| r.kind == crate::walk::RedirKind::Read)
        {
            ctx.emit(
                RuleId::PipeToShellUnknown,
                c.span,
                format!(
                    "`{}` starts an interactive shell; its commands are not shown",
                    c.name
                ),
            );
        }
        return;
    };
    if f.network {
        ctx.emit(
            RuleId::RemoteCodeExecution,
            c.span,
            format!("downloads code and runs it with `{}`", c.name),
        );
    } else if f.decoder {
        ctx.emit(
            RuleId::DecodeAndExecute,
            c.span,
            format!("decodes data and runs it with `{}`", c.name),
        );
    } else if f.tainted {
        ctx.emit(
            RuleId::TaintedExecutable,
            c.span,
            format!(
                "runs with `{}` a file written from downloaded or decoded data",
                c.name
            ),
        );
    } else if let (Some(text), true, false) = (&f.literal, shell, f.other) {
        ctx.emit(
            RuleId::PipeToShell,
            c.span,
            format!("passes literal commands to `{}`", c.name),
        );
        let text = text.clone();
        ctx.nested(&text, c.span);
    } else if let (Some(text), false, false) = (&f.literal, shell, f.other) {
        let text = text.clone();
        inline_code(ctx, c, &text);
    } else {
        ctx.emit(
            RuleId::PipeToShellUnknown,
            c.span,
            format!("`{}` runs commands read from its input", c.name),
        );
    }
}

pub(super) fn shell(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    // Options: -c STRING runs the string; otherwise the first operand is a script file;
    // otherwise commands come from standard input.
    let mut i = 0;
    let args = c.args;
    let mut command_mode = false;
    let mut stdin_mode = false;
    // `-n` (noexec): the shell reads and parses its script without running any of it; an
    // interactive shell ignores it.
    let mut noexec = false;
    let mut interactive = false;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" || t == "-" {
            i += 1;
            break;
        }
        if t.starts_with("--") {
            if t == "--rcfile" || t == "--init-file" {
                i += 1;
            }
            i += 1;
            continue;
        }
        if (t.starts_with('-') || t.starts_with('+')) && t.len() > 1 {
            if t.contains('c') && t.starts_with('-') {
                command_mode = true;
            }
            if t.contains('s') && t.starts_with('-') {
                stdin_mode = true;
            }
            if t.starts_with('-') && t[1..].chars().all(|ch| ch.is_ascii_alphabetic()) {
                noexec |= t.contains('n');
                interactive |= t.contains('i');
            }
            if t.contains('o') || t.contains('O') {
                i += 1;
            }
            i += 1;
            continue;
        }
        break;
    }
    let rest = &args[i.min(args.len())..];
    if command_mode {
        match rest.first() {
            Some(script) if !script.dynamic => {
                let text = script.text.clone();
                ctx.nested(&text, script.span);
            }
            Some(script) => {
                ctx.emit(
                    RuleId::DynamicScript,
                    script.span,
                    format!("`{}` runs a script only known when the line runs", c.name),
                );
                computed_code(ctx, script);
            }
            None => ctx.emit(RuleId::ParseError, c.span, "`-c` without a command string"),
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    if noexec
        && !interactive
        && !stdin_mode
        && c.stdin.is_none()
        && rest.len() == 1
        && rest[0].procsub.is_none()
        && !rest[0].dynamic
        && !rest[0].subst
    {
        // A syntax check: the script file is read, nothing in it runs.
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    table_tier(ctx, c);
    if !TABLE_MEDIUM.contains(&c.name.as_str()) {
        ctx.emit(
            RuleId::UnknownCommand,
            c.span,
            format!("`{}` starts a shell", c.name),
        );
    }
    if let (Some(script), false) = (rest.first(), stdin_mode) {
        if script_argument(ctx, c, script, true) {
            if STDIN_PATHS.contains(&script.text.as_str()) {
                stdin_script(ctx, c, true);
            } else {
                ctx.emit(
                    RuleId::RunsScript,
                    script.span,
                    format!("runs script `{}`", printable(&script.text)),
                );
                // A script can read what is piped in (`eval "$(cat)"`), and a word the grammar
                // joined across lines must not hide a pipe into a shell: piped input is judged
                // as if the shell read it, so adding an argument never lowers the tier.
                if c.stdin.is_some() {
                    stdin_script(ctx, c, true);
                }
            }
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    stdin_script(ctx, c, true);
    Flow {
        other: true,
        shell_exec: true,
        ..Flow::default()
    }
}

/// Judges a script argument of a shell or interpreter: a process substitution (`bash <(curl
/// ...)`) is code on stdin, a file written from downloaded or decoded data is tainted. Returns
/// whether neither applied, so the caller can judge the plain script path.
fn script_argument(ctx: &mut Ctx, c: &Call<'_>, script: &Word, shell: bool) -> bool {
    if let Some(f) = &script.procsub {
        let call = Call {
            name: c.name.clone(),
            args: &[],
            stdin: Some(f),
            span: c.span,
            redirs: c.redirs,
        };
        stdin_script(ctx, &call, shell);
        return false;
    }
    let loc = ctx.loc(script);
    if ctx.is_tainted(&loc) {
        ctx.emit(
            RuleId::TaintedExecutable,
            script.span,
            "runs a script written from downloaded or decoded data",
        );
        return false;
    }
    if !script.dynamic {
        let language = if shell { None } else { Some(c.name.as_str()) };
        written_script(ctx, &loc, language, script.span);
    }
    // A script in a world-writable directory is a program anyone could have put there, run
    // through its interpreter: the same as running the file itself.
    if !script.dynamic && shared_dir(&loc) && !STDIN_PATHS.contains(&script.text.as_str()) {
        ctx.emit(
            RuleId::SharedDirExecutable,
            script.span,
            format!(
                "`{}` runs `{}`, a script in a world-writable directory",
                c.name,
                printable(&script.text)
            ),
        );
    }
    true
}

/// A file the line wrote from known text and now runs (`printf '...' > clean.sh; sh clean.sh`):
/// the text is the script, judged as code of `language` (an interpreter's name), or, with none,
/// of the interpreter its `#!` line names, else as shell commands. Returns whether the file's
/// text was known.
pub(super) fn written_script(
    ctx: &mut Ctx,
    loc: &crate::paths::Loc,
    language: Option<&str>,
    span: Span,
) -> bool {
    let Some(text) = ctx.written_text(loc).map(str::to_string) else {
        return false;
    };
    let shebang = text
        .strip_prefix("#!")
        .and_then(|l| l.lines().next())
        .map(|l| {
            let mut words = l.split_whitespace();
            let first = words.next().unwrap_or("");
            let program = first.rsplit('/').next().unwrap_or(first);
            // `#!/usr/bin/env python3`: the program is env's operand.
            if program == "env" {
                words
                    .find(|w| !w.starts_with('-'))
                    .unwrap_or("")
                    .to_string()
            } else {
                program.to_string()
            }
        });
    let language = language.map(str::to_string).or(shebang);
    ctx.emit(
        RuleId::RunsScript,
        span,
        "runs a file written earlier in the line: its text is judged as the script",
    );
    match language {
        Some(l) if !super::SHELLS.contains(&l.as_str()) && !l.is_empty() => {
            let call = Call {
                name: l,
                args: &[],
                stdin: None,
                span,
                redirs: &[],
            };
            inline_code(ctx, &call, &text);
        }
        _ => ctx.nested(&text, span),
    }
    true
}

/// Paths that name the program's own standard input.
pub(super) const STDIN_PATHS: &[&str] = &["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"];

pub(super) fn interpreter(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let code_flags: &[&str] = match n {
        _ if n.starts_with("python") || n.starts_with("pypy") => &["-c"],
        "node" | "nodejs" | "bun" | "deno" | "ts-node" | "tsx" => {
            &["-e", "-p", "--eval", "--print", "eval"]
        }
        _ if n.starts_with("perl") || n.starts_with("ruby") => &["-e", "-E"],
        "php" => &["-r", "-R", "-B", "-E"],
        "osascript" => &["-e"],
        "lua" | "luajit" => &["-e"],
        "rscript" | "r" => &["-e"],
        "pwsh" | "powershell" => &["-c", "-command", "-Command"],
        // Lisp, Erlang and JVM languages spell their inline-code options their own ways.
        "sbcl" | "ecl" | "ccl" => &["--eval", "-eval", "--load"],
        "clisp" => &["-x"],
        "erl" => &["-eval"],
        "guile" => &["-c", "-e"],
        "racket" => &["-e", "--eval"],
        "clojure" | "bb" | "jrunscript" | "jjs" => &["-e", "--eval"],
        "octave" | "octave-cli" => &["--eval"],
        "matlab" => &["-r", "-batch"],
        "swipl" | "gprolog" => &["-g", "-t", "--goal", "--query-goal", "--init-goal"],
        "maxima" => &["--batch-string", "-r", "--run-string"],
        "crystal" => &["eval"],
        "ghc" | "ghci" | "runghc" | "runhaskell" => &["-e"],
        "csi" | "chibi-scheme" => &["-e", "-p", "-eval", "-print"],
        "gosh" => &["-e", "-E"],
        "mit-scheme" => &["--eval"],
        "gforth" => &["-e", "--evaluate"],
        "wolframscript" => &["-code", "-c"],
        "coffee" => &["-e", "--eval"],
        "gnuplot" => &["-e"],
        _ => &["-e", "-c", "--eval"],
    };
    // Options that take the next word as their value, which is no script name.
    let with_value: &[&str] = match n {
        _ if n.starts_with("python") || n.starts_with("pypy") => &["-W", "-X", "-Q"],
        "php" | "php-cgi" => &["-d", "-c", "-z", "-t", "-S", "--define"],
        "node" | "nodejs" | "bun" | "tsx" | "ts-node" => &[
            "-r",
            "--require",
            "--import",
            "--loader",
            "--experimental-loader",
            "--input-type",
            "-C",
            "--conditions",
        ],
        _ if n.starts_with("ruby") => &["-I", "-r", "-E", "-C", "--encoding"],
        _ if n.starts_with("perl") => &["-I", "-M", "-m"],
        "lua" | "luajit" => &["-l"],
        _ => &[],
    };
    let python_module = c.args.iter().position(|w| w.text == "-m").and_then(|k| {
        c.args
            .get(k + 1)
            .map(|m| (m.text.as_str(), &c.args[k + 2..]))
    });
    if !python_module.is_some_and(|(m, rest)| {
        matches!(m, "pip" | "json.tool" | "platform" | "sysconfig") || stdlib_query(m, rest)
    }) {
        table_tier(ctx, c);
        if !TABLE_MEDIUM.contains(&n) {
            ctx.emit(RuleId::RunsCode, c.span, format!("`{n}` runs code"));
        }
    }
    let mut inline: Vec<Word> = Vec::new();
    let mut i = 0;
    let mut script: Option<&Word> = None;
    while i < c.args.len() {
        let a = &c.args[i];
        let t = a.text.as_str();
        if code_flags.contains(&t) {
            if let Some(v) = c.args.get(i + 1) {
                inline.push(v.clone());
            }
            i += 2;
            continue;
        }
        // `--eval=CODE`: the same option with its value attached.
        if let Some((o, v)) = t.split_once('=')
            && o.starts_with('-')
            && code_flags.contains(&o)
        {
            inline.push(value_word(a, v));
            i += 1;
            continue;
        }
        // Clustered flags such as `perl -pie 'code'` or `-ne`.
        if t.starts_with('-')
            && !t.starts_with("--")
            && t.len() > 2
            && code_flags
                .iter()
                .any(|f| f.len() == 2 && t.ends_with(&f[1..]))
        {
            if let Some(v) = c.args.get(i + 1) {
                inline.push(v.clone());
            }
            i += 2;
            continue;
        }
        if t == "-m"
            && c.args.get(i + 1).is_some_and(|m| {
                m.text == "pip"
                    || m.text == "json.tool"
                    || m.text == "platform"
                    || m.text == "sysconfig"
                    || stdlib_query(&m.text, &c.args[i + 2..])
            })
        {
            let m = &c.args[i + 1];
            if m.text == "pip" {
                let sub = Call {
                    name: "pip".into(),
                    args: &c.args[i + 2..],
                    stdin: c.stdin,
                    span: c.span,
                    redirs: c.redirs,
                };
                return packages(ctx, &sub);
            }
            return Flow {
                other: true,
                ..Flow::default()
            };
        }
        if t == "-m" {
            // `python -m module`: runs a module; the rest are its arguments.
            ctx.emit(RuleId::RunsCode, a.span, format!("`{n} -m` runs a module"));
            script = c.args.get(i + 1);
            break;
        }
        if t == "-" {
            break;
        }
        if with_value.contains(&t) {
            i += 2;
            continue;
        }
        if !t.starts_with('-') {
            script = Some(a);
            break;
        }
        i += 1;
    }
    // `perl -pi -e CODE FILE...` / `ruby -i`: the files after the code are edited in place.
    let in_place = (n.starts_with("perl") || n.starts_with("ruby"))
        && c.args.iter().any(|a| {
            let t = a.text.as_str();
            t.starts_with('-')
                && !t.starts_with("--")
                && t[1..].starts_with(|ch: char| ch.is_ascii_alphabetic())
                && t[1..].contains('i')
        });
    if in_place && !inline.is_empty() {
        let code_words: Vec<Span> = inline.iter().map(|w| w.span).collect();
        for a in c.args {
            if !a.text.starts_with('-') && !code_words.contains(&a.span) {
                write_target(ctx, a, &format!("`{n} -i`"));
            }
        }
    }
    if !inline.is_empty() {
        for code in &inline {
            // An inline-code option given `-` reads the code from standard input.
            if code.text == "-" && !code.dynamic {
                stdin_script(ctx, c, false);
                continue;
            }
            ctx.emit(
                RuleId::InlineCode,
                code.span,
                format!("`{n}` runs inline code"),
            );
            if let Some(t) = code.lit() {
                let t = t.to_string();
                let call = Call {
                    name: c.name.clone(),
                    args: &[],
                    stdin: None,
                    span: code.span,
                    redirs: &[],
                };
                inline_code(ctx, &call, &t);
            } else {
                ctx.emit(
                    RuleId::DynamicScript,
                    code.span,
                    "inline code only known when the line runs",
                );
                computed_code(ctx, code);
                // What is known of it is still judged (`open('$HOME/.bashrc','a')`).
                let t = code.text.clone();
                let call = Call {
                    name: c.name.clone(),
                    args: &[],
                    stdin: None,
                    span: code.span,
                    redirs: &[],
                };
                inline_code(ctx, &call, &t);
            }
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    match script {
        // A script read from the interpreter's own standard input is what is piped in.
        Some(s) if !s.dynamic && STDIN_PATHS.contains(&s.text.as_str()) => {
            stdin_script(ctx, c, false);
        }
        Some(s) if c.args.iter().all(|a| a.text != "-m") => {
            script_argument(ctx, c, s, false);
        }
        // Modules that run the script named after them (`-m pdb FILE`, `-m trace --count
        // FILE`, `-m cProfile FILE`): the script is judged as if run directly.
        _ if python_module.is_some_and(|(m, _)| SCRIPT_RUNNING_MODULES.contains(&m)) => {
            // The script is the first operand that looks like one (`-s time` takes a value).
            if let Some(s) = python_module.and_then(|(_, rest)| {
                rest.iter()
                    .find(|a| a.text.ends_with(".py") || a.text.contains('/'))
                    .or_else(|| rest.iter().find(|a| !a.text.starts_with('-')))
            }) {
                script_argument(ctx, c, s, false);
            }
        }
        Some(_) => {}
        None => {
            if c.stdin.is_some() {
                stdin_script(ctx, c, false);
            }
        }
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// Python modules that run a script given after them.
const SCRIPT_RUNNING_MODULES: &[&str] = &[
    "pdb",
    "ipdb",
    "pudb",
    "trace",
    "cProfile",
    "profile",
    "runpy",
    "coverage",
    "memray",
    "scalene",
    "pyinstrument",
    "debugpy",
    "viztracer",
];

/// Look inside inline interpreter code for shell-outs, decoded payloads and destruction.
pub(super) fn inline_code(ctx: &mut Ctx, c: &Call<'_>, code: &str) {
    super::endless::endless_inline_code(ctx, c.span, &c.name, code);
    let lower = code.to_ascii_lowercase();
    // Tcl's `exec prog args` (and Expect's `spawn`) is a command line, not a call with
    // parentheses: each one is judged as a command.
    if matches!(c.name.as_str(), "tclsh" | "wish" | "expect" | "jimsh") {
        for stmt in code.split([';', '\n', '[', ']']) {
            let stmt = stmt.trim();
            if let Some(rest) = stmt
                .strip_prefix("exec ")
                .or_else(|| stmt.strip_prefix("spawn "))
            {
                ctx.emit(
                    RuleId::ShellOutInCode,
                    c.span,
                    format!("`{}` code starts other programs", c.name),
                );
                ctx.nested(rest.trim(), c.span);
            }
        }
    }
    let shell_out = [
        "system(",
        // Perl's and Ruby's calls without parentheses: `exec "bash"`, `system 'id'`.
        "exec \"",
        "exec '",
        "system \"",
        "system '",
        "popen(",
        "subprocess",
        "exec(",
        "execsync",
        "spawn(",
        "spawnsync",
        "child_process",
        "`",
        "os.exec",
        "pty.spawn",
        "shell_exec",
        "passthru",
        "proc_open",
        "do shell script",
        "runtime.getruntime",
        "processbuilder",
        "%x(",
        "%x{",
        "qx(",
        "qx{",
        "io.popen",
        "os.execute",
        "eval(",
        "compile(",
        // Lisp, Erlang, Elixir, Scala, Groovy and Swift ways of starting a program.
        "(system ",
        "run-program",
        "(shell ",
        "/shell ",
        "(sh ",
        "/sh ",
        "ext:shell",
        "shell-command",
        "(process ",
        "os:cmd",
        "open_port(",
        "system.cmd",
        "system.shell",
        "sys.process",
        ".execute()",
        "process()",
    ];
    let decodes = [
        "b64decode",
        "base64",
        "atob(",
        "buffer.from(",
        "unhexlify",
        "fromhex",
        "decode(",
        "unpack(",
        "zlib",
        "marshal",
        "pickle.loads",
        "codecs.decode",
        "rot13",
        "chr(",
        // Perl's `pack("H*", ...)`, PHP's, Ruby's and Lua's decoders.
        "pack(",
        "pack \"h",
        "pack 'h",
        "hex2bin",
        "base64_decode",
        "str_rot13",
        "gzinflate",
        "decode64",
        "unpack1",
        "frombase64string",
        "string.char",
        "fromcharcode",
    ];
    let destroys = [
        "rmtree",
        "rmsync",
        "rm_rf",
        "rm_r",
        "remove_dir_all",
        "fs.rm",
        "unlink",
        "os.remove",
        "rmdir",
        "shutil.move",
        "truncate",
        "os.chmod",
        "setuid",
    ];
    let net = [
        "urllib",
        "urlopen",
        "requests.",
        "http.client",
        "socket",
        "fetch(",
        "http.get",
        "https.get",
        "net/http",
        "open-uri",
        "lwp::",
        "net::http",
        "curl",
        "wget",
        "xmlhttprequest",
        "websocket",
        "fsockopen",
        "stream_socket",
        "tcpsocket",
        "/dev/tcp",
        "io::socket",
        "http::tiny",
        "httpclient",
        "httpx",
        "aiohttp",
        "invoke-webrequest",
        "invoke-restmethod",
        "webclient",
        "ftplib",
        "smtplib",
        "paramiko",
        "boto3",
        "telnetlib",
        "net.connect",
        "dgram",
        // node's modules by name: `require("net").connect(...)`, `require("http").request`.
        "require(\"net\")",
        "require('net')",
        "require(\"http\")",
        "require('http')",
        "require(\"https\")",
        "require('https')",
        "http.request",
        "https.request",
        "createserver(",
        "createconnection(",
    ];
    let has = |list: &[&str]| list.iter().any(|p| lower.contains(p));
    let shells_out = has(&shell_out);
    if shells_out {
        ctx.emit(
            RuleId::ShellOutInCode,
            c.span,
            format!("`{}` code starts other programs", c.name),
        );
        for lit in string_literals(code) {
            // A program named by its path in a system directory (`"/bin/sh"`) is that program.
            let first = lit.split_whitespace().next().unwrap_or("");
            let name = match first.rsplit_once('/') {
                Some((dir, base)) if super::trusted_dir(dir) => base,
                _ => first,
            };
            if lit.contains(' ') || is_known_command(name) {
                ctx.nested(&lit, c.span);
            }
        }

        // An argument vector (`subprocess.run(['crontab', 'jobs.txt'])`, `system("crontab",
        // "-r")`, Lisp's `(sh "chmod" "-R" "777" dir)`): the literals listed together are one
        // command.
        for argv in literal_lists(code).into_iter().chain(form_arguments(code)) {
            if argv.len() > 1 && is_known_command(&argv[0]) {
                let script: Vec<String> = argv.iter().map(|a| shell_quote(a)).collect();
                ctx.nested(&script.join(" "), c.span);
            }
        }
    }
    // A program named by its path as the first argument of a call that starts it
    // (`shell_exec("/tmp/c")`, Perl's `exec "/tmp/x"`): judged as a command.
    for prog in called_paths(code) {
        // A system program (`/bin/sh`) in code that shells out is judged by the literal reading
        // above; started by a call that reading does not know (Perl's `exec "/bin/sh"`), here.
        let dir = prog.rsplit_once('/').map_or("", |(d, _)| d);
        if shells_out && super::trusted_dir(dir) {
            continue;
        }
        if !shells_out {
            ctx.emit(
                RuleId::ShellOutInCode,
                c.span,
                format!("`{}` code starts other programs", c.name),
            );
        }
        ctx.nested(&shell_quote(&prog), c.span);
    }
    if has(&decodes) && (shells_out || lower.contains("exec") || lower.contains("eval")) {
        ctx.emit(
            RuleId::DecodeAndExecute,
            c.span,
            "inline code decodes a payload and executes it",
        );
    }
    if has(&net) && (shells_out || lower.contains("exec") || lower.contains("eval")) {
        ctx.emit(
            RuleId::RemoteCodeExecution,
            c.span,
            "inline code fetches from the network and executes",
        );
    }
    if has(&net) {
        ctx.emit(RuleId::Network, c.span, "inline code uses the network");
        if let Some(path) = credential_in_code(ctx, code, &lower) {
            ctx.emit(
                RuleId::Exfiltration,
                c.span,
                format!(
                    "inline code reads `{}` and uses the network: credentials leave the machine",
                    printable(&path)
                ),
            );
        } else if let Some(env) = whole_environment(code) {
            ctx.emit(
                RuleId::Exfiltration,
                c.span,
                format!(
                    "inline code takes the whole environment (`{env}`) and uses the network: its tokens leave the machine"
                ),
            );
        }
    }
    code_persists(ctx, c, code, &lower);
    code_runs_data(ctx, c, &lower);
    // Languages whose calls the lists above do not spell are also judged by the
    // language-neutral reading of names that run programs and read data.
    if !spelled_language(&c.name) {
        super::shapes::code_sinks(ctx, c, code);
    }
    code_loads_library(ctx, c, code, &lower);
    if has(&destroys) {
        let sensitive = [
            "expanduser",
            "path.home",
            "homedir",
            "os.homedir",
            "environ['home']",
            "environ[\"home\"]",
            "env['home']",
            "env.home",
            "getenv(\"home\")",
            "getenv('home')",
            "'~",
            "\"~",
            "'/'",
            "\"/\"",
            "/etc",
            "/usr",
            "/boot",
            "/var",
            "env[\"home\"]",
            "$env{home}",
            "dir.home",
            "/home",
            "/users/",
            "/root",
            "c:\\",
        ];
        if sensitive.iter().any(|s| lower.contains(s)) {
            ctx.emit(
                RuleId::DeleteOutsideCwd,
                c.span,
                "inline code deletes or changes files in home or system directories",
            );
        } else {
            ctx.emit(
                RuleId::DeleteInCwd,
                c.span,
                "inline code deletes or moves files",
            );
        }
    }
}

/// How code of many languages spells the home directory (lower case): a literal path joined to
/// one of these (`Dir.home + "/.aws/credentials"`, `os.path.join(os.path.expanduser("~"),
/// ".netrc")`) is below home.
const HOME_EXPRESSIONS: &[&str] = &[
    "expanduser",
    "homedir",
    "dir.home",
    "path.home",
    "user.home",
    "home_dir",
    "homedirectory",
    "environ['home']",
    "environ[\"home\"]",
    "env['home']",
    "env[\"home\"]",
    "env.home",
    "getenv(\"home\")",
    "getenv('home')",
    "$env{home}",
    "$env:home",
    "$home",
    "${home}",
    "%userprofile%",
    "userprofile",
];

/// Paths given as the first, quoted argument of a call that starts a program (`exec("/tmp/c",
/// $r)`, `proc_open('/tmp/c', ...)`, Perl's `exec "/tmp/x"`, `check_output(["/tmp/c"])`), in the
/// spellings of the common languages.
fn called_paths(code: &str) -> Vec<String> {
    const CALLS: &[&str] = &[
        "system",
        "exec",
        "execsync",
        "execfile",
        "execfilesync",
        "spawn",
        "spawnsync",
        "popen",
        "os.execute",
        "shell_exec",
        "passthru",
        "proc_open",
        "check_output",
        "check_call",
        "processbuilder",
        "start-process",
    ];
    let lower = code.to_ascii_lowercase();
    let mut out = Vec::new();
    for call in CALLS {
        for (k, _) in lower.match_indices(call) {
            // Whole names only: `exec` in `my_exec` or `execute` is another call.
            let before = lower[..k].chars().next_back();
            if before.is_some_and(|ch| ch.is_ascii_alphanumeric() || ch == '_') {
                continue;
            }
            let rest = &code[k + call.len()..];
            if !rest.starts_with(['(', ' ', '[']) {
                continue;
            }
            let after = rest
                .trim_start()
                .trim_start_matches(['[', '('])
                .trim_start();
            let Some(q) = after.chars().next().filter(|q| matches!(q, '"' | '\'')) else {
                continue;
            };
            let body = &after[1..];
            let Some(end) = body.find(q) else {
                continue;
            };
            let lit = &body[..end];
            if !lit.is_empty()
                && !lit.contains(char::is_whitespace)
                && (lit.starts_with('/') || lit.starts_with("~/") || lit.starts_with("./"))
                && !out.iter().any(|o| o == lit)
            {
                out.push(lit.to_string());
            }
        }
    }
    out
}

/// The whole process environment as inline code spells it, not one named variable:
/// `os.environ` (not `os.environ[...]`/`.get(`), `process.env` (not `process.env.X`), Ruby's
/// `ENV.to_h`, Perl's `%ENV`, PHP's `getenv()`.
fn whole_environment(code: &str) -> Option<&'static str> {
    const WHOLE: &[(&str, &[&str])] = &[
        ("os.environ", &["[", ".get(", ".setdefault(", ".pop("]),
        ("process.env", &[".", "["]),
        ("ENV.to_h", &[]),
        ("ENV.to_a", &[]),
        ("ENV.inspect", &[]),
        ("%ENV", &[]),
        ("getenv()", &[]),
        ("Deno.env.toObject()", &[]),
        ("System.getenv()", &[]),
    ];
    WHOLE.iter().find_map(|(name, narrowing)| {
        code.match_indices(name)
            .any(|(k, _)| {
                let after = &code[k + name.len()..];
                !narrowing.iter().any(|p| after.starts_with(p))
            })
            .then_some(*name)
    })
}

/// A credential file or folder that inline code names: a literal path (`~/.ssh/id_rsa`,
/// `/home/u/.aws/credentials`), or a literal relative path joined to the home directory.
fn credential_in_code(ctx: &Ctx, code: &str, lower: &str) -> Option<String> {
    let joins_home = HOME_EXPRESSIONS.iter().any(|h| lower.contains(h));
    for lit in string_literals(code) {
        let lit = lit.trim();
        let mut candidates = vec![lit.to_string()];
        if joins_home
            && !lit.starts_with(['~', '$'])
            && lit.trim_start_matches('/').starts_with('.')
        {
            candidates.push(format!("~/{}", lit.trim_start_matches('/')));
        }
        // A home variable interpolated into the literal (`"$ENV{HOME}/.netrc"`, `"${HOME}/.pgpass"`).
        if joins_home && let Some(k) = lit.find("/.").filter(|&k| k > 0) {
            candidates.push(format!("~{}", &lit[k..]));
        }
        if let Some(rest) = lit.strip_prefix("$HOME") {
            candidates.push(format!("~{rest}"));
        }
        for p in candidates {
            let loc = paths::resolve(&p, &ctx.cwd);
            if paths::secret_class(&loc) == paths::SecretClass::Credential
                || paths::holds_credentials(&loc)
            {
                return Some(p);
            }
        }
    }
    None
}

/// Languages whose ways of starting programs, reading data and writing files the lists of
/// [`inline_code`] spell out.
fn spelled_language(name: &str) -> bool {
    name.starts_with("python")
        || name.starts_with("pypy")
        || name.starts_with("perl")
        || name.starts_with("ruby")
        || name.starts_with("php")
        || matches!(
            name,
            "node"
                | "nodejs"
                | "bun"
                | "deno"
                | "ts-node"
                | "tsx"
                | "irb"
                | "lua"
                | "luajit"
                | "tclsh"
                | "wish"
                | "expect"
                | "jimsh"
                | "osascript"
                | "pwsh"
                | "powershell"
                | "awk"
                | "gawk"
                | "mawk"
                | "nawk"
        )
}

/// Calls that run their argument as code or as a command line (lower case). A call matches
/// where its name is not the tail of a longer identifier; names too common alone (`run`, `call`,
/// `execute`) are listed qualified.
const CODE_SINKS: &[&str] = &[
    "eval",
    "exec",
    "execfile",
    "system",
    "popen",
    "execsync",
    "execfilesync",
    "spawn",
    "spawnsync",
    "shell_exec",
    "passthru",
    "proc_open",
    "pcntl_exec",
    "os.execute",
    "source",
    "instance_eval",
    "class_eval",
    "module_eval",
    "loadstring",
    "dostring",
    "include_string",
    "run_path",
    "subprocess.run",
    "subprocess.call",
    "check_output",
    "check_call",
    "getoutput",
    "getstatusoutput",
    "new function",
    "runinthiscontext",
    "runinnewcontext",
    "load",
    "loadfile",
    "dofile",
    "deno.command",
    "deno.run",
    "bun.spawn",
    "bun.spawnsync",
    "execv",
    "execvp",
    "execve",
    "execl",
    "execlp",
    "spawnv",
    "spawnvp",
    "processbuilder",
    "invoke-expression",
    "os:cmd",
    "system.cmd",
    "system.shell",
    "run-program",
    "shell-command",
];

/// Where inline code gets text it did not spell out (lower case): files, standard input,
/// another program's output, the network. `$_` is Perl's and Ruby's current input line.
const DATA_SOURCES: &[&str] = &[
    "readfile",
    "fileread",
    "read_file",
    "readtextfile",
    "read_text",
    "read_bytes",
    "readlines",
    "readline",
    "file.foreach",
    "io.foreach",
    "get_contents",
    "fread",
    "fgets",
    ":read(",
    "io.read",
    "slurp",
    "stdin",
    "argf",
    "bun.file",
    "fetch(",
    "urlopen",
    "urlretrieve",
    "requests.",
    "http",
    "ftp:",
    "curl",
    "wget",
    "`",
    "qx",
    "%x",
    "popen",
    "check_output",
    "getoutput",
    "$_",
    "<>",
    "scan(",
    "url(",
    // Lisp, Erlang and Elixir readers: `(read-line port)`, `(open-input-file f)`,
    // `(port->string (current-input-port))`, `file:read_file(F)`, `File.read!(f)`.
    "read-line",
    "read-string",
    "open-input-file",
    "port->string",
    "current-input-port",
    "file:read",
    "file.read",
    // The environment and the arguments: text the line's author did not spell out in the code
    // (`os.environ['CMD']`, `process.env.CMD`, `ENV["CMD"]`, `$ENV{CMD}`, `getenv("CMD")`,
    // `Sys.getenv`, `Deno.env.get`, awk's `ENVIRON`, Tcl's `$env(CMD)`, PowerShell's `$env:CMD`;
    // `sys.argv`, `process.argv`, `ARGV`, `$argv`, `Deno.args`, Lua's `arg[1]`, R's
    // `commandArgs`, Julia's `ARGS`).
    "environ",
    "getenv",
    "process.env",
    "deno.env",
    "bun.env",
    "env[",
    "env.fetch",
    "$env{",
    "$env(",
    "$env:",
    "$_env",
    "$_server",
    "env::var",
    "argv",
    "deno.args",
    "arg[",
    "args[",
    "commandargs",
];

fn ident_char(ch: u8) -> bool {
    ch.is_ascii_alphanumeric() || ch == b'_'
}

/// Does this piece of lower-case code read text from somewhere (see [`DATA_SOURCES`]), or read
/// a file handle (`.read`, Perl's `<F>` and `<$fh>`)?
fn reads_data(code: &str) -> bool {
    if DATA_SOURCES.iter().any(|d| code.contains(d)) {
        return true;
    }
    let b = code.as_bytes();
    // A plain `read(` call (Julia's `read(path, String)`, `readchomp`), not a longer name
    // ending in it (`thread(`, `spread(`).
    for name in ["read(", "readchomp(", "readstring("] {
        if code
            .match_indices(name)
            .any(|(k, _)| k == 0 || !(ident_char(b[k - 1]) || b[k - 1] == b'.'))
        {
            return true;
        }
    }
    // `.read` not followed by more of an identifier: `open(f).read()`, `STDIN.read`.
    let mut from = 0;
    while let Some(k) = code[from..].find(".read") {
        let end = from + k + ".read".len();
        if b.get(end).is_none_or(|ch| !ident_char(*ch)) {
            return true;
        }
        from = end;
    }
    // Perl's line input: `<F>`, `<$fh>`.
    for (k, _) in code.match_indices('<') {
        let rest = &b[k + 1..];
        let skip = usize::from(rest.first() == Some(&b'$'));
        let n = rest[skip..]
            .iter()
            .take_while(|ch| ident_char(**ch))
            .count();
        if n > 0 && rest.get(skip + n) == Some(&b'>') {
            return true;
        }
    }
    false
}

/// The argument text of the call whose name ends at `end`: a balanced parenthesis, or (for
/// Perl's and Ruby's `system $cmd`, `eval File.read(f)`) the rest of the statement.
fn call_argument(code: &str, end: usize) -> Option<&str> {
    let b = code.as_bytes();
    let mut i = end;
    while b.get(i).is_some_and(|ch| *ch == b' ' || *ch == b'\t') {
        i += 1;
    }
    match b.get(i) {
        Some(b'(') => {
            let mut depth = 0usize;
            let mut quote: Option<u8> = None;
            for (k, ch) in b.iter().enumerate().skip(i) {
                match (quote, *ch) {
                    (Some(q), ch) if ch == q => quote = None,
                    (Some(_), _) => {}
                    (None, b'\'' | b'"') => quote = Some(*ch),
                    (None, b'(') => depth += 1,
                    (None, b')') => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return code.get(i + 1..k);
                        }
                    }
                    _ => {}
                }
            }
            code.get(i + 1..)
        }
        Some(ch) if i > end && (ch.is_ascii_alphabetic() || b"$`@".contains(ch)) => {
            let stop = code[i..]
                .find([';', '}', '\n'])
                .map_or(code.len(), |k| i + k);
            code.get(i..stop)
        }
        _ => None,
    }
}

/// Calls that load a native library into the interpreter (lower case).
const LIBRARY_LOADS: &[&str] = &[
    "cdll",
    "windll",
    "loadlibrary",
    "dlopen",
    "ffi.load",
    "ffi_lib",
    "dynaloader",
    "fiddle",
    "process.dlopen",
    "dyn.load",
    "load_extension",
];

/// Is a library named by this path loaded from outside the system library directories?
pub(super) fn foreign_library(path: &str) -> bool {
    path.contains('/')
        && ![
            "/lib/",
            "/lib64/",
            "/usr/lib/",
            "/usr/lib64/",
            "/usr/local/lib/",
            "/usr/share/",
            "/system/library/",
            "/opt/homebrew/lib/",
        ]
        .iter()
        .any(|d| path.to_ascii_lowercase().starts_with(d))
}

/// Inline code that loads a native library by a path outside the system library directories
/// runs that library's code (`ctypes.CDLL('/tmp/x.so')`).
fn code_loads_library(ctx: &mut Ctx, c: &Call<'_>, code: &str, lower: &str) {
    if let Some(lib) = loaded_library(code, lower) {
        ctx.emit(
            RuleId::LoadsLibrary,
            c.span,
            format!(
                "`{}` code loads the native library `{}`",
                c.name,
                printable(&lib)
            ),
        );
    }
}

/// The native library, named by a path outside the system library directories, that code
/// loads with one of [`LIBRARY_LOADS`] (`ctypes.CDLL('/tmp/x.so')`, a debugger's `call
/// dlopen("/tmp/x.so", 2)`); `lower` is the code in lower case.
pub(super) fn loaded_library(code: &str, lower: &str) -> Option<String> {
    if !LIBRARY_LOADS.iter().any(|l| lower.contains(l)) {
        return None;
    }
    string_literals(code).into_iter().find(|l| {
        let t = l.to_ascii_lowercase();
        (t.contains(".so") || t.ends_with(".dylib") || t.ends_with(".dll") || t.ends_with(".node"))
            && foreign_library(l)
    })
}

/// Sinks whose argument names where the code is (a file or URL), not the code itself.
const LOCATION_SINKS: &[&str] = &["source", "execfile", "run_path", "loadfile", "dofile"];

/// Calls too common as method names to be sinks when called as a method (`json.load(f)`,
/// `yaml.load`, `f:load()`): Lua's `load` is a sink only as a plain call.
const PLAIN_CALL_SINKS: &[&str] = &["load"];

/// Is `b` an assignment operator at `k` (`=`, not `==`, `!=`, `<=`, `>=`, `=>`, `=~`)?
fn assignment_at(b: &[u8], k: usize) -> bool {
    b.get(k) == Some(&b'=')
        && !matches!(b.get(k + 1), Some(b'=' | b'>' | b'~'))
        && (k == 0
            || !matches!(
                b[k - 1],
                b'=' | b'!' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/'
            ))
}

/// The identifier (with a Perl or PHP sigil) that ends just before `end`, skipping spaces.
fn ident_before(code: &str, end: usize) -> Option<&str> {
    let b = code.as_bytes();
    let mut e = end;
    while e > 0 && b[e - 1] == b' ' {
        e -= 1;
    }
    let mut s = e;
    while s > 0 && ident_char(b[s - 1]) {
        s -= 1;
    }
    if s > 0 && matches!(b[s - 1], b'$' | b'@') {
        s -= 1;
    }
    (s < e && !b[s].is_ascii_digit()).then(|| &code[s..e])
}

/// Where an expression reads data: [`reads_data`], or a file opened to be iterated
/// (`for l in open(f)`).
fn data_expression(expr: &str, names: &[String]) -> bool {
    reads_data(expr) || expr.contains("open(") || mentions(expr, names)
}

/// Names the code binds to data it reads (lower case): assigned from a read (`c = f.read()`,
/// `local s = io.read("a")`, `my $c = <STDIN>`, `const c = await Deno.readTextFile(p)`),
/// assigned from such a name, or looped over it (`for l in open(f)`, `for line in lines`).
fn data_names(code: &str) -> Vec<String> {
    let b = code.as_bytes();
    let mut names: Vec<String> = Vec::new();
    // Two passes, so a name assigned from a name bound later in the text is found too.
    for _ in 0..2 {
        for k in 0..b.len() {
            if !code.is_char_boundary(k) {
                continue;
            }
            // A block or arrow parameter takes the values of what its statement reads so far
            // (`readlines(f).each { |l| system(l) }`, `.split('\\n').forEach(l => execSync(l))`).
            if let Some(param) = block_parameter(code, k) {
                let stmt_start = code[..k].rfind([';', '\n']).map_or(0, |p| p + 1);
                if data_expression(&code[stmt_start..k], &names)
                    && !names.iter().any(|n| n == param)
                {
                    names.push(param.to_string());
                }
                continue;
            }
            let (name, rhs_from) = if assignment_at(b, k) {
                (ident_before(code, k), k + 1)
            } else if (code[k..].starts_with(" in ") || code[k..].starts_with(" of ")) && k > 0 {
                let name = ident_before(code, k);
                let is_for = name.is_some_and(|n| {
                    let before = code[..k - n.len()].trim_end();
                    before.ends_with("for")
                        || before.ends_with("for (")
                        || before.ends_with("for(")
                        || ["const", "let", "var", "my"]
                            .iter()
                            .any(|d| before.ends_with(d) && before.contains("for"))
                });
                (name.filter(|_| is_for), k + 4)
            } else {
                continue;
            };
            let Some(name) = name else { continue };
            let rhs = code[rhs_from..]
                .split([';', '\n', ':', ']'])
                .next()
                .unwrap_or("");
            if data_expression(rhs, &names) && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The parameter a block or arrow function binds at `k`: Ruby's `|name|`, JavaScript's
/// `name =>` and `(name) =>`, Perl's `for my $name (`.
fn block_parameter(code: &str, k: usize) -> Option<&str> {
    let rest = &code[k..];
    let b = code.as_bytes();
    if let Some(inner) = rest.strip_prefix('|') {
        let end = inner.find('|')?;
        let name = inner[..end].trim();
        let prev = code[..k].trim_end();
        return (prev.ends_with('{') || prev.ends_with("do"))
            .then_some(name)
            .filter(|n| !n.is_empty() && n.bytes().all(ident_char));
    }
    if rest.starts_with("=>") && k > 0 {
        let mut e = k;
        while e > 0 && b[e - 1] == b' ' {
            e -= 1;
        }
        let e = if e > 0 && b[e - 1] == b')' { e - 1 } else { e };
        return ident_before(code, e);
    }
    if let Some(after) = rest.strip_prefix("my $") {
        let prev = code[..k].trim_end();
        if prev.ends_with("for") || prev.ends_with("foreach") {
            let n = after.bytes().take_while(|ch| ident_char(*ch)).count();
            return (n > 0).then(|| &code[k + 3..k + 4 + n]);
        }
    }
    None
}

/// Does the text name one of `names` as a whole word outside string literals?
fn mentions(text: &str, names: &[String]) -> bool {
    if names.is_empty() {
        return false;
    }
    let mut bare = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    for ch in text.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '\'' || ch == '"' => quote = Some(ch),
            None => bare.push(ch),
        }
    }
    let b = bare.as_bytes();
    names.iter().any(|n| {
        bare.match_indices(n.as_str()).any(|(k, _)| {
            let end = k + n.len();
            (k == 0 || !ident_char(b[k - 1]) || n.starts_with(['$', '@']))
                && b.get(end).is_none_or(|ch| !ident_char(*ch))
        })
    })
}

/// Is the text one quoted literal and nothing else (`"ls -l"`, `'print(1)'`)?
fn single_literal(arg: &str) -> bool {
    let t = arg.trim();
    let Some(q) = t.chars().next().filter(|q| *q == '\'' || *q == '"') else {
        return false;
    };
    t.len() >= 2 && t.ends_with(q) && !t[1..t.len() - 1].contains(q)
}

/// Inline code that evaluates or executes text it reads (a file, standard input, another
/// program's output, a URL) runs code the line does not show: `exec(open(f).read())`,
/// `execSync(readFileSync(f))`, `eval(file_get_contents(url))`, `system($_)`. A call whose
/// argument reads, or names no literal while the code reads data somewhere (`c = f.read();
/// exec(c)`), is judged so.
fn code_runs_data(ctx: &mut Ctx, c: &Call<'_>, lower: &str) {
    let b = lower.as_bytes();
    let code_reads = reads_data(lower);
    let names = data_names(lower);
    for sink in CODE_SINKS {
        for (k, _) in lower.match_indices(sink) {
            let end = k + sink.len();
            let starts_word = k == 0 || !ident_char(b[k - 1]);
            let ends_word = b.get(end).is_none_or(|ch| !ident_char(*ch));
            if !starts_word || !ends_word {
                continue;
            }
            // A method `.exec(` is a regular expression's in JavaScript unless a process
            // module is in the code.
            if k > 0
                && b[k - 1] == b'.'
                && matches!(*sink, "exec" | "spawn")
                && !["child_process", "subprocess", "os.", "bun.", "pty.", "cp."]
                    .iter()
                    .any(|m| lower.contains(m))
            {
                continue;
            }
            if k > 0 && matches!(b[k - 1], b'.' | b':') && PLAIN_CALL_SINKS.contains(sink) {
                continue;
            }
            let Some(arg) = call_argument(lower, end) else {
                continue;
            };
            let runs = if LOCATION_SINKS.contains(sink) {
                // `source(where)` reads the code from where it names: a URL is unseen code, and
                // so is a file in a world-writable directory; a local file is a script like
                // `Rscript file.R`.
                arg.contains("://")
                    || string_literals(arg)
                        .iter()
                        .any(|l| shared_dir(&paths::resolve(l, &ctx.cwd)))
            } else if single_literal(arg) {
                // A spelled-out command or code, judged as such where it is a command.
                false
            } else {
                if runs_fixed_program(arg) {
                    continue;
                }
                let literal = arg.contains(['\'', '"']);
                let bare = !literal
                    && arg
                        .trim()
                        .chars()
                        .any(|ch| ch.is_ascii_alphabetic() || ch == '$');
                reads_data(arg) || (bare && code_reads) || mentions(arg, &names)
            };
            if runs {
                ctx.emit(
                    RuleId::CodeFromData,
                    c.span,
                    format!(
                        "`{}` code runs text it reads (a file, stdin, a program's output or a URL), which the line does not show",
                        c.name
                    ),
                );
                return;
            }
        }
    }
}

/// Programs that run their arguments as code or commands, or take options that do: data given
/// to them as arguments can still become code.
const RUNS_ARGUMENTS: &[&str] = &[
    "env",
    "xargs",
    "sudo",
    "doas",
    "su",
    "nohup",
    "timeout",
    "nice",
    "parallel",
    "ssh",
    "script",
    "expect",
    "busybox",
    "cmd",
    "powershell",
    "pwsh",
    "find",
    "git",
    "tar",
    "rsync",
    "zip",
    "eval",
    "exec",
    "watch",
    "flock",
    "strace",
    "gdb",
    "vim",
    "vi",
    "less",
    "man",
    "awk",
    "sed",
];

/// Is the sink's argument a program spelled out as a literal, followed by its arguments
/// (`subprocess.run(['ls', '-l', sys.argv[1]])`, `execFileSync('wc', ['-l', f])`), for a program
/// that does not run its arguments? Data then reaches that program as arguments, not as code.
fn runs_fixed_program(arg: &str) -> bool {
    let first = arg.trim_start().trim_start_matches(['[', '(', ' ']);
    let Some(q) = first.chars().next().filter(|q| *q == '\'' || *q == '"') else {
        return false;
    };
    let Some(end) = first[1..].find(q) else {
        return false;
    };
    let program = &first[1..1 + end];
    let after = first[1 + end + 1..].trim_start();
    if !(after.is_empty() || after.starts_with([',', ']', ')'])) {
        return false;
    }
    let base = program.rsplit('/').next().unwrap_or(program);
    let base = base.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
    !base.is_empty()
        && !base.contains(' ')
        && !SHELLS.contains(&base)
        && !INTERPRETERS
            .iter()
            .any(|i| base.starts_with(i) || i.starts_with(base))
        && !RUNS_ARGUMENTS.contains(&base)
}

/// How inline code refers to the home directory (lower case): a string literal such as
/// `".zshrc"` or `"/.profile"` in code that names home is a path below it.
const HOME_MARKERS: &[&str] = &[
    "expanduser",
    "path.home",
    "homedir",
    "home_dir",
    "userhome",
    "dir.home",
    "environ['home']",
    "environ[\"home\"]",
    "environ.get('home'",
    "environ.get(\"home\"",
    "env['home']",
    "env[\"home\"]",
    "env.home",
    "env.get('home')",
    "env.get(\"home\")",
    "getenv('home')",
    "getenv(\"home\")",
    "getenv('userprofile')",
    "getenv(\"userprofile\")",
    "$env{home}",
    "$env{'home'}",
    "$home",
    "${home}",
    "%userprofile%",
    "$env:userprofile",
    "$env:home",
    "'~",
    "\"~",
];

/// Calls that write, append, copy, link or move files (lower case, as substrings: `write`
/// covers `writeFileSync`, `write_text`, `fwrite`, `f:write`).
const WRITE_CALLS: &[&str] = &[
    "write",
    "append",
    "put_contents",
    "fputs",
    "symlink",
    "link(",
    "copy",
    "rename(",
    "move(",
    "cp(",
    "cp_r",
    "ln_s",
    "install(",
    "retrieve(",
    "download",
    "copyfileobj",
    "dump(",
    "o_wronly",
    "o_append",
    "o_creat",
];

/// Open modes that write (as a whole string literal), or a literal that starts with a Perl
/// two-argument open's write mode (`">>$ENV{HOME}/.profile"`).
fn write_mode(lit: &str) -> bool {
    matches!(
        lit,
        "w" | "a" | "x" | "w+" | "a+" | "r+" | "wb" | "ab" | "wt" | "at" | "xb" | "wb+" | "ab+"
    ) || lit.starts_with('>')
        || lit.starts_with("+<")
        || lit.starts_with("+>")
}

/// Path-like pieces of a string literal: runs of path characters.
fn path_tokens(lit: &str) -> impl Iterator<Item = &str> {
    lit.split(|ch: char| !(ch.is_ascii_alphanumeric() || "._-/~+@".contains(ch)))
        .filter(|t| t.len() > 1)
}

/// Inline code that writes a start-up file, `~/.ssh`, cron, a systemd unit, autostart or a git
/// hook persists: the code's string literals are judged against the persistence paths when the
/// code writes, copies, links or moves files.
fn code_persists(ctx: &mut Ctx, c: &Call<'_>, code: &str, lower: &str) {
    let literals = string_literals(code);
    let writes = WRITE_CALLS.iter().any(|w| lower.contains(w))
        || (lower.contains("open") && literals.iter().any(|l| write_mode(l)));
    if !writes {
        return;
    }
    let home = HOME_MARKERS.iter().any(|m| lower.contains(m));
    for lit in &literals {
        for t in path_tokens(lit) {
            let mut cands: Vec<String> = Vec::with_capacity(2);
            if t.starts_with("/.") {
                // `homedir() + "/.bashrc"`: a dot-file at the root is a suffix of home.
                cands.push(format!("~{t}"));
            } else if t.starts_with(['~', '/']) || t.starts_with("./") || t.starts_with("../") {
                cands.push(t.to_string());
            } else if t.starts_with('.') || t.contains('/') {
                cands.push(t.to_string());
                if home {
                    cands.push(format!("~/{t}"));
                }
            }
            for p in cands {
                let loc = paths::resolve(&p, &ctx.cwd);
                if matches!(
                    paths::write_class(&loc),
                    WriteClass::Persistence | WriteClass::GitHooks
                ) {
                    ctx.emit(
                        RuleId::WritePersistence,
                        c.span,
                        format!(
                            "`{}` code writes `{}` (start-up file, ssh, cron, systemd, autostart or git hook: persistence)",
                            c.name,
                            printable(&p)
                        ),
                    );
                    return;
                }
            }
        }
    }
}

/// Runs of string literals separated only by commas and white space (argument vectors).
fn literal_lists(code: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '\'' || q == '"' {
            let (s, j) = quoted(&chars, i);
            cur.push(s);
            i = j + 1;
            // Only a comma (and white space) continues the list.
            let mut k = i;
            while k < chars.len() && chars[k].is_whitespace() {
                k += 1;
            }
            if chars.get(k) == Some(&',') {
                i = k + 1;
                continue;
            }
        } else if q.is_whitespace() && !cur.is_empty() {
            i += 1;
            continue;
        } else {
            i += 1;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The literal opened by the quote at `chars[open]`, unescaped loosely, and where its closing
/// quote is (or the end).
fn quoted(chars: &[char], open: usize) -> (String, usize) {
    let q = chars[open];
    let mut s = String::new();
    let mut j = open + 1;
    while j < chars.len() && chars[j] != q {
        if chars[j] == '\\' && j + 1 < chars.len() {
            j += 1;
        }
        s.push(chars[j]);
        j += 1;
    }
    (s, j)
}

/// String literals in a piece of code (single, double or back quotes), unescaped loosely.
/// The string literals that follow a Lisp form's head, up to the first argument that is not a
/// literal: `(sh "chmod" "-R" "777" "/home/u")` gives `chmod -R 777 /home/u`.
fn form_arguments(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '(' {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < chars.len() && !chars[j].is_whitespace() && !"()\"".contains(chars[j]) {
            j += 1;
        }
        let mut argv = Vec::new();
        loop {
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if j >= chars.len() || chars[j] != '"' {
                break;
            }
            let (lit, end) = quoted(&chars, j);
            argv.push(lit);
            j = end + 1;
        }
        if argv.len() > 1 {
            out.push(argv);
        }
        i += 1;
    }
    out
}

pub(super) fn string_literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '\'' || q == '"' || q == '`' {
            let (s, j) = quoted(&chars, i);
            out.push(s);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

pub(super) fn echo(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let _ = ctx;
    if c.name == "printf" && c.args.first().is_some_and(|a| a.text == "-v") {
        return Flow::default();
    }
    if c.args.iter().any(|a| a.dynamic) {
        // A variable whose name speaks of a secret (`$GITHUB_TOKEN`) prints that secret.
        return Flow {
            other: true,
            secrets: c.args.iter().any(|a| a.secret_env),
            ..Flow::default()
        };
    }
    let mut words: Vec<&str> = c.args.iter().map(|a| a.text.as_str()).collect();
    let text = if c.name == "echo" {
        let mut newline = true;
        let mut escapes = false;
        while let Some(f) = words.first() {
            if f.len() > 1
                && f.starts_with('-')
                && f[1..].chars().all(|ch| matches!(ch, 'n' | 'e' | 'E'))
            {
                newline &= !f.contains('n');
                escapes |= f.contains('e');
                words.remove(0);
            } else {
                break;
            }
        }
        let mut t = words.join(" ");
        if escapes {
            let mut d = String::new();
            crate::walk::decode_ansi_c(&t, &mut d);
            t = d;
        }
        if newline {
            t.push('\n');
        }
        t
    } else {
        // printf FORMAT ARGS: enough of printf for `%s`, `%b` and escapes.
        let fmt = words.first().copied().unwrap_or("");
        let args = words.get(1..).unwrap_or(&[]);
        let mut out = String::new();
        if args.is_empty() {
            crate::walk::decode_ansi_c(fmt, &mut out);
        } else {
            for a in args {
                let mut once = String::new();
                crate::walk::decode_ansi_c(&fmt.replace("%s", a).replace("%b", a), &mut once);
                out.push_str(&once);
            }
        }
        out
    };
    Flow {
        literal: Some(text),
        ..Flow::default()
    }
}

pub(super) fn sed(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut scripts: Vec<&Word> = Vec::new();
    let mut files: Vec<&Word> = Vec::new();
    let mut in_place = false;
    let mut i = 0;
    let args = c.args;
    let mut explicit = false;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "-e" || t == "--expression" {
            if let Some(s) = args.get(i + 1) {
                scripts.push(s);
            }
            explicit = true;
            i += 2;
            continue;
        }
        if let Some(s) = t.strip_prefix("--expression=") {
            let _ = s;
            scripts.push(&args[i]);
            explicit = true;
            i += 1;
            continue;
        }
        if t == "-f" || t == "--file" || t.starts_with("--file=") {
            ctx.emit(
                RuleId::UnknownCommand,
                args[i].span,
                "`sed -f` runs a script file not shown here",
            );
            explicit = true;
            i += if t.contains('=') { 1 } else { 2 };
            continue;
        }
        if t.starts_with("-i")
            || t.starts_with("--in-place")
            || (t.starts_with('-') && !t.starts_with("--") && t.contains('i') && t.len() <= 4)
        {
            in_place = true;
            i += 1;
            continue;
        }
        if t.starts_with('-') && t.len() > 1 {
            if t.starts_with("-E")
                || t.starts_with("-r")
                || t.starts_with("-n")
                || t.starts_with("-s")
                || t.starts_with("-z")
                || t.starts_with("-u")
                || t.starts_with("--")
            {
                i += 1;
                continue;
            }
            if t == "-l" {
                i += 2;
                continue;
            }
            i += 1;
            continue;
        }
        if !explicit && scripts.is_empty() {
            scripts.push(&args[i]);
        } else {
            files.push(&args[i]);
        }
        i += 1;
    }
    for s in scripts {
        let text = s
            .text
            .strip_prefix("--expression=")
            .unwrap_or(&s.text)
            .to_string();
        if s.dynamic {
            ctx.emit(
                RuleId::DynamicScript,
                s.span,
                "sed script only known when the line runs",
            );
            continue;
        }
        sed_script(ctx, &text, s);
    }
    if in_place {
        for f in files {
            write_target(ctx, f, "`sed -i`");
        }
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// Scan a sed script for the commands and flags that execute or write.
pub(super) fn sed_script(ctx: &mut Ctx, script: &str, w: &Word) {
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let n = chars.len();
    let rest_of_line = |i: usize| -> (String, usize) {
        let mut j = i;
        while j < n && chars[j] != '\n' {
            j += 1;
        }
        (chars[i..j].iter().collect::<String>().trim().to_string(), j)
    };
    while i < n {
        let ch = chars[i];
        // Skip separators and addresses.
        if ch.is_whitespace()
            || ch == ';'
            || ch == '{'
            || ch == '}'
            || ch == '!'
            || ch == ','
            || ch.is_ascii_digit()
            || ch == '$'
            || ch == '~'
            || ch == '+'
        {
            i += 1;
            continue;
        }
        if ch == '/' || ch == '\\' {
            let delim = if ch == '\\' {
                i += 1;
                chars.get(i).copied().unwrap_or('/')
            } else {
                '/'
            };
            i += 1;
            while i < n && chars[i] != delim {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            // Address flags I and M.
            while i < n && (chars[i] == 'I' || chars[i] == 'M') {
                i += 1;
            }
            continue;
        }
        match ch {
            's' | 'y' => {
                let Some(&delim) = chars.get(i + 1) else {
                    return;
                };
                let mut j = i + 2;
                let mut parts = 0;
                let mut cut = [i + 2; 2];
                while j < n && parts < 2 {
                    if chars[j] == '\\' {
                        j += 2;
                        continue;
                    }
                    if chars[j] == delim {
                        cut[parts] = j;
                        parts += 1;
                    }
                    j += 1;
                }
                let pattern: String = chars[i + 2..cut[0].max(i + 2)].iter().collect();
                let replacement: String = chars[(cut[0] + 1).min(cut[1])..cut[1]].iter().collect();
                if ch == 's' {
                    // Flags until ; newline or }
                    while j < n && !matches!(chars[j], ';' | '\n' | '}') {
                        match chars[j] {
                            'e' => {
                                ctx.emit(
                                    RuleId::ExecOption,
                                    w.span,
                                    "sed `s///e` runs the result as a shell command",
                                );
                                // The command is the replacement only when it replaces the
                                // whole line with fixed text; otherwise input becomes code.
                                let whole =
                                    matches!(pattern.as_str(), ".*" | "^.*$" | "^.*" | ".*$");
                                let fixed =
                                    !replacement.contains('&') && !replacement.contains('\\');
                                if whole && fixed {
                                    ctx.nested(&replacement, w.span);
                                } else {
                                    ctx.emit(
                                        RuleId::DynamicScript,
                                        w.span,
                                        "sed `s///e` runs commands built from its input",
                                    );
                                }
                            }
                            'w' | 'W' => {
                                let (file, end) = rest_of_line(j + 1);
                                sed_write(ctx, &file, w);
                                j = end;
                                continue;
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                }
                i = j;
            }
            'e' => {
                let (cmd, end) = rest_of_line(i + 1);
                ctx.emit(RuleId::ExecOption, w.span, "sed `e` runs a shell command");
                if cmd.is_empty() {
                    ctx.emit(
                        RuleId::DynamicScript,
                        w.span,
                        "sed `e` without a command runs each input line as a shell command",
                    );
                } else {
                    ctx.nested(&cmd, w.span);
                }
                i = end;
            }
            'w' | 'W' => {
                let (file, end) = rest_of_line(i + 1);
                sed_write(ctx, &file, w);
                i = end;
            }
            'r' | 'R' => {
                let (file, end) = rest_of_line(i + 1);
                let loc = paths::resolve(&file, &ctx.cwd);
                match paths::secret_class(&loc) {
                    SecretClass::Credential => ctx.emit(
                        RuleId::CredentialRead,
                        w.span,
                        format!("sed reads credentials `{file}`"),
                    ),
                    SecretClass::Workspace => ctx.emit(
                        RuleId::WorkspaceSecretRead,
                        w.span,
                        format!("sed reads secrets file `{file}`"),
                    ),
                    SecretClass::None => {}
                }
                i = end;
            }
            'a' | 'i' | 'c' | ':' | 'b' | 't' | 'T' | 'l' | 'q' | 'Q' | 'L' => {
                let (_, end) = rest_of_line(i + 1);
                // `a text` runs to end of line; labels too. One-liners with `;` after b/t/q are common,
                // so for those only skip to the next `;`.
                if matches!(ch, 'b' | 't' | 'T' | 'q' | 'Q' | 'l' | 'L') {
                    let mut j = i + 1;
                    while j < n && !matches!(chars[j], ';' | '\n' | '}') {
                        j += 1;
                    }
                    i = j;
                } else {
                    i = end;
                }
            }
            _ => i += 1,
        }
    }
}

pub(super) fn sed_write(ctx: &mut Ctx, file: &str, w: &Word) {
    if file.is_empty() {
        return;
    }
    let target = value_word(w, file);
    write_target(ctx, &target, "sed `w`");
}

pub(super) fn awk(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut i = 0;
    let args = c.args;
    let mut program: Option<&Word> = None;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "-f"
            || t.starts_with("--file")
            || t == "-i"
            || t == "--include"
            || t == "-l"
            || t == "--load"
            || t == "-E"
            || t == "--exec"
        {
            ctx.emit(
                RuleId::UnknownCommand,
                args[i].span,
                "awk program or extension from a file not shown here",
            );
            i += 2;
            program = Some(&args[0]);
            continue;
        }
        if t == "-v" || t == "-F" {
            i += 2;
            continue;
        }
        if t.starts_with('-') && t.len() > 1 {
            i += 1;
            continue;
        }
        if program.is_none() {
            program = Some(&args[i]);
        }
        i += 1;
        if program.is_some() {
            break;
        }
    }
    if let Some(p) = program {
        if p.dynamic {
            ctx.emit(
                RuleId::DynamicScript,
                p.span,
                "awk program only known when the line runs",
            );
        } else {
            awk_program(ctx, &p.text, p);
        }
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// The argument texts of every `system(...)` call in awk code (strings already replaced by
/// `"S<n>"` placeholders).
fn awk_system_args(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (k, _) in code.match_indices("system") {
        let after = code[k + "system".len()..].trim_start();
        let Some(body) = after.strip_prefix('(') else {
            continue;
        };
        let mut depth = 1;
        let mut end = body.len();
        for (j, ch) in body.char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push(&body[..end]);
    }
    out
}

/// Whether awk text is only string literals (`"S0"`, `"S0" "S1"`).
fn awk_literal(arg: &str) -> bool {
    let mut rest = arg.trim();
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let Some(t) = rest.strip_prefix("\"S") else {
            return false;
        };
        let digits = t.chars().take_while(char::is_ascii_digit).count();
        let Some(t) = t[digits..].strip_prefix('"') else {
            return false;
        };
        if digits == 0 {
            return false;
        }
        rest = t.trim_start();
    }
    true
}

pub(super) fn awk_program(ctx: &mut Ctx, prog: &str, w: &Word) {
    super::endless::endless_inline_code(ctx, w.span, "awk", prog);
    // Tokenise roughly: strings, regexes, and the rest.
    let chars: Vec<char> = prog.chars().collect();
    let mut code = String::new();
    let mut strings = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch == '"' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                }
                s.push(chars[i]);
                i += 1;
            }
            code.push('"');
            code.push_str(&format!("S{}", strings.len()));
            code.push('"');
            strings.push(s);
            i += 1;
            continue;
        }
        code.push(ch);
        i += 1;
    }
    let lower = code.to_ascii_lowercase();
    if strings.iter().any(|s| s.starts_with("/inet")) {
        ctx.emit(RuleId::ReverseShell, w.span, "gawk opens a network socket");
    }
    if lower.contains("system(") || lower.contains("system (") {
        ctx.emit(
            RuleId::ExecOption,
            w.span,
            "awk `system()` runs shell commands",
        );
        for s in &strings {
            ctx.nested(s, w.span);
        }
        // Strings written side by side are one string in awk (`system("r" "m -rf ~")`): the
        // joined command is judged too.
        for a in awk_system_args(&code).iter().filter(|a| awk_literal(a)) {
            let parts: Vec<&str> = a
                .split('"')
                .filter_map(|t| t.strip_prefix('S'))
                .filter_map(|idx| idx.parse::<usize>().ok())
                .filter_map(|idx| strings.get(idx).map(String::as_str))
                .collect();
            if parts.len() > 1 {
                ctx.nested(&parts.concat(), w.span);
            }
        }
        if awk_system_args(&code).iter().any(|a| !awk_literal(a)) {
            ctx.emit(
                RuleId::DynamicScript,
                w.span,
                "awk `system()` runs a command built from its input",
            );
        }
    }
    // `print | "sh"`: the program's output becomes a shell's input.
    let pipes_to_shell = code.match_indices('|').any(|(k, _)| {
        let after = code[k + 1..].trim_start();
        after
            .strip_prefix("\"S")
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.parse::<usize>().ok())
            .and_then(|idx| strings.get(idx))
            .and_then(|cmd| cmd.split_whitespace().next())
            .is_some_and(|prog| {
                let base = prog.rsplit('/').next().unwrap_or(prog);
                SHELLS.contains(&base) || INTERPRETERS.contains(&base) || base == "sh"
            })
    });
    if pipes_to_shell {
        ctx.emit(
            RuleId::DynamicScript,
            w.span,
            "awk pipes what it prints into a shell",
        );
    }
    let bytes: Vec<char> = code.chars().collect();
    for (k, ch) in bytes.iter().enumerate() {
        if *ch == '|' && bytes.get(k + 1) != Some(&'|') && (k == 0 || bytes[k - 1] != '|') {
            ctx.emit(
                RuleId::ExecOption,
                w.span,
                "awk pipes to or from a shell command",
            );
            for s in &strings {
                ctx.nested(s, w.span);
            }
            break;
        }
    }
    // `print ... > "file"` / `>> "file"`: a redirect after print or printf.
    for stmt in code.split([';', '\n', '}', '{']) {
        let st = stmt.trim_start();
        if !(st.starts_with("print") || st.starts_with("printf")) {
            continue;
        }
        let mut depth = 0i32;
        let sc: Vec<char> = st.chars().collect();
        for (k, ch) in sc.iter().enumerate() {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                '>' if depth == 0 => {
                    let target: String = sc[k + 1..]
                        .iter()
                        .collect::<String>()
                        .trim_start_matches('>')
                        .trim()
                        .to_string();
                    if let Some(idx) = target
                        .strip_prefix("\"S")
                        .and_then(|t| t.trim_end_matches('"').parse::<usize>().ok())
                    {
                        let file = strings.get(idx).cloned().unwrap_or_default();
                        let tw = value_word(w, &file);
                        write_target(ctx, &tw, "awk `print >`");
                    } else {
                        ctx.emit(
                            RuleId::WriteDynamicTarget,
                            w.span,
                            "awk writes a file named at run time",
                        );
                    }
                    break;
                }
                _ => {}
            }
        }
    }
    if lower.contains("getline") && lower.contains('<') {
        for s in &strings {
            let loc = paths::resolve(s, &ctx.cwd);
            if paths::secret_class(&loc) == SecretClass::Credential {
                ctx.emit(
                    RuleId::CredentialRead,
                    w.span,
                    format!("awk reads credentials `{s}`"),
                );
            }
        }
    }
}

pub(super) fn windows_shell(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    ctx.emit(
        RuleId::RunsCode,
        c.span,
        format!("`{n}` runs a Windows shell"),
    );
    // `-Command -` and `-File -` read the script from standard input.
    if c.args.iter().any(|a| a.text == "-" && !a.dynamic) {
        stdin_script(ctx, c, true);
    }
    let text: String = c
        .args
        .iter()
        .map(|a| a.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let lower = text.to_ascii_lowercase();
    let encoded = c.args.iter().any(|a| {
        let t = a.text.to_ascii_lowercase();
        t.len() >= 2
            && (t.starts_with("-e") || t.starts_with("/e"))
            && "-encodedcommand".starts_with(
                t.trim_start_matches(['-', '/'])
                    .split(':')
                    .next()
                    .map(|s| format!("-{s}"))
                    .unwrap_or_default()
                    .as_str(),
            )
            && t != "-executionpolicy"
            && !t.starts_with("-ex")
    });
    if encoded {
        ctx.emit(
            RuleId::DecodeAndExecute,
            c.span,
            "PowerShell -EncodedCommand runs a hidden, encoded script",
        );
    }
    let downloads = [
        "downloadstring",
        "downloadfile",
        "invoke-webrequest",
        "iwr ",
        "irm ",
        "invoke-restmethod",
        "net.webclient",
        "start-bitstransfer",
        "curl ",
        "wget ",
        "bitsadmin",
        "certutil",
    ];
    let runs = [
        "iex",
        "invoke-expression",
        "| powershell",
        "|powershell",
        "start-process",
        "& (",
        "&(",
    ];
    // Evaluating text the line does not show: the environment, the arguments, a file, input.
    let evaluates = [
        "iex ",
        "iex(",
        "invoke-expression",
        "invoke-command",
        "& $",
        "&$",
        "scriptblock]::create",
    ];
    let data = [
        "get-content",
        "$args",
        "read-host",
        "getenvironmentvariable",
        "$input",
    ];
    if evaluates.iter().any(|e| lower.contains(e))
        && (reads_data(&lower) || data.iter().any(|d| lower.contains(d)))
    {
        ctx.emit(
            RuleId::CodeFromData,
            c.span,
            format!("`{n}` evaluates text it reads (the environment, arguments, a file or input), which the line does not show"),
        );
    }
    if downloads.iter().any(|d| lower.contains(d)) && runs.iter().any(|r| lower.contains(r)) {
        ctx.emit(
            RuleId::RemoteCodeExecution,
            c.span,
            "downloads and runs a script",
        );
    }
    let destructive = [
        "remove-item",
        "rm -r",
        "rmdir",
        "del ",
        "rd /s",
        "format ",
        "format-volume",
        "clear-disk",
        "cipher /w",
        "stop-computer",
        "restart-computer",
        "set-executionpolicy",
        "reg delete",
        "reg add",
        "vssadmin",
        "bcdedit",
        "wevtutil cl",
        "takeown",
        "icacls",
    ];
    if destructive.iter().any(|d| lower.contains(d)) {
        ctx.emit(
            RuleId::DestructiveCommand,
            c.span,
            "Windows shell command deletes files or changes the system",
        );
    }
    if lower.contains("format c:")
        || lower.contains("clear-disk")
        || lower.contains("format-volume")
        || lower.contains("rd /s /q c:\\")
        || lower.contains("del /f /s /q c:\\")
        || lower.contains("remove-item -recurse -force c:\\")
        || lower.contains("remove-item c:\\ ")
    {
        ctx.emit(RuleId::DiskDestruction, c.span, "wipes a drive");
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// `eval`.
pub(super) fn eval(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    ctx.emit(RuleId::Eval, c.span, "`eval` runs text as commands");
    for a in c.args {
        computed_code(ctx, a);
    }
    if let Some(a) = c.args.iter().find(|w| w.dynamic) {
        ctx.emit(
            RuleId::DynamicScript,
            a.span,
            "`eval` runs text only known when the line runs",
        );
    }
    let text: Vec<&str> = c.args.iter().map(|w| w.text.as_str()).collect();
    if c.args.iter().all(|w| !w.dynamic) {
        ctx.nested(&text.join(" "), c.span);
    }
    Flow::default()
}

/// `source`, `.`.
pub(super) fn source(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    ctx.emit(
        RuleId::Source,
        c.span,
        format!("`{n}` runs a script file in the current shell"),
    );
    if let Some(p) = c.args.first() {
        let loc = ctx.loc(p);
        if !p.dynamic {
            written_script(ctx, &loc, Some("sh"), p.span);
        }
        if ctx.is_tainted(&loc) {
            ctx.emit(
                RuleId::TaintedExecutable,
                p.span,
                "sources a file written from downloaded or decoded data",
            );
        }
        if !p.dynamic && shared_dir(&loc) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                p.span,
                format!(
                    "`{n}` runs `{}`, a file in a world-writable directory",
                    printable(&p.text)
                ),
            );
        }
        if let Some(f) = &p.procsub {
            let call = Call {
                name: n.to_string(),
                args: &[],
                stdin: Some(f),
                span: c.span,
                redirs: c.redirs,
            };
            stdin_script(ctx, &call, true);
        }
        if STDIN_PATHS.contains(&p.text.as_str()) || p.text == "-" {
            stdin_script(ctx, c, true);
        }
    }
    Flow::default()
}

/// `alias`.
pub(super) fn alias(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    for a in c.args {
        if let Some((name, v)) = a.text.split_once('=') {
            // An alias named like no command changes no command's meaning; its text is judged
            // here and at each use.
            if is_known_command(name) || a.dynamic {
                ctx.emit(
                    RuleId::FunctionDefinition,
                    a.span,
                    "defines an alias that replaces a command",
                );
            }
            let v = v.to_string();
            ctx.nested(&v, a.span);
            if ctx.aliases.len() < 64 && !a.dynamic {
                ctx.aliases.push((name.to_string(), v));
            }
        }
    }
    Flow::default()
}

/// `read NAME...`, `mapfile NAME`: the names hold text read when the line runs (from the
/// line's own input), not a value from the environment; read-only otherwise.
pub(super) fn read_builtin(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    const WITH_VALUE: &[&str] = &[
        "-p", "-d", "-n", "-N", "-t", "-u", "-i", "-C", "-c", "-s", "-O",
    ];
    let mut i = 0;
    while i < c.args.len() {
        let t = c.args[i].text.as_str();
        if t == "-a" {
            if let Some(n) = c.args.get(i + 1) {
                ctx.vars.insert(n.text.clone(), None);
            }
            i += 2;
            continue;
        }
        if WITH_VALUE.contains(&t) {
            i += 2;
            continue;
        }
        if !t.starts_with('-')
            && !t.is_empty()
            && t.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        {
            ctx.vars.insert(t.to_string(), None);
        }
        i += 1;
    }
    if c.args.iter().all(|a| a.text.starts_with('-')) {
        ctx.vars.insert(
            if c.name == "read" { "REPLY" } else { "MAPFILE" }.to_string(),
            None,
        );
    }
    read_only(ctx, c)
}

/// `hash -p PATH NAME...`: each NAME now runs PATH, like an alias.
pub(super) fn hash(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if let Some(k) = c.args.iter().position(|a| a.text == "-p")
        && let Some(path) = c.args.get(k + 1)
    {
        {
            for n in &c.args[k + 2..] {
                ctx.emit(
                    RuleId::FunctionDefinition,
                    n.span,
                    format!(
                        "`hash -p` makes `{}` run another program",
                        printable(&n.text)
                    ),
                );
                if ctx.aliases.len() < 64 && !path.dynamic && !n.dynamic {
                    ctx.aliases.push((n.text.clone(), shell_quote(&path.text)));
                }
            }
        }
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// `shopt`.
pub(super) fn shopt(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if c.args.iter().any(|a| a.text == "expand_aliases") && has_flag(c.args, 's', &[]) {
        ctx.emit(
            RuleId::FunctionDefinition,
            c.span,
            "turns on alias expansion",
        );
    }
    Flow::default()
}

/// `set`.
pub(super) fn set(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if c.args.is_empty() {
        ctx.emit(
            RuleId::EnvDump,
            c.span,
            "`set` prints every variable (secrets) into the transcript",
        );
        return Flow {
            secrets: true,
            ..Flow::default()
        };
    }
    // `set -a`, `set -o allexport` (and `+a`, `+o allexport` to end it): later plain
    // assignments become exports, so a loader or shell variable assigned after it reaches
    // every command the line runs.
    let mut k = 0;
    while k < c.args.len() {
        let t = c.args[k].text.as_str();
        let next_allexport = c.args.get(k + 1).is_some_and(|w| w.text == "allexport");
        if let Some(flags) = t.strip_prefix('-').filter(|f| !f.starts_with('-')) {
            if flags == "o" && next_allexport {
                ctx.allexport = true;
                k += 1;
            } else if flags.contains('a') {
                ctx.allexport = true;
            }
        } else if let Some(flags) = t.strip_prefix('+') {
            if flags == "o" && next_allexport {
                ctx.allexport = false;
                k += 1;
            } else if flags.contains('a') {
                ctx.allexport = false;
            }
        }
        k += 1;
    }
    Flow::default()
}

/// `trap`.
pub(super) fn trap(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if let Some(a) = c.args.iter().find(|a| !is_opt(a)) {
        ctx.emit(RuleId::Eval, a.span, "`trap` runs text as commands later");
        if let Some(t) = a.lit() {
            let t = t.to_string();
            ctx.nested(&t, a.span);
        }
    }
    Flow::default()
}

/// `printenv`, `export`, `declare`, `typeset`, `compgen`.
pub(super) fn env_printers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    // `printenv PATH TERM`: variables every shell or login sets, which hold no secret (the
    // same ones `echo $SHELL` may print).
    if n == "printenv"
        && !c.args.is_empty()
        && c.args
            .iter()
            .all(|a| !a.dynamic && crate::walk::well_known_value(&a.text).is_some())
    {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    ctx.emit(
        RuleId::EnvDump,
        c.span,
        format!("`{n}` prints environment variables (secrets) into the transcript"),
    );
    Flow {
        secrets: true,
        ..Flow::default()
    }
}

/// `history`, `fc`. Listing (`history`, `history 20`, `fc -ln -5`) shows the history of the
/// shell that runs the line, which a non-interactive shell does not keep: nothing to ask.
/// Reading a history file in (`history -r`), writing, clearing or editing it, and `fc`
/// re-running commands ask. Sent on, what it prints may hold secrets.
pub(super) fn history(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let count = |a: &Word| {
        let t = a.text.strip_prefix('-').unwrap_or(&a.text);
        !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
    };
    let lists = c.args.iter().all(|a| !a.dynamic && !a.subst)
        && match c.name.as_str() {
            "history" => {
                matches!(c.args, [] | [_])
                    && c.args.iter().all(|a| count(a) && !a.text.starts_with('-'))
            }
            _ => {
                c.args
                    .iter()
                    .any(|a| a.text.starts_with('-') && !count(a) && a.text.contains('l'))
                    && c.args.iter().all(|a| {
                        count(a)
                            || a.text.len() > 1
                                && a.text.starts_with('-')
                                && a.text[1..].bytes().all(|b| matches!(b, b'l' | b'n' | b'r'))
                    })
            }
        };
    if !lists {
        ctx.emit(RuleId::EnvDump, c.span, "shell history may hold secrets");
    }
    Flow {
        secrets: true,
        ..Flow::default()
    }
}

/// `cd`, `pushd`.
pub(super) fn cd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let target = c.args.iter().find(|a| !is_opt(a));
    // A relative name is looked up in `CDPATH`'s directories before the current one.
    let cdpath = match ctx.vars.get("CDPATH") {
        Some(Some(v)) => v.split(':').find(|d| !d.is_empty()).map(str::to_string),
        Some(None) => Some(String::new()),
        None => None,
    };
    ctx.cwd = match target {
        None => paths::chdir(None, &ctx.cwd),
        Some(t) if t.dynamic || t.text == "-" => paths::Cwd::Unknown,
        // Not for `/x`, `./x`, `../x`, `.`, `..` or `~/x` (bash's rule); `.ssh` is a name.
        Some(t)
            if cdpath.is_some()
                && !(t.text.starts_with(['/', '~'])
                    || t.text.starts_with("./")
                    || t.text.starts_with("../")
                    || matches!(t.text.as_str(), "." | "..")) =>
        {
            match cdpath.as_deref() {
                Some(dir) if !dir.is_empty() => {
                    let base = paths::chdir(Some(dir), &ctx.cwd);
                    paths::chdir(Some(&t.text), &base)
                }
                // A `CDPATH` only known when the line runs.
                _ => paths::Cwd::Unknown,
            }
        }
        Some(t) => paths::chdir(Some(&t.text), &ctx.cwd),
    };
    Flow::default()
}

/// `popd`.
pub(super) fn popd(ctx: &mut Ctx, _c: &Call<'_>) -> Flow {
    ctx.cwd = paths::Cwd::Unknown;
    Flow::default()
}

/// `bc`.
pub(super) fn bc(_ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `which`, `whence`, `where`.
pub(super) fn which(_ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    // `$(which rm)` names rm: fold it so the outer command is judged as rm.
    match positionals(c.args, &[]).first() {
        Some(w) if !w.dynamic && c.args.len() == 1 => Flow {
            literal: Some(w.text.clone()),
            ..Flow::default()
        },
        _ => Flow {
            other: true,
            ..Flow::default()
        },
    }
}

/// `dc`: a calculator whose `!` runs the rest of the line as a shell command (`!<`, `!>`, `!=`
/// are comparisons). Code comes from `-e`/`--expression`, from `-f` files and from standard
/// input; unseen input may hold `!` too.
pub(super) fn dc(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut code: Vec<(String, Span)> = Vec::new();
    let mut i = 0;
    while i < c.args.len() {
        let a = &c.args[i];
        let t = a.text.as_str();
        if let Some(v) = t.strip_prefix("--expression=") {
            code.push((v.to_string(), a.span));
        } else if let Some(v) = t.strip_prefix("-e").filter(|v| !v.is_empty()) {
            code.push((v.to_string(), a.span));
        } else if matches!(t, "-e" | "--expression")
            && let Some(v) = c.args.get(i + 1)
        {
            if v.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    v.span,
                    "`dc` runs code only known when the line runs",
                );
            }
            code.push((v.text.clone(), v.span));
            i += 1;
        }
        i += 1;
    }
    if let Some(f) = c.stdin {
        match &f.literal {
            Some(text) if !f.other && !f.network && !f.decoder && !f.tainted => {
                code.push((text.clone(), c.span));
            }
            _ if f.network || f.decoder || f.tainted => ctx.emit(
                RuleId::RemoteCodeExecution,
                c.span,
                "`dc` runs input the line does not show; its `!` runs shell commands",
            ),
            _ => {}
        }
    }
    for (text, span) in code {
        for line in text.lines() {
            let b = line.as_bytes();
            for (k, _) in line.match_indices('!') {
                if matches!(b.get(k + 1), Some(b'<' | b'>' | b'=')) {
                    continue;
                }
                let cmd = line[k + 1..].trim();
                ctx.emit(
                    RuleId::ShellOutInCode,
                    span,
                    "`dc`'s `!` runs a shell command",
                );
                if !cmd.is_empty() {
                    ctx.nested(cmd, span);
                }
                break;
            }
        }
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// Standard-library modules run with `-m` in a mode that only reads and prints: archive
/// listers and testers (`tarfile -l/-t`, `zipfile -l/-t`), the site paths (`site
/// --user-site`), and any of them asked for `--help`.
fn stdlib_query(module: &str, args: &[Word]) -> bool {
    if args.iter().any(|a| a.dynamic || a.subst) {
        return false;
    }
    let first = args.first().map(|a| a.text.as_str());
    match module {
        "tarfile" | "zipfile" => matches!(first, Some("-l" | "--list" | "-t" | "--test")),
        "site" => args
            .iter()
            .all(|a| matches!(a.text.as_str(), "--user-site" | "--user-base")),
        "http.server" | "zipapp" | "venv" => {
            matches!(args, [a] if a.text == "--help" || a.text == "-h")
        }
        _ => false,
    }
}
