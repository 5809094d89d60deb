//! Walks the tree-sitter bash AST: every command the line would run, with its decoded words,
//! redirects, and where its standard input comes from.

use crate::assess::{Finding, Span};
use crate::paths::{self, Cwd, Loc, SecretClass};
use crate::rules::RuleId;
use crate::tier::Tier;
use std::cell::RefCell;
use std::collections::HashMap;
use tree_sitter::{Node, Parser, Tree};

/// Maximum nesting of `bash -c`, `eval`, pager values and the like.
pub(crate) const MAX_DEPTH: u32 = 6;
/// Maximum number of AST nodes visited for one line, across nested scripts.
const MAX_STEPS: usize = 50_000;
/// Maximum syntactic nesting the walker follows (it recurses, so this bounds its stack).
const MAX_NEST: u32 = 48;

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Parse bash text with the thread's parser; `None` when the grammar cannot be loaded or the
/// parser gives up.
///
/// The parser sees every non-ASCII byte replaced by `a`. Bash's operators and separators are all
/// ASCII, so tokens and byte offsets are unchanged (node text is read from the original), and
/// the grammar's scanner never sees a non-ASCII character: tree-sitter-bash 0.25's scanner calls
/// `isdigit` on the lookahead code point, which crashes on some non-ASCII input (found by our
/// property test; the input is kept in `tests/data/fuzz-failures/`).
pub(crate) fn parse(text: &str) -> Option<Tree> {
    let owned;
    let text = if text.is_ascii() {
        text
    } else {
        owned = String::from_utf8(
            text.bytes()
                .map(|b| if b >= 0x80 { b'a' } else { b })
                .collect(),
        )
        .ok()?;
        owned.as_str()
    };
    PARSER.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .ok()?;
            *slot = Some(parser);
        }
        let parser = slot.as_mut()?;
        parser.reset();
        parser.parse(text, None)
    })
}

/// Byte positions removed by splicing, to map spans back to the original line.
#[derive(Debug, Default, Clone)]
pub(crate) struct OffsetMap {
    /// Spliced-text offsets at which two original bytes (`\` and newline) were removed.
    removed: Vec<usize>,
}

impl OffsetMap {
    pub(crate) fn original(&self, off: usize) -> usize {
        off + 2 * self.removed.iter().filter(|&&p| p <= off).count()
    }
}

/// Remove backslash-newline outside single quotes and comments, as bash joins lines before it
/// tokenises; replace CR and NUL by spaces (length-preserving; the precheck reports them).
pub(crate) fn splice(line: &str) -> (String, OffsetMap) {
    let bytes = line.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut map = OffsetMap::default();
    let mut i = 0;
    let mut single = false;
    let mut double = false;
    let mut comment = false;
    let mut prev_blank = true;
    while i < bytes.len() {
        let b = bytes[i];
        if comment {
            if b == b'\n' {
                comment = false;
            }
            out.push(b);
            i += 1;
            prev_blank = b == b'\n';
            continue;
        }
        if single {
            if b == b'\'' {
                single = false;
            }
            out.push(if b == b'\r' || b == 0 { b' ' } else { b });
            i += 1;
            continue;
        }
        match b {
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => {
                map.removed.push(out.len());
                i += 2;
                continue;
            }
            b'\\' if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') => {
                // `\` CR LF: bash keeps the CR; treat CR as the escaped char and splice nothing.
                out.push(b'\\');
                out.push(b' ');
                i += 2;
                continue;
            }
            b'\\' => {
                out.push(b);
                if let Some(&n) = bytes.get(i + 1) {
                    out.push(if n == b'\r' || n == 0 { b' ' } else { n });
                }
                i += 2;
                prev_blank = false;
                continue;
            }
            b'\'' if !double => single = true,
            b'"' => double = !double,
            b'#' if !double && prev_blank => comment = true,
            _ => {}
        }
        prev_blank = matches!(b, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')');
        out.push(if b == b'\r' || b == 0 { b' ' } else { b });
        i += 1;
    }
    // Only ASCII bytes were removed or replaced, so the result is still UTF-8.
    (String::from_utf8_lossy(&out).into_owned(), map)
}

/// The text being walked and how to map its offsets to the original line.
#[derive(Clone, Copy)]
pub(crate) struct Src<'a> {
    pub(crate) text: &'a str,
    map: &'a OffsetMap,
    /// Nested scripts report the span of the outer word that carried them.
    over: Option<Span>,
}

impl<'a> Src<'a> {
    pub(crate) fn new(text: &'a str, map: &'a OffsetMap, over: Option<Span>) -> Self {
        Src { text, map, over }
    }
    pub(crate) fn span(&self, node: Node<'_>) -> Span {
        if let Some(s) = self.over {
            return s;
        }
        let r = node.byte_range();
        Span {
            start: self.map.original(r.start),
            end: self.map.original(r.end),
        }
    }
    pub(crate) fn text(&self, node: Node<'_>) -> &'a str {
        self.text.get(node.byte_range()).unwrap_or("")
    }
}

/// What flows into a command's standard input (or out of a pipeline stage).
#[derive(Debug, Clone, Default)]
pub(crate) struct Flow {
    /// Data fetched from the network.
    pub(crate) network: bool,
    /// Data passed through a decoder (base64, xxd -r, ...).
    pub(crate) decoder: bool,
    /// Secrets: the environment, credentials.
    pub(crate) secrets: bool,
    /// Content from a file written earlier in the line from the network or a decoder.
    pub(crate) tainted: bool,
    /// Known literal text (echo/printf of static words, a static heredoc).
    pub(crate) literal: Option<String>,
    /// Some content that is neither literal nor any of the above.
    pub(crate) other: bool,
    /// A stage runs a shell or interpreter on its standard input (interactive or piped).
    pub(crate) shell_exec: bool,
    /// A stage is a raw network tool (nc, socat, telnet).
    pub(crate) raw_net: bool,
    /// The stage prints file names (`find`, `fd`, `ls` of a glob): the most sensitive of the
    /// paths it may print, which `xargs` passes on as arguments.
    pub(crate) names: Option<Box<Word>>,
}

impl Flow {
    pub(crate) fn merge(&mut self, o: &Flow) {
        self.network |= o.network;
        self.decoder |= o.decoder;
        self.secrets |= o.secrets;
        self.tainted |= o.tainted;
        self.shell_exec |= o.shell_exec;
        self.raw_net |= o.raw_net;
        self.other |= o.other || o.literal.is_some();
        self.literal = None;
        if self.names.is_none() {
            self.names.clone_from(&o.names);
        }
    }
    /// Flow through a filter: the stage's own contribution plus what came in.
    pub(crate) fn through(mut own: Flow, input: Option<&Flow>) -> Flow {
        if let Some(i) = input {
            own.network |= i.network;
            own.decoder |= i.decoder;
            own.secrets |= i.secrets;
            own.tainted |= i.tainted;
            own.shell_exec |= i.shell_exec;
            own.raw_net |= i.raw_net;
            // A filter (`grep`, `sort`, `head`) passes file names on.
            if own.names.is_none() {
                own.names.clone_from(&i.names);
            }
        }
        own
    }
}

/// One decoded word, as bash would see it after quote removal and the expansions we can know.
#[derive(Debug, Clone, Default)]
pub(crate) struct Word {
    /// Decoded text; unknown expansions contribute nothing.
    pub(crate) text: String,
    /// Some part of the word is not known statically.
    pub(crate) dynamic: bool,
    /// The word contains a command substitution.
    pub(crate) subst: bool,
    /// Every command substitution in the word only reads: its commands found nothing above
    /// `low` and read no secret.
    pub(crate) subst_quiet: bool,
    /// The word contains a parameter expansion.
    pub(crate) param: bool,
    /// A parameter expansion took its value from the environment (`$HOME`, `$PWD`).
    pub(crate) param_env: bool,
    /// Some variable taken from the environment has a name that speaks of a secret
    /// (`$AWS_SECRET_ACCESS_KEY`, `$GITHUB_TOKEN`, `$DB_PASSWORD`).
    pub(crate) secret_env: bool,
    /// Every parameter expansion in the word is a positional one (`$1`, `"$@"`, `$*`).
    pub(crate) positional: bool,
    /// Some parameter expansion in the word is not positional.
    pub(crate) named_param: bool,
    /// Unquoted glob characters.
    pub(crate) glob: bool,
    /// ANSI-C escapes (`$'\x72'`) were decoded.
    pub(crate) escaped: bool,
    /// `$IFS` split it (the decoded text came from several words).
    pub(crate) ifs_split: bool,
    /// The flow of a process substitution used as this word.
    pub(crate) procsub: Option<Flow>,
    /// What the command substitutions inside this word produce.
    pub(crate) subst_flow: Option<Flow>,
    /// Byte span in the original line.
    pub(crate) span: Span,
}

impl Word {
    pub(crate) fn lit(&self) -> Option<&str> {
        if self.dynamic { None } else { Some(&self.text) }
    }

    /// Append a word that touches this one with no blank between them: bash passes the two as
    /// one argument (`` r`true`m `` is `rm`), although the grammar may yield two nodes.
    fn join(&mut self, next: Word) {
        self.absorb(next, "");
    }

    /// Append `next` after `sep`, keeping what either word says about how it was built.
    fn absorb(&mut self, next: Word, sep: &str) {
        self.text.push_str(sep);
        self.text.push_str(&next.text);
        self.subst_quiet = match (self.subst, next.subst) {
            (true, true) => self.subst_quiet && next.subst_quiet,
            (false, true) => next.subst_quiet,
            _ => self.subst_quiet,
        };
        self.positional = match (self.param, next.param) {
            (true, true) => self.positional && next.positional,
            (false, true) => next.positional,
            _ => self.positional,
        };
        self.dynamic |= next.dynamic;
        self.subst |= next.subst;
        self.param |= next.param;
        self.param_env |= next.param_env;
        self.secret_env |= next.secret_env;
        self.named_param |= next.named_param;
        self.glob |= next.glob;
        self.escaped |= next.escaped;
        self.ifs_split |= next.ifs_split;
        if next.procsub.is_some() {
            self.procsub = next.procsub;
        }
        if let Some(f) = next.subst_flow {
            let merged = self.subst_flow.take().unwrap_or_default();
            self.subst_flow = Some(Flow::through(merged, Some(&f)));
        }
        self.span.end = next.span.end;
    }
}

/// Add the words of one argument node to `argv`; the first continues the last word already
/// there when the node touches it.
fn push_words(argv: &mut Vec<Word>, words: Vec<Word>, touches: bool) {
    let mut words = words.into_iter();
    if touches
        && let Some(last) = argv.last_mut()
        && let Some(first) = words.next()
    {
        last.join(first);
    }
    argv.extend(words);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RedirKind {
    Write,
    Append,
    Read,
    ReadWrite,
    Dup,
}

#[derive(Debug, Clone)]
pub(crate) struct Redir {
    pub(crate) kind: RedirKind,
    pub(crate) target: Word,
}

/// Analysis state for one line (shared by nested scripts).
pub(crate) struct Ctx {
    pub(crate) findings: Vec<Finding>,
    pub(crate) depth: u32,
    pub(crate) vars: HashMap<String, Option<String>>,
    pub(crate) cwd: Cwd,
    pub(crate) tainted: Vec<Loc>,
    pub(crate) taint_unknown: bool,
    pub(crate) secret_files: Vec<Loc>,
    pub(crate) fn_stack: Vec<(String, bool)>,
    pub(crate) functions: Vec<String>,
    /// Resolved names of every command the line runs.
    pub(crate) commands: Vec<String>,
    /// How many `timeout` wrappers enclose the command being judged (it cannot run forever).
    pub(crate) bounded: u32,
    /// How many writes inside the working directory the line has made so far (a runner that
    /// repeats a command compares it before and after the command).
    pub(crate) writes_inside: u32,
    /// Links made earlier in the line: workspace path of the link, and where it points.
    pub(crate) links: Vec<(Vec<String>, Loc)>,
    /// Files written earlier in the line from known text (`printf '...' > run.sh`): where, and
    /// what they hold. A later command that runs one runs that text.
    pub(crate) written: Vec<(Loc, String)>,
    /// Aliases defined earlier in the line: name and replacement text.
    pub(crate) aliases: Vec<(String, String)>,
    /// Bodies of the shell functions defined in the line, judged again at each call with the
    /// call's arguments in place of the positional parameters.
    pub(crate) fn_bodies: Vec<(String, String)>,
    /// Functions whose body is being judged for a call (a call inside is not expanded again).
    pub(crate) expanding: Vec<String>,
    /// `set -a` / `set -o allexport` is on: every later plain assignment is exported.
    pub(crate) allexport: bool,
    /// Where the last option, editor command or git program key that runs a program
    /// (`exec-option`, `editor-shell-escape`, `git-config-program`) was found: a nested script
    /// walked from the same place is its command, and a shell there is a shell escape.
    exec_option_at: Option<Span>,
    steps: usize,
    budget_hit: bool,
    nest: u32,
}

impl Ctx {
    pub(crate) fn new() -> Self {
        Ctx {
            findings: Vec::new(),
            depth: 0,
            vars: HashMap::new(),
            cwd: Cwd::Ws(Vec::new()),
            tainted: Vec::new(),
            taint_unknown: false,
            secret_files: Vec::new(),
            fn_stack: Vec::new(),
            fn_bodies: Vec::new(),
            expanding: Vec::new(),
            functions: Vec::new(),
            commands: Vec::new(),
            bounded: 0,
            writes_inside: 0,
            links: Vec::new(),
            written: Vec::new(),
            aliases: Vec::new(),
            steps: 0,
            budget_hit: false,
            allexport: false,
            exec_option_at: None,
            nest: 0,
        }
    }

    pub(crate) fn emit(&mut self, rule: RuleId, span: Span, message: impl Into<String>) {
        if matches!(
            rule,
            RuleId::ExecOption | RuleId::EditorShellEscape | RuleId::GitConfigProgram
        ) {
            self.exec_option_at = Some(span);
        }
        let def = rule.def();
        self.findings.push(Finding {
            rule: def.id,
            tier: def.tier,
            message: message.into(),
            span,
            class: def.class,
        });
    }

    fn step(&mut self, span: Span) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            if !self.budget_hit {
                self.budget_hit = true;
                self.emit(
                    RuleId::TooComplex,
                    span,
                    "the line is too large to analyse completely",
                );
            }
            return false;
        }
        true
    }

    /// Parse and walk a nested script (`bash -c`, `eval`, a pager value ...).
    pub(crate) fn nested(&mut self, script: &str, span: Span) {
        let _ = self.nested_flow(script, span, None);
    }

    /// Walk a nested script with `stdin` as its input; returns what it writes to standard
    /// output (for a function body or an alias used in a pipeline).
    pub(crate) fn nested_flow(&mut self, script: &str, span: Span, stdin: Option<&Flow>) -> Flow {
        let unknown = Flow {
            other: true,
            ..Flow::default()
        };
        if self.depth >= MAX_DEPTH {
            self.emit(
                RuleId::NestingTooDeep,
                span,
                "shell scripts nested too deeply to analyse",
            );
            crate::assess::fallback_scan(self, script, span);
            return unknown;
        }
        let (spliced, map) = splice(script);
        let Some(tree) = parse(&spliced) else {
            self.emit(
                RuleId::ParseError,
                span,
                "nested script could not be parsed",
            );
            return unknown;
        };
        let root = tree.root_node();
        if root.has_error() {
            self.emit(
                RuleId::ParseError,
                span,
                "nested script does not parse as bash",
            );
            crate::assess::fallback_scan(self, &spliced, span);
        }
        let saved_cwd = self.cwd.clone();
        let saved_vars = self.vars.clone();
        let via_option = self.exec_option_at == Some(span);
        let first_command = self.commands.len();
        self.depth += 1;
        let src = Src::new(&spliced, &map, Some(span));
        let out = self.walk_stmt(src, root, stdin);
        self.depth -= 1;
        self.cwd = saved_cwd;
        self.vars = saved_vars;
        if via_option
            && let Some(shell) = self.commands[first_command.min(self.commands.len())..]
                .iter()
                .find(|c| crate::commands::is_shell_name(c))
        {
            let message = format!(
                "an option that runs a program starts the shell `{}`: a shell escape",
                crate::commands::printable_text(shell)
            );
            self.emit(RuleId::OptionShellEscape, span, message);
        }
        out
    }

    /// Walk a statement-level node; returns what it writes to standard output.
    pub(crate) fn walk_stmt(&mut self, src: Src<'_>, node: Node<'_>, stdin: Option<&Flow>) -> Flow {
        let span = src.span(node);
        if !self.step(span) || !self.enter(span) {
            return Flow {
                other: true,
                ..Flow::default()
            };
        }
        let out = self.walk_stmt_inner(src, node, stdin, span);
        self.nest -= 1;
        out
    }

    /// Count one level of syntactic nesting; false (after reporting once) when too deep.
    fn enter(&mut self, span: Span) -> bool {
        if self.nest >= MAX_NEST {
            if !self.budget_hit {
                self.budget_hit = true;
                self.emit(
                    RuleId::TooComplex,
                    span,
                    "the line nests too deeply to analyse completely",
                );
            }
            return false;
        }
        self.nest += 1;
        true
    }

    fn walk_stmt_inner(
        &mut self,
        src: Src<'_>,
        node: Node<'_>,
        stdin: Option<&Flow>,
        span: Span,
    ) -> Flow {
        if matches!(node.kind(), "while_statement" | "c_style_for_statement") {
            self.endless_loop(src, node, span);
        }
        match node.kind() {
            "list" => {
                // `a && b || c` nests to the left, one level per operator: flatten it without
                // recursion so padding a line with `&& true` cannot push a command out of reach.
                let mut operands = Vec::new();
                let mut stack = vec![node];
                while let Some(n) = stack.pop() {
                    let mut cur = n.walk();
                    let children: Vec<Node<'_>> = n.named_children(&mut cur).collect();
                    for c in children.into_iter().rev() {
                        if c.kind() == "list" {
                            stack.push(c);
                        } else {
                            operands.push(c);
                        }
                    }
                }
                let mut out = Flow::default();
                for c in operands.into_iter().rev() {
                    let f = self.walk_stmt(src, c, stdin);
                    out.merge(&f);
                }
                out
            }
            "program" | "compound_statement" | "subshell" | "do_group" | "else_clause"
            | "elif_clause" | "if_statement" | "while_statement" | "negated_command"
            | "case_item" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                if children.len() == 1 && node.kind() != "negated_command" {
                    return self.walk_stmt(src, children[0], stdin);
                }
                let mut out = Flow::default();
                for child in children {
                    let f = self.walk_stmt(src, child, stdin);
                    out.merge(&f);
                }
                out
            }
            "pipeline" => {
                let mut cur = node.walk();
                let stages: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                let mut acc: Option<Flow> = stdin.cloned();
                let mut all = Flow::default();
                // A stage that stops reading after a count ends the stages before it: they are
                // killed by a broken pipe once it has what it wants (`yes | head -n 3`).
                let stops = stages
                    .iter()
                    .rposition(|s| stops_after_count(src.text(*s)))
                    .unwrap_or(0);
                for (i, stage) in stages.into_iter().enumerate() {
                    let bound = u32::from(i < stops);
                    self.bounded += bound;
                    let out = self.walk_stmt(src, stage, acc.as_ref());
                    self.bounded -= bound;
                    all.merge(&out);
                    let mut next = out.clone();
                    if let Some(a) = &acc {
                        next = Flow::through(next, Some(a));
                    }
                    acc = Some(next);
                }
                if all.shell_exec && all.raw_net {
                    self.emit(
                        RuleId::ReverseShell,
                        span,
                        "a shell's input or output is wired to a network connection",
                    );
                }
                acc.unwrap_or(all)
            }
            "redirected_statement" => self.walk_redirected(src, node, stdin),
            "command" => self.walk_command(src, node, stdin, &[]),
            "function_definition" => {
                self.walk_function(src, node);
                Flow::default()
            }
            "for_statement" | "c_style_for_statement" | "select_statement" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                let mut out = Flow::default();
                let mut var: Option<String> = None;
                let mut values: Vec<Word> = Vec::new();
                let mut has_values = false;
                for child in &children {
                    match child.kind() {
                        "do_group" | "compound_statement" => {}
                        "variable_name" => var = Some(src.text(*child).to_string()),
                        _ => {
                            has_values = true;
                            values.extend(self.decode_words(src, *child));
                        }
                    }
                }
                if let Some(v) = var {
                    // Loop over static words: the variable takes those values (judge the first;
                    // a later dangerous one is judged when it is a literal elsewhere too).
                    let known =
                        if has_values && !values.is_empty() && values.iter().all(|w| !w.dynamic) {
                            values
                                .iter()
                                .find(|w| {
                                    crate::commands::is_known_command(&w.text)
                                        || w.text.starts_with('-')
                                })
                                .or(values.first())
                                .map(|w| w.text.clone())
                        } else {
                            None
                        };
                    self.vars.insert(v, known);
                }
                for child in children {
                    if matches!(child.kind(), "do_group" | "compound_statement") {
                        out.merge(&self.walk_stmt(src, child, stdin));
                    }
                }
                out
            }
            "case_statement" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                let mut out = Flow::default();
                for child in children {
                    if child.kind() == "case_item" {
                        let mut c2 = child.walk();
                        let items: Vec<Node<'_>> = child.named_children(&mut c2).collect();
                        for it in items {
                            if is_statement(it.kind()) {
                                out.merge(&self.walk_stmt(src, it, stdin));
                            } else {
                                self.scan_substitutions(src, it);
                            }
                        }
                    } else {
                        self.decode_words(src, child);
                    }
                }
                out
            }
            "test_command"
            | "arithmetic_expansion"
            | "postfix_expression"
            | "binary_expression"
            | "unary_expression"
            | "parenthesized_expression" => {
                self.scan_substitutions(src, node);
                Flow::default()
            }
            "variable_assignment" => {
                self.assignment(src, node, false);
                Flow::default()
            }
            "variable_assignments" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                for c in children {
                    self.assignment(src, c, false);
                }
                Flow::default()
            }
            "declaration_command" => self.walk_declaration(src, node),
            "unset_command" => {
                self.scan_substitutions(src, node);
                Flow::default()
            }
            "comment" | "heredoc_body" | "heredoc_start" | "heredoc_end" => Flow::default(),
            "ERROR" => {
                // Recover what we can from a partial parse; the parse error itself is reported
                // once for the whole line.
                self.walk_children_blind(src, node, stdin)
            }
            other => {
                self.emit(
                    RuleId::UnsupportedConstruct,
                    span,
                    format!("construct `{other}` is not analysed"),
                );
                self.walk_children_blind(src, node, stdin)
            }
        }
    }

    /// Walks what can be recovered under a node the walker does not understand (a parse error
    /// or an unknown construct): statements are walked, anything else is scanned for
    /// substitutions. The result is always "other", never a clean read.
    fn walk_children_blind(&mut self, src: Src<'_>, node: Node<'_>, stdin: Option<&Flow>) -> Flow {
        let mut cur = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
        for c in children {
            if is_statement(c.kind()) {
                self.walk_stmt(src, c, stdin);
            } else {
                self.scan_substitutions(src, c);
            }
        }
        Flow {
            other: true,
            ..Flow::default()
        }
    }

    /// `while true`, `while :`, `until false` and `for ((;;))` without a `break` never end.
    fn endless_loop(&mut self, src: Src<'_>, node: Node<'_>, span: Span) {
        if self.bounded > 0 {
            return;
        }
        let text = src.text(node);
        if text.contains("break") || text.contains("exit") || text.contains("return") {
            return;
        }
        let endless = if node.kind() == "c_style_for_statement" {
            let head = text.split("))").next().unwrap_or("");
            head.split(';')
                .nth(1)
                .is_some_and(|cond| cond.trim().is_empty())
        } else {
            let until = text.starts_with("until");
            let cond = node
                .child_by_field_name("condition")
                .map(|n| src.text(n).trim().trim_end_matches(';').trim())
                .unwrap_or("");
            if until {
                cond == "false"
            } else {
                matches!(cond, "true" | ":" | "[ 1 ]" | "((1))")
            }
        };
        if endless {
            self.emit(
                RuleId::NeverEnds,
                span,
                "the loop has no exit and never ends on its own",
            );
        }
    }

    fn walk_function(&mut self, src: Src<'_>, node: Node<'_>) {
        let span = src.span(node);
        let name = node
            .child_by_field_name("name")
            .map(|n| src.text(n).to_string())
            .unwrap_or_default();
        self.functions.push(name.clone());
        // A function named like no command changes no command's meaning: its body is judged
        // here and again at each call, with the call's arguments.
        if crate::commands::is_known_command(&name) {
            self.emit(
                RuleId::FunctionDefinition,
                span,
                format!("function `{name}` shadows a command of the same name"),
            );
        }
        if let Some(body) = node.child_by_field_name("body")
            && self.fn_bodies.len() < 64
        {
            self.fn_bodies
                .push((name.clone(), src.text(body).to_string()));
        }
        self.fn_stack.push((name.clone(), false));
        if let Some(body) = node.child_by_field_name("body") {
            self.walk_stmt(src, body, None);
        }
        let recursive = self.fn_stack.pop().is_some_and(|(_, r)| r);
        if recursive {
            let body_text = node
                .child_by_field_name("body")
                .map(|b| src.text(b))
                .unwrap_or("");
            if body_text.contains('|') || body_text.contains('&') {
                self.emit(
                    RuleId::ForkBomb,
                    span,
                    format!(
                        "function `{name}` calls itself in a pipeline or background (fork bomb)"
                    ),
                );
            } else {
                self.emit(
                    RuleId::FunctionDefinition,
                    span,
                    format!("function `{name}` calls itself"),
                );
            }
        }
    }

    fn walk_declaration(&mut self, src: Src<'_>, node: Node<'_>) -> Flow {
        let span = src.span(node);
        let mut cur = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut cur).collect();
        let keyword = children.first().map(|c| src.text(*c)).unwrap_or("");
        let mut any_assign = false;
        let mut flags: Vec<String> = Vec::new();
        for c in &children {
            match c.kind() {
                "variable_assignment" => {
                    any_assign = true;
                    let exported =
                        keyword == "export" || flags.iter().any(|f: &String| f.contains('x'));
                    self.assignment(src, *c, exported);
                }
                "word" => {
                    let t = src.text(*c);
                    if t.starts_with('-') {
                        flags.push(t.to_string());
                    }
                }
                "variable_name" => {}
                _ => self.scan_substitutions(src, *c),
            }
        }
        let prints = !any_assign
            && children
                .iter()
                .filter(|c| c.is_named())
                .all(|c| c.kind() == "word" && src.text(*c).starts_with('-'))
            && (flags.is_empty() || flags.iter().any(|f| f.contains('p') || f.contains('x')));
        if prints && matches!(keyword, "export" | "declare" | "typeset" | "readonly") {
            self.emit(
                RuleId::EnvDump,
                span,
                format!("`{keyword}` prints variables (secrets) into the transcript"),
            );
            return Flow {
                secrets: true,
                ..Flow::default()
            };
        }
        // `declare -f [NAME]` and `-F` print function bodies or names; `-fx`, `-fr`, `-ft` and
        // assignments change what a function name does.
        let prints_functions = !any_assign
            && matches!(keyword, "declare" | "typeset")
            && flags.iter().all(|f| {
                f.trim_start_matches('-')
                    .chars()
                    .all(|ch| matches!(ch, 'f' | 'F' | 'p'))
            });
        if flags.iter().any(|f| f.contains('f')) && keyword != "local" && !prints_functions {
            self.emit(
                RuleId::FunctionDefinition,
                span,
                "declares or exports shell functions",
            );
        }
        Flow::default()
    }

    /// A `NAME=value` assignment, standalone (`export` when exported) or as a command prefix.
    pub(crate) fn assignment(
        &mut self,
        src: Src<'_>,
        node: Node<'_>,
        exported: bool,
    ) -> Option<(String, Word)> {
        let name = node
            .child_by_field_name("name")
            .map(|n| src.text(n).to_string())?;
        let value = match node.child_by_field_name("value") {
            Some(v) => {
                let words = self.decode_word(src, v, true);
                join_words(words, src.span(v))
            }
            None => Word {
                span: src.span(node),
                ..Word::default()
            },
        };
        let known = if value.dynamic {
            None
        } else {
            Some(value.text.clone())
        };
        if exported || (self.allexport && crate::commands::env_name_matters(&name)) {
            crate::commands::env_assignment(self, &name, &value);
        }
        self.vars.insert(name.clone(), known);
        Some((name, value))
    }

    fn walk_redirected(&mut self, src: Src<'_>, node: Node<'_>, stdin: Option<&Flow>) -> Flow {
        let mut redirs = Vec::new();
        let mut heredoc_tail: Vec<Node<'_>> = Vec::new();
        let mut input: Option<Flow> = stdin.cloned();
        let mut cur = node.walk();
        let children: Vec<Node<'_>> = node.children_by_field_name("redirect", &mut cur).collect();
        for r in children {
            self.collect_redirect(src, r, &mut redirs, &mut input, &mut heredoc_tail);
        }
        let Some(body) = node.child_by_field_name("body") else {
            self.truncations(&redirs);
            self.apply_redirects(&redirs, &Flow::default());
            return Flow::default();
        };
        let out = if body.kind() == "command" {
            self.walk_command_with(src, body, input.as_ref(), &redirs)
        } else {
            let out = self.walk_stmt(src, body, input.as_ref());
            self.apply_redirects(&redirs, &out);
            out
        };
        // `cat <<EOF | sh`: the pipeline continues inside the heredoc redirect node.
        let mut flow = if redirs.iter().any(|r| {
            matches!(
                r.kind,
                RedirKind::Write | RedirKind::Append | RedirKind::ReadWrite
            ) && !paths::is_sink(&self.loc(&r.target))
        }) {
            Flow::default()
        } else {
            out
        };
        for tail in heredoc_tail {
            flow = self.walk_stmt(src, tail, Some(&flow));
        }
        flow
    }

    /// `> file`, `: > file`, `true > file`: the only effect is emptying the file.
    fn truncations(&mut self, redirs: &[Redir]) {
        for r in redirs {
            if r.kind == RedirKind::Write {
                let loc = self.loc(&r.target);
                if let (Loc::Ws(c), paths::WriteClass::Inside) = (&loc, paths::write_class(&loc))
                    && !c.is_empty()
                {
                    self.emit(
                        RuleId::DeleteInCwd,
                        r.target.span,
                        format!("empties `{}`", r.target.text),
                    );
                }
            }
        }
    }

    fn collect_redirect<'t>(
        &mut self,
        src: Src<'_>,
        r: Node<'t>,
        redirs: &mut Vec<Redir>,
        input: &mut Option<Flow>,
        tail: &mut Vec<Node<'t>>,
    ) {
        match r.kind() {
            "file_redirect" => {
                let mut cur = r.walk();
                let mut op = String::new();
                for c in r.children(&mut cur) {
                    if !c.is_named() {
                        op.push_str(c.kind());
                    }
                }
                let Some(dest) = r.child_by_field_name("destination") else {
                    return;
                };
                let target = join_words(self.decode_word(src, dest, false), src.span(dest));
                let kind = match op.as_str() {
                    ">>" | "&>>" => RedirKind::Append,
                    ">" | ">|" | "&>" => RedirKind::Write,
                    "<" => RedirKind::Read,
                    "<>" => RedirKind::ReadWrite,
                    ">&" | "<&" | ">&-" | "<&-" => {
                        if dest.kind() == "number" || target.text == "-" {
                            RedirKind::Dup
                        } else if op.starts_with('<') {
                            RedirKind::Read
                        } else {
                            RedirKind::Write
                        }
                    }
                    _ => RedirKind::Write,
                };
                if kind == RedirKind::Read {
                    let loc = self.loc(&target);
                    let mut f = Flow {
                        other: true,
                        ..Flow::default()
                    };
                    f.tainted = self.is_tainted(&loc);
                    f.secrets = paths::secret_class(&loc) != SecretClass::None;
                    if let Some(p) = &target.procsub {
                        f = Flow::through(f, Some(p));
                    }
                    *input = Some(f);
                }
                redirs.push(Redir { kind, target });
            }
            "heredoc_redirect" => {
                let mut cur = r.walk();
                let mut quoted = false;
                let mut body = String::new();
                let mut dynamic = false;
                for c in r.named_children(&mut cur) {
                    match c.kind() {
                        "heredoc_start" => {
                            let t = src.text(c);
                            quoted = t.contains('\'') || t.contains('"') || t.contains('\\');
                        }
                        "heredoc_body" => {
                            body = src.text(c).to_string();
                            if !quoted {
                                let mut c2 = c.walk();
                                let parts: Vec<Node<'_>> = c.named_children(&mut c2).collect();
                                for p in parts {
                                    if p.kind() != "heredoc_content" {
                                        dynamic = true;
                                        self.decode_word(src, p, true);
                                    }
                                }
                            }
                        }
                        "heredoc_end" => {}
                        "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                            self.collect_redirect(src, c, redirs, input, tail)
                        }
                        k if is_statement(k) => tail.push(c),
                        _ => self.scan_substitutions(src, c),
                    }
                }
                *input = Some(Flow {
                    literal: if dynamic { None } else { Some(body) },
                    other: dynamic,
                    ..Flow::default()
                });
            }
            "herestring_redirect" => {
                let mut cur = r.walk();
                let parts: Vec<Node<'_>> = r.named_children(&mut cur).collect();
                let mut words = Vec::new();
                for p in parts {
                    words.extend(self.decode_word(src, p, true));
                }
                let w = join_words(words, src.span(r));
                *input = Some(Flow {
                    literal: if w.dynamic {
                        None
                    } else {
                        Some(format!("{}\n", w.text))
                    },
                    other: w.dynamic,
                    ..Flow::default()
                });
            }
            _ => self.scan_substitutions(src, r),
        }
    }

    /// Judge redirect targets of a statement whose output is `out`.
    pub(crate) fn apply_redirects(&mut self, redirs: &[Redir], out: &Flow) {
        for r in redirs {
            match r.kind {
                RedirKind::Write | RedirKind::Append | RedirKind::ReadWrite => {
                    crate::commands::write_target(self, &r.target, "redirect");
                    let loc = self.loc(&r.target);
                    self.remember_written(&loc, r.kind, out);
                    if out.network || out.decoder || out.tainted {
                        self.taint(loc.clone());
                    }
                    if out.secrets {
                        // Credential files copied this way (an environment dump written to a
                        // file is judged as the dump).
                        let credentials = self
                            .findings
                            .iter()
                            .any(|f| matches!(f.rule, "credential-print" | "credential-read"));
                        if credentials && !paths::is_sink(&loc) {
                            self.emit(
                                RuleId::CredentialRead,
                                r.target.span,
                                "credentials are written to a file by a redirect",
                            );
                        }
                        self.secret_files.push(loc);
                    }
                }
                RedirKind::Read => {
                    let loc = self.loc(&r.target);
                    if paths::write_class(&loc) == paths::WriteClass::Socket {
                        self.emit(
                            RuleId::ReverseShell,
                            r.target.span,
                            "reads from a /dev/tcp or /dev/udp network socket",
                        );
                    }
                }
                RedirKind::Dup => {}
            }
        }
    }

    pub(crate) fn loc(&self, w: &Word) -> Loc {
        match w.lit() {
            Some(t) => self.through_links(paths::resolve(t, &self.cwd)),
            None => Loc::Unknown,
        }
    }

    /// Where a workspace path really points when an earlier `ln` in the line made it (or one of
    /// its parents) a link: two steps judged as the one they make.
    pub(crate) fn through_links(&self, loc: Loc) -> Loc {
        let Loc::Ws(comps) = &loc else { return loc };
        for (link, target) in self.links.iter().rev() {
            if comps.starts_with(link) {
                let rest = &comps[link.len()..];
                let join = |mut base: Vec<String>| {
                    base.extend(rest.iter().cloned());
                    base
                };
                return match target {
                    Loc::Ws(b) => Loc::Ws(join(b.clone())),
                    Loc::Home(b) => Loc::Home(join(b.clone())),
                    Loc::OtherHome(b) => Loc::OtherHome(join(b.clone())),
                    Loc::Abs(b) => Loc::Abs(join(b.clone())),
                    Loc::Outside => Loc::Outside,
                    Loc::Unknown => Loc::Unknown,
                };
            }
        }
        loc
    }

    /// Remember what a redirect wrote to `loc`: known text (replacing or extended), or
    /// forget the file when what was written is not known.
    fn remember_written(&mut self, loc: &Loc, kind: RedirKind, out: &Flow) {
        /// Bounds on what is kept: the text of a script an agent writes in one line.
        const MAX_FILES: usize = 32;
        const MAX_TEXT: usize = 16 * 1024;
        if *loc == Loc::Unknown || paths::is_sink(loc) {
            return;
        }
        let known = self.written.iter().position(|(l, _)| l == loc);
        match (&out.literal, kind, known) {
            (Some(text), RedirKind::Append, Some(k)) => {
                let held = &mut self.written[k].1;
                if held.len() + text.len() <= MAX_TEXT {
                    held.push_str(text);
                } else {
                    self.written.remove(k);
                }
            }
            (Some(text), _, known) => {
                if let Some(k) = known {
                    self.written.remove(k);
                }
                if text.len() <= MAX_TEXT && self.written.len() < MAX_FILES {
                    self.written.push((loc.clone(), text.clone()));
                }
            }
            (None, _, Some(k)) => {
                self.written.remove(k);
            }
            (None, _, None) => {}
        }
    }

    /// The text a file at `loc` was given by a redirect earlier in the line, if known.
    pub(crate) fn written_text(&self, loc: &Loc) -> Option<&str> {
        self.written
            .iter()
            .rev()
            .find(|(l, _)| l == loc)
            .map(|(_, t)| t.as_str())
    }

    pub(crate) fn taint(&mut self, loc: Loc) {
        if loc == Loc::Unknown {
            self.taint_unknown = true;
        } else {
            self.tainted.push(loc);
        }
    }

    pub(crate) fn is_tainted(&self, loc: &Loc) -> bool {
        self.is_tainted_place(loc)
            || (self.taint_unknown && matches!(loc, Loc::Ws(_) | Loc::Unknown))
    }

    /// Whether `loc` is at or below a place the line filled with downloaded or world-writable
    /// files (a clone, an unpacked archive), not counting files of unknown names.
    pub(crate) fn is_tainted_place(&self, loc: &Loc) -> bool {
        let under = |t: &Loc| match (t, loc) {
            (Loc::Ws(a), Loc::Ws(b))
            | (Loc::Home(a), Loc::Home(b))
            | (Loc::Abs(a), Loc::Abs(b)) => !a.is_empty() && b.starts_with(a),
            _ => t == loc,
        };
        self.tainted.iter().any(under)
    }

    fn walk_command(
        &mut self,
        src: Src<'_>,
        node: Node<'_>,
        stdin: Option<&Flow>,
        outer: &[Redir],
    ) -> Flow {
        self.walk_command_with(src, node, stdin, outer)
    }

    fn walk_command_with(
        &mut self,
        src: Src<'_>,
        node: Node<'_>,
        stdin: Option<&Flow>,
        outer: &[Redir],
    ) -> Flow {
        let span = src.span(node);
        let mut assigns: Vec<(String, Word)> = Vec::new();
        let mut argv: Vec<Word> = Vec::new();
        let mut redirs: Vec<Redir> = outer.to_vec();
        let mut input = stdin.cloned();
        let mut tail = Vec::new();
        let mut cur = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
        let mut prev_end: Option<usize> = None;
        // Where the last word of the command ended: a word starting there continues it.
        let mut word_end: Option<usize> = None;
        for (k, &c) in children.iter().enumerate() {
            // Continuations were spliced out, so a newline between two words of one command
            // means the grammar joined the next line onto it: what we see is not what bash
            // runs, and the line is judged as unparsed (fail closed).
            let starts_a_line = src
                .text
                .get(c.start_byte()..c.end_byte())
                .is_some_and(|text| text.starts_with('\n'));
            let joined_line = prev_end.is_some_and(|end| {
                starts_a_line
                    || src
                        .text
                        .get(end..c.start_byte())
                        .is_some_and(|gap| gap.contains('\n'))
            });
            if joined_line {
                // Nor is the new line's first word part of the last one.
                word_end = None;
            }
            if joined_line && c.kind() != "heredoc_redirect" {
                self.emit(
                    RuleId::ParseError,
                    src.span(c),
                    "the grammar joined a new line onto this command",
                );
            }
            prev_end = Some(c.end_byte());
            match c.kind() {
                "variable_assignment" => {
                    // Prefix assignments apply to this command only; they are judged with it.
                    let saved = self.vars.clone();
                    if let Some(a) = self.assignment(src, c, false) {
                        assigns.push(a);
                    }
                    self.vars = saved;
                }
                "command_name" => {
                    let inner = c.named_child(0).unwrap_or(c);
                    let words = self.decode_word(src, inner, false);
                    push_words(&mut argv, words, word_end == Some(c.start_byte()));
                    word_end = Some(c.end_byte());
                }
                "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                    self.collect_redirect(src, c, &mut redirs, &mut input, &mut tail)
                }
                "comment" => {}
                // `sh 0<&2`: digits touching a redirect are its file descriptor, not an
                // argument, although the grammar sometimes yields them as a word.
                _ if src.text(c).bytes().all(|b| b.is_ascii_digit())
                    && children
                        .get(k + 1)
                        .copied()
                        .or_else(|| {
                            (k + 1 == children.len())
                                .then(|| node.next_sibling())
                                .flatten()
                        })
                        .is_some_and(|n| {
                            n.kind() == "file_redirect"
                                && n.start_byte() == c.end_byte()
                                && n.child_by_field_name("descriptor").is_none()
                        }) => {}
                _ => {
                    let words = self.decode_word(src, c, false);
                    push_words(&mut argv, words, word_end == Some(c.start_byte()));
                    word_end = Some(c.end_byte());
                }
            }
        }
        let out = crate::commands::run(self, &assigns, &argv, input.as_ref(), span, &redirs);
        if argv.is_empty()
            || argv
                .first()
                .is_some_and(|w| matches!(w.text.as_str(), ":" | "true" | "false"))
        {
            self.truncations(&redirs);
        }
        self.apply_redirects(&redirs[outer.len().min(redirs.len())..], &out);
        if !outer.is_empty() {
            // Outer redirects were judged by the caller for compound bodies only.
            self.apply_redirects(&redirs[..outer.len().min(redirs.len())], &out);
        }
        let mut flow = if redirs.iter().any(|r| {
            matches!(r.kind, RedirKind::Write | RedirKind::Append)
                && !paths::is_sink(&self.loc(&r.target))
        }) {
            Flow::default()
        } else {
            out
        };
        for t in tail {
            flow = self.walk_stmt(src, t, Some(&flow));
        }
        flow
    }

    /// Walk any substitutions below a node that is not a statement (they run too).
    pub(crate) fn scan_substitutions(&mut self, src: Src<'_>, node: Node<'_>) {
        if !self.enter(src.span(node)) {
            return;
        }
        self.scan_substitutions_inner(src, node);
        self.nest -= 1;
    }

    fn scan_substitutions_inner(&mut self, src: Src<'_>, node: Node<'_>) {
        match node.kind() {
            "command_substitution" | "process_substitution" => {
                self.decode_word(src, node, false);
            }
            _ => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                for c in children {
                    if self.steps > MAX_STEPS {
                        return;
                    }
                    self.steps += 1;
                    self.scan_substitutions(src, c);
                }
            }
        }
    }

    fn decode_words(&mut self, src: Src<'_>, node: Node<'_>) -> Vec<Word> {
        self.decode_word(src, node, false)
    }

    /// Decode one argument node into the words bash would pass (usually one).
    pub(crate) fn decode_word(&mut self, src: Src<'_>, node: Node<'_>, quoted: bool) -> Vec<Word> {
        let mut b = WordBuilder {
            words: Vec::new(),
            cur: Word {
                span: src.span(node),
                ..Word::default()
            },
            started: false,
        };
        self.push_node(src, node, quoted, &mut b);
        b.finish()
    }

    fn push_node(&mut self, src: Src<'_>, node: Node<'_>, quoted: bool, b: &mut WordBuilder) {
        if !self.enter(src.span(node)) {
            b.cur.dynamic = true;
            return;
        }
        self.push_node_inner(src, node, quoted, b);
        self.nest -= 1;
    }

    fn push_node_inner(&mut self, src: Src<'_>, node: Node<'_>, quoted: bool, b: &mut WordBuilder) {
        let raw = src.text(node);
        b.started = true;
        match node.kind() {
            "word"
            | "number"
            | "heredoc_content"
            | "special_variable_name"
            | "variable_name"
            | "file_descriptor"
            | "test_operator"
            | "regex"
            | "extglob_pattern" => {
                if quoted || node.kind() == "heredoc_content" {
                    b.cur.text.push_str(raw);
                } else {
                    unescape_unquoted(raw, &mut b.cur);
                }
            }
            "string_content" => unescape_double(raw, &mut b.cur.text),
            "string" | "translated_string" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                for c in children {
                    self.push_node(src, c, true, b);
                }
            }
            "raw_string" => {
                let inner = raw.strip_prefix('\'').unwrap_or(raw);
                let inner = inner.strip_suffix('\'').unwrap_or(inner);
                b.cur.text.push_str(inner);
            }
            "ansi_c_string" => {
                let inner = raw.strip_prefix("$'").unwrap_or(raw);
                let inner = inner.strip_suffix('\'').unwrap_or(inner);
                decode_ansi_c(inner, &mut b.cur.text);
                if inner.contains('\\') {
                    b.cur.escaped = true;
                }
            }
            "concatenation" | "command_name" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.children(&mut cur).collect();
                for c in children {
                    if c.is_named() {
                        self.push_node(src, c, quoted, b);
                    } else {
                        let t = src.text(c);
                        if quoted {
                            b.cur.text.push_str(t);
                        } else {
                            unescape_unquoted(t, &mut b.cur);
                        }
                    }
                }
            }
            "simple_expansion" | "expansion" => {
                b.cur.param = true;
                let name_node = node.named_child(0);
                let name = name_node.map(|n| src.text(n)).unwrap_or("");
                if !name.is_empty()
                    && (name == "@" || name == "*" || name.chars().all(|c| c.is_ascii_digit()))
                {
                    b.cur.positional = true;
                } else {
                    b.cur.named_param = true;
                }
                let plain = raw == format!("${name}") || raw == format!("${{{name}}}");
                if raw.ends_with("@P}")
                    && raw == format!("${{{name}@P}}")
                    && let Some(Some(value)) = self.vars.get(name).cloned()
                    && value.contains(['$', '`'])
                {
                    // `${x@P}` expands the value as a prompt string: its command substitutions
                    // run, as if the value were written in double quotes.
                    let span = src.span(node);
                    self.emit(
                        RuleId::Eval,
                        span,
                        format!("`${{{name}@P}}` expands `{name}` as a prompt, running what it substitutes"),
                    );
                    let _ = self.nested_flow(&format!("echo \"{value}\""), span, None);
                }
                if !plain || node.named_child_count() > 1 {
                    b.cur.dynamic = true;
                    self.scan_substitutions(src, node);
                    return;
                }
                let known = well_known_value(name);
                if !self.vars.contains_key(name)
                    && !matches!(name, "IFS" | "PWD")
                    && known.is_none()
                {
                    b.cur.param_env = true;
                    b.cur.secret_env |= secret_name(name);
                }
                let value = match self.vars.get(name) {
                    Some(v) => v.clone(),
                    None => match name {
                        "IFS" => Some(" ".to_string()),
                        "HOME" => Some("~".to_string()),
                        "PWD" => Some(".".to_string()),
                        _ => known.map(str::to_string),
                    },
                };
                match value {
                    Some(v) => {
                        if !quoted && v.chars().any(|c| c == ' ' || c == '\t' || c == '\n') {
                            // Unquoted: bash splits the value into several words.
                            let parts = v.split([' ', '\t', '\n']).peekable();
                            let mut first = true;
                            b.cur.ifs_split = true;
                            for p in parts {
                                if !first {
                                    b.split();
                                    b.cur.ifs_split = true;
                                }
                                first = false;
                                b.cur.text.push_str(p);
                            }
                            b.cur.ifs_split = true;
                        } else {
                            b.cur.text.push_str(&v);
                        }
                    }
                    None => b.cur.dynamic = true,
                }
            }
            "command_substitution" => {
                let span = src.span(node);
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                if let [only] = children[..]
                    && prints_working_directory(src.text(only))
                {
                    // `$(pwd)`, `$(git rev-parse --show-toplevel)`: the working directory, as
                    // `$PWD` is; a path below it resolves against the (virtual) cwd.
                    b.cur.text.push('.');
                    return;
                }
                let first = !b.cur.subst;
                let findings_before = self.findings.len();
                b.cur.subst = true;
                let mut out = Flow::default();
                if let [only] = children[..]
                    && let Some(file) = read_redirect_operand(src, only)
                {
                    // `$(< FILE)` is bash's spelling of `$(cat FILE)`: a read of FILE whose
                    // text becomes the argument, judged as that read.
                    out = self.nested_flow(&format!("cat {file}"), span, None);
                    out.literal = None;
                    out.other = true;
                } else if children.len() == 1 {
                    out = self.walk_stmt(src, children[0], None);
                } else {
                    for c in &children {
                        out.merge(&self.walk_stmt(src, *c, None));
                    }
                }
                let _ = span;
                // Unquoted, the output splits into words that may be taken for options
                // (`wc -l $(git ls-files)` with a file named `--files0-from=...`): only a
                // quoted substitution is one plain argument.
                let quiet = quoted
                    && !out.secrets
                    && self.findings[findings_before..]
                        .iter()
                        .all(|f| f.tier <= Tier::Low);
                b.cur.subst_quiet = quiet && (first || b.cur.subst_quiet);
                let mut sf = b.cur.subst_flow.take().unwrap_or_default();
                sf = Flow::through(sf, Some(&out));
                sf.other |= out.other;
                b.cur.subst_flow = Some(sf);
                match out.literal {
                    Some(text) if children.len() == 1 && !out.other => {
                        let t = text.trim_end_matches('\n');
                        if quoted {
                            b.cur.text.push_str(t);
                        } else {
                            let mut first = true;
                            for p in t.split([' ', '\t', '\n']).filter(|p| !p.is_empty()) {
                                if !first {
                                    b.split();
                                }
                                first = false;
                                b.cur.text.push_str(p);
                            }
                        }
                    }
                    _ => b.cur.dynamic = true,
                }
            }
            "process_substitution" => {
                let mut cur = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cur).collect();
                let mut out = Flow::default();
                for c in children {
                    let f = self.walk_stmt(src, c, None);
                    out = Flow::through(out, Some(&f));
                    out.other |= f.other || f.literal.is_some();
                }
                b.cur.text.push_str("/dev/fd/63");
                b.cur.procsub = Some(out);
            }
            "arithmetic_expansion" | "brace_expression" => {
                b.cur.dynamic = true;
                self.scan_substitutions(src, node);
            }
            _ => {
                b.cur.dynamic = true;
                b.cur.text.push_str(raw);
                self.scan_substitutions(src, node);
            }
        }
    }
}

struct WordBuilder {
    words: Vec<Word>,
    cur: Word,
    started: bool,
}

impl WordBuilder {
    fn split(&mut self) {
        let span = self.cur.span;
        let flags = Word {
            span,
            ifs_split: true,
            dynamic: self.cur.dynamic,
            param: self.cur.param,
            subst: self.cur.subst,
            subst_quiet: self.cur.subst_quiet,
            subst_flow: self.cur.subst_flow.clone(),
            ..Word::default()
        };
        let done = std::mem::replace(&mut self.cur, flags);
        if !done.text.is_empty() || done.dynamic {
            self.words.push(done);
        }
    }
    fn finish(mut self) -> Vec<Word> {
        if self.started {
            let cur = std::mem::take(&mut self.cur);
            if !(cur.ifs_split && cur.text.is_empty() && !cur.dynamic) || self.words.is_empty() {
                self.words.push(cur);
            }
        }
        self.words
    }
}

/// Join several words (from splitting) back into one, e.g. for an assignment value.
pub(crate) fn join_words(words: Vec<Word>, span: Span) -> Word {
    let mut out = Word::default();
    for (i, w) in words.into_iter().enumerate() {
        out.absorb(w, if i == 0 { "" } else { " " });
    }
    out.span = span;
    out
}

pub(crate) fn is_statement(kind: &str) -> bool {
    matches!(
        kind,
        "command"
            | "pipeline"
            | "list"
            | "redirected_statement"
            | "subshell"
            | "compound_statement"
            | "if_statement"
            | "while_statement"
            | "for_statement"
            | "c_style_for_statement"
            | "case_statement"
            | "function_definition"
            | "negated_command"
            | "declaration_command"
            | "unset_command"
            | "variable_assignment"
            | "variable_assignments"
            | "test_command"
            | "select_statement"
    )
}

fn unescape_unquoted(raw: &str, w: &mut Word) {
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // A backquote the grammar left in a word: `` `` `` is an empty command substitution
            // (it adds nothing: `` r``m `` is `rm`); a lone one makes the word unknown.
            '`' if chars.peek() == Some(&'`') => {
                chars.next();
                w.subst = true;
            }
            '`' => {
                w.dynamic = true;
                w.text.push(c);
            }
            '\\' => match chars.next() {
                Some(n) => w.text.push(n),
                // A lone trailing backslash stays literal, as in bash.
                None => w.text.push('\\'),
            },
            '*' | '?' | '[' => {
                w.glob = true;
                w.text.push(c);
            }
            _ => w.text.push(c),
        }
    }
}

fn unescape_double(raw: &str, out: &mut String) {
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some(&n) if matches!(n, '$' | '`' | '"' | '\\') => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
}

/// Decode the body of a `$'...'` string as bash does.
pub(crate) fn decode_ansi_c(inner: &str, out: &mut String) {
    let b: Vec<char> = inner.chars().collect();
    let mut i = 0;
    let hex = |s: &[char]| -> Option<u32> {
        let t: String = s.iter().collect();
        u32::from_str_radix(&t, 16).ok()
    };
    while i < b.len() {
        let c = b[i];
        if c != '\\' || i + 1 >= b.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let n = b[i + 1];
        i += 2;
        match n {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'e' | 'E' => out.push('\u{1b}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            '\\' | '\'' | '"' | '?' => out.push(n),
            'x' | 'u' | 'U' => {
                let max = match n {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut j = i;
                while j < b.len() && j - i < max && b[j].is_ascii_hexdigit() {
                    j += 1;
                }
                match hex(&b[i..j]).and_then(char::from_u32) {
                    Some(ch) if j > i => out.push(ch),
                    _ => {
                        out.push('\\');
                        out.push(n);
                    }
                }
                i = j;
            }
            '0'..='7' => {
                let mut j = i - 1;
                let start = j;
                while j < b.len() && j - start < 3 && ('0'..='7').contains(&b[j]) {
                    j += 1;
                }
                let t: String = b[start..j].iter().collect();
                if let Some(ch) = u32::from_str_radix(&t, 8).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
                i = j;
            }
            'c' => {
                if let Some(&x) = b.get(i) {
                    out.push(char::from_u32((x as u32) & 0x1f).unwrap_or(x));
                    i += 1;
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
}

/// Does a pipeline stage read only up to a count and then exit (`head`, `head -n 5`, `head -c
/// 1k`, `grep -m 1`)? A negative `head` count reads everything.
fn stops_after_count(stage: &str) -> bool {
    let words: Vec<&str> = stage.split_whitespace().collect();
    match words.first().copied() {
        Some("head") => {
            let negative = |w: &str| {
                ["-n-", "-c-", "--lines=-", "--bytes=-"]
                    .iter()
                    .any(|p| w.starts_with(p))
            };
            !stage.contains(['$', '`', '(', ';', '&', '|'])
                && !words.iter().any(|w| negative(w))
                && !words.windows(2).any(|p| {
                    matches!(p[0], "-n" | "-c" | "--lines" | "--bytes") && p[1].starts_with('-')
                })
        }
        Some("grep") => {
            words.iter().any(|w| {
                w.starts_with("-m") && w.len() > 2 && w[2..].chars().all(|c| c.is_ascii_digit())
                    || w.starts_with("--max-count=")
            }) || words
                .windows(2)
                .any(|p| p[0] == "-m" && p[1].chars().all(|c| c.is_ascii_digit()))
        }
        _ => false,
    }
}

/// Commands whose whole output is the working directory (or the top of the repository it is
/// in), so that their substitution stands for `.`.
const WORKING_DIRECTORY_PRINTERS: &[&[&str]] = &[
    &["pwd"],
    &["pwd", "-P"],
    &["pwd", "-L"],
    &["git", "rev-parse", "--show-toplevel"],
    &["realpath", "."],
    &["readlink", "-f", "."],
];

fn prints_working_directory(command: &str) -> bool {
    let words: Vec<&str> = command.split_ascii_whitespace().collect();
    WORKING_DIRECTORY_PRINTERS.contains(&words.as_slice())
}

/// Variables every shell or login sets, which hold no secret: a representative value stands in
/// for each (`$USER` as a user name, `$SHELL` as a shell), so that `echo $SHELL` prints text and
/// `rm -rf /home/$USER` is still a home.
pub(crate) fn well_known_value(name: &str) -> Option<&'static str> {
    Some(match name {
        "USER" | "LOGNAME" | "USERNAME" => "user",
        "SHELL" => "/bin/sh",
        "HOSTNAME" | "HOST" => "localhost",
        "TERM" => "xterm",
        "LANG" => "C.UTF-8",
        "SHLVL" | "UID" | "EUID" | "PPID" | "RANDOM" | "LINENO" | "SECONDS" | "COLUMNS"
        | "LINES" | "BASHPID" => "1",
        "OSTYPE" => "linux-gnu",
        "HOSTTYPE" | "MACHTYPE" => "x86_64",
        "BASH_VERSION" => "5.2",
        "PATH" => "/usr/local/bin:/usr/bin:/bin",
        // The temporary directory: world-writable wherever it is set.
        "TMPDIR" => "/tmp",
        _ => return None,
    })
}

/// The operand of a substitution that is only an input redirection, `$(< FILE)` (no
/// descriptor, one destination word), as written.
fn read_redirect_operand<'a>(src: Src<'a>, node: Node<'_>) -> Option<&'a str> {
    if node.kind() != "file_redirect" || node.child_by_field_name("descriptor").is_some() {
        return None;
    }
    let mut cur = node.walk();
    let op: String = node
        .children(&mut cur)
        .filter(|c| !c.is_named())
        .map(|c| c.kind())
        .collect();
    if op != "<" {
        return None;
    }
    let dest = node.child_by_field_name("destination")?;
    let text = src.text(dest);
    (!text.is_empty()).then_some(text)
}

/// A variable name that speaks of a secret: its value printed is a secret in the transcript.
fn secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    [
        "SECRET", "TOKEN", "PASS", "KEY", "CRED", "AUTH", "COOKIE", "SESSION", "PRIVATE", "PWD",
        "PIN", "SIGN", "CERT", "DSN", "CONN", "URL", "URI",
    ]
    .iter()
    .any(|k| upper.contains(k))
}
