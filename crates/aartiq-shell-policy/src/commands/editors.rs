//! Editors and pagers: start-up commands and shell escapes.

use super::*;

/// Editor commands that run interpreter code (`:py3`, `:lua`, `:perl`, `:ruby`).
const CODE_ESCAPE_PREFIXES: &[&str] = &["py", "lua", "perl", "ruby"];

pub(super) fn editor(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    ctx.emit(RuleId::UnknownCommand, c.span, format!("`{n}` edits files"));
    let mut cmds: Vec<(&Word, String)> = Vec::new();
    let mut i = 0;
    while i < c.args.len() {
        let a = &c.args[i];
        let t = a.text.as_str();
        if matches!(
            t,
            "-c" | "--cmd"
                | "--eval"
                | "-S"
                | "--remote-send"
                | "--remote-expr"
                | "-x"
                | "--exec"
                | "-l"
                | "--load"
        ) {
            if let Some(v) = c.args.get(i + 1) {
                cmds.push((v, v.text.clone()));
            }
            i += 2;
            continue;
        }
        // nano's spell checker is a program it runs on the buffer.
        if matches!(n, "nano" | "pico")
            && (t == "-s" || t == "--speller")
            && let Some(v) = c.args.get(i + 1)
        {
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                format!("`{n}` runs the spell checker it is given"),
            );
            ctx.nested(&v.text, v.span);
            i += 2;
            continue;
        }
        if let Some(rest) = t.strip_prefix('+')
            && !rest.is_empty()
            && !rest.chars().all(|ch| ch.is_ascii_digit())
        {
            cmds.push((a, rest.to_string()));
        }
        i += 1;
    }
    for (w, cmd) in cmds {
        let trimmed = cmd.trim_start_matches(':').trim_start();
        // `:shell`, `:sh`, `:terminal` and `:term` alone start an interactive shell, also after
        // a bar (`:set shell=/bin/sh | shell`).
        let starts_shell = |part: &str| {
            matches!(
                part.trim().trim_start_matches(':').trim_end(),
                "sh" | "shell" | "terminal" | "term"
            )
        };
        if trimmed.split('|').any(starts_shell) {
            ctx.emit(
                RuleId::EditorShellEscape,
                w.span,
                format!("`{n}` starts an interactive shell at start-up"),
            );
            ctx.nested("sh", w.span);
            continue;
        }
        if CODE_ESCAPE_PREFIXES.iter().any(|p| trimmed.starts_with(p)) {
            ctx.emit(
                RuleId::EditorShellEscape,
                w.span,
                format!("`{n}` runs interpreter code at start-up"),
            );
            super::options::escape(ctx, trimmed, w.span);
        } else if let Some(sh) = trimmed
            .strip_prefix('!')
            .or_else(|| trimmed.strip_prefix("sil !"))
            .or_else(|| trimmed.strip_prefix("silent !"))
            .or_else(|| trimmed.strip_prefix("silent!"))
            .or_else(|| trimmed.strip_prefix("call system("))
            .or_else(|| trimmed.strip_prefix("call systemlist("))
            .or_else(|| trimmed.strip_prefix("call jobstart("))
            .or_else(|| trimmed.strip_prefix("call termopen("))
            .or_else(|| trimmed.strip_prefix("call job_start("))
            .or_else(|| trimmed.strip_prefix("terminal "))
            .or_else(|| trimmed.strip_prefix("term "))
            .or_else(|| trimmed.strip_prefix("r !"))
            .or_else(|| trimmed.strip_prefix("w !"))
        {
            ctx.emit(
                RuleId::EditorShellEscape,
                w.span,
                format!("`{n}` runs a shell command at start-up"),
            );
            let sh = sh
                .trim_end_matches(')')
                .trim_matches(|ch| ch == '"' || ch == '\'')
                .to_string();
            // A list of words (`jobstart(["sh", "/tmp/x"])`) is an argument vector.
            let sh = if sh.trim_start().starts_with('[') {
                super::code::string_literals(&sh)
                    .iter()
                    .map(|w| shell_quote(w))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                sh
            };
            ctx.nested(&sh, w.span);
        } else {
            ctx.emit(
                RuleId::EditorShellEscape,
                w.span,
                format!("`{n}` runs editor commands at start-up"),
            );
            // Editor languages' own shell calls (Emacs Lisp's `(shell-command "...")`).
            super::options::escape(ctx, trimmed, w.span);
            for argv in lisp_process_calls(trimmed) {
                ctx.nested(&argv, w.span);
            }
        }
    }
    Flow::default()
}

/// Emacs Lisp calls that start a program with an argument vector (`start-process NAME BUFFER
/// PROGRAM ARGS...`, `call-process PROGRAM INFILE DEST DISPLAY ARGS...`, `process-lines`,
/// `make-process ... :command (list ...)`, the terminals `term` and `ansi-term`): each as a
/// command line of its string arguments; `(shell)` and `(eshell)` as a bare shell.
fn lisp_process_calls(code: &str) -> Vec<String> {
    // The function, and how many string arguments before the program (a process name).
    const CALLS: &[(&str, usize)] = &[
        ("(start-process ", 1),
        ("(start-file-process ", 1),
        ("(call-process ", 0),
        ("(process-lines ", 0),
        ("(process-file ", 0),
        ("(make-process ", 0),
        // Terminal emulators run the program they are given.
        ("(term ", 0),
        ("(ansi-term ", 0),
        ("(make-term ", 1),
    ];
    let mut out = Vec::new();
    // `(shell)`, `(eshell)`: an interactive shell in a buffer.
    if ["(shell)", "(shell ", "(eshell)", "(eshell "]
        .iter()
        .any(|f| code.contains(f))
    {
        out.push("sh".to_string());
    }
    for (call, skip) in CALLS {
        for (k, _) in code.match_indices(call) {
            let form = &code[k..];
            // `make-process` names its program after `:command`.
            let form = if call.starts_with("(make-process") {
                match form.find(":command") {
                    Some(at) => &form[at..],
                    None => continue,
                }
            } else {
                form
            };
            let words: Vec<String> = super::code::string_literals(form)
                .into_iter()
                .skip(*skip)
                .collect();
            if !words.is_empty() {
                out.push(
                    words
                        .iter()
                        .map(|w| shell_quote(w))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
    }
    out
}

/// `man`.
pub(super) fn man(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if let Some(v) = opt_values(c.args, &["-P", "-H"], &["pager", "html"]).first() {
        ctx.emit(RuleId::ExecOption, v.span, "`man -P` names a pager program");
        let t = opt_text(v, &["-P", "-H"], &["pager", "html"]).to_string();
        ctx.nested(&t, v.span);
    }
    Flow::default()
}
