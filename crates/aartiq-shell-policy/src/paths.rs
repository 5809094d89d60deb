//! Lexical path classification: where a write lands, whether a read touches a secret.
//!
//! Paths are resolved against a virtual working directory, never the real file system (this
//! crate does no IO). Symlinks are not followed: the runner must re-check at exec time.

/// The virtual current directory while walking a script (`cd` moves it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cwd {
    /// Inside the workspace, at these components below its root.
    Ws(Vec<String>),
    /// In the home directory, at these components below it.
    Home(Vec<String>),
    /// At an absolute path.
    Abs(Vec<String>),
    /// Somewhere we cannot know (`cd "$X"`, `cd -`, escaped above the workspace root).
    Unknown,
}

/// Where a path points after lexical resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Loc {
    /// Inside the workspace (components below its root; empty = the root itself).
    Ws(Vec<String>),
    /// Below the home directory (empty = home itself).
    Home(Vec<String>),
    /// Another user's home (`~alice/...`).
    OtherHome(Vec<String>),
    /// An absolute path (components; empty = `/`).
    Abs(Vec<String>),
    /// Outside the workspace at an unknown place (`../x` above the root, relative to an unknown cwd).
    Outside,
    /// Not known statically (expansions).
    Unknown,
}

/// What writing to a location means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WriteClass {
    /// `/dev/null`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/dev/tty`: harmless.
    Sink,
    /// Inside the workspace.
    Inside,
    /// `.git/hooks` or `core.hooksPath`-like persistence inside the workspace.
    GitHooks,
    /// `.git/config` and other git internals.
    GitInternals,
    /// A file in the workspace that a tool runs or loads by itself when it starts or enters
    /// the directory (`.envrc`, `.gdbinit`, `.cargo/config.toml`, `.vscode/tasks.json`).
    AutoRun,
    /// Outside the workspace (temp, other dirs, home files that are not special).
    Outside,
    /// The home directory itself or `/` itself.
    Root,
    /// Shell rc files, `~/.ssh`, cron, systemd units, autostart, launch agents.
    Persistence,
    /// `/etc`, `/usr`, `/boot`, ... system locations.
    System,
    /// A block device or kernel memory.
    Device,
    /// `/dev/tcp` or `/dev/udp`: a network socket.
    Socket,
    /// Not known statically.
    Unknown,
}

/// How sensitive reading a location is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SecretClass {
    /// Nothing special.
    None,
    /// Workspace secrets such as `.env` or `*.pem`.
    Workspace,
    /// Credentials of the user or the system: private keys, cloud credentials, `/etc/shadow`.
    Credential,
}

fn split_components(path: &str) -> Vec<&str> {
    path.split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != ".")
        .collect()
}

fn push_all(base: &mut Vec<String>, comps: &[&str]) -> bool {
    for c in comps {
        if *c == ".." {
            if base.pop().is_none() {
                return false;
            }
        } else {
            base.push((*c).to_string());
        }
    }
    true
}

/// Resolve a decoded, static path text against the virtual cwd.
pub(crate) fn resolve(path: &str, cwd: &Cwd) -> Loc {
    if path.is_empty() {
        return Loc::Unknown;
    }
    if let Some(rest) = path.strip_prefix('~') {
        let (user, rest) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let comps = split_components(rest);
        let mut base = Vec::new();
        if !push_all(&mut base, &comps) {
            return Loc::Abs(Vec::new());
        }
        return if user.is_empty() {
            Loc::Home(base)
        } else {
            Loc::OtherHome(base)
        };
    }
    let lower = path.to_ascii_lowercase();
    let is_drive = lower.len() >= 2
        && lower.as_bytes()[1] == b':'
        && lower.as_bytes()[0].is_ascii_alphabetic();
    if path.starts_with('/') || path.starts_with('\\') || is_drive {
        let comps = split_components(if is_drive { &path[2..] } else { path });
        let mut base = Vec::new();
        if is_drive {
            base.push(lower[..2].to_string());
        }
        if !push_all(&mut base, &comps) {
            return Loc::Abs(Vec::new());
        }
        return Loc::Abs(base);
    }
    let comps = split_components(path);
    match cwd {
        Cwd::Ws(b) => {
            let mut base = b.clone();
            if push_all(&mut base, &comps) {
                Loc::Ws(base)
            } else {
                Loc::Outside
            }
        }
        Cwd::Home(b) => {
            let mut base = b.clone();
            if push_all(&mut base, &comps) {
                Loc::Home(base)
            } else {
                Loc::Outside
            }
        }
        Cwd::Abs(b) => {
            let mut base = b.clone();
            if push_all(&mut base, &comps) {
                Loc::Abs(base)
            } else {
                Loc::Abs(Vec::new())
            }
        }
        Cwd::Unknown => Loc::Unknown,
    }
}

/// The new virtual cwd after `cd path`.
pub(crate) fn chdir(path: Option<&str>, cwd: &Cwd) -> Cwd {
    let Some(path) = path else {
        return Cwd::Home(Vec::new());
    };
    match resolve(path, cwd) {
        Loc::Ws(c) => Cwd::Ws(c),
        Loc::Home(c) => Cwd::Home(c),
        Loc::Abs(c) => Cwd::Abs(c),
        Loc::OtherHome(_) | Loc::Outside | Loc::Unknown => Cwd::Unknown,
    }
}

const HOME_PERSISTENCE: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".profile",
    ".zshrc",
    ".zshenv",
    ".zprofile",
    ".zlogin",
    ".zlogout",
    ".cshrc",
    ".tcshrc",
    ".kshrc",
    ".mkshrc",
    ".inputrc",
    ".xinitrc",
    ".xprofile",
    ".xsession",
    ".pam_environment",
    ".gitconfig",
    ".vimrc",
    ".exrc",
    ".emacs",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".curlrc",
    ".wgetrc",
    ".ssh",
    ".gnupg",
    ".bash_aliases",
    ".local/bin",
    ".cargo/bin",
    ".cargo/config",
    ".cargo/config.toml",
    ".config/autostart",
    ".config/systemd",
    ".config/fish",
    ".config/git",
    ".config/environment.d",
    ".local/share/systemd",
    "Library/LaunchAgents",
    "Library/LaunchDaemons",
    ".docker",
    ".kube",
    ".aws",
    // Build tools' per-user start-up code: gradle init scripts and JVM arguments, sbt's
    // global plugins and settings, the shell script mvn sources.
    ".gradle/init.d",
    ".gradle/init.gradle",
    ".gradle/init.gradle.kts",
    ".gradle/gradle.properties",
    ".sbt",
    ".mavenrc",
    ".m2/mavenrc",
];

/// Directories below home that login shells and tool managers put on `PATH`: a program written
/// there runs in place of the one its name meant (`~/bin/git`), at every later command.
const HOME_PATH_DIRECTORIES: &[&str] = &[
    "bin",
    ".local/bin",
    ".cargo/bin",
    "go/bin",
    ".bun/bin",
    ".deno/bin",
    ".npm-global/bin",
    ".volta/bin",
    ".yarn/bin",
    ".pyenv/shims",
    ".rbenv/shims",
    ".asdf/shims",
    ".nix-profile/bin",
    ".local/share/mise/shims",
];

/// Whether home components `c` name a `PATH` directory or a file in one.
fn home_path_directory(c: &[String]) -> bool {
    HOME_PATH_DIRECTORIES.iter().any(|p| starts_with(c, p))
}

/// For a path in one of the home directory's `PATH` directories: the name of the file it
/// names there (`~/.local/bin/rg` is `Some("rg")`), or `Some("")` for the directory itself.
/// `None` for any other path.
pub(crate) fn home_path_entry(loc: &Loc) -> Option<&str> {
    let (Loc::Home(c) | Loc::OtherHome(c)) = loc else {
        return None;
    };
    HOME_PATH_DIRECTORIES.iter().find_map(|p| {
        let depth = p.split('/').count();
        if !starts_with(c, p) {
            return None;
        }
        match &c[depth..] {
            [] => Some(""),
            [name] => Some(name.as_str()),
            _ => None,
        }
    })
}

const SYSTEM_ROOTS: &[&str] = &[
    "etc",
    "boot",
    "bin",
    "sbin",
    "usr",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "sys",
    "proc",
    "var",
    "opt",
    "root",
    "srv",
    "System",
    "Library",
    "private",
    "Applications",
    "snap",
    "c:",
];

fn starts_with(comps: &[String], prefix: &str) -> bool {
    let p: Vec<&str> = prefix.split('/').collect();
    comps.len() >= p.len() && comps.iter().zip(p.iter()).all(|(a, b)| a == b)
}

/// Workspace files that tools run or load by themselves: direnv's `.envrc`, debuggers' and
/// editors' local init files, per-project package-manager and cargo config (runners, script
/// shells), editor task and settings files, REPL start-up files, and the directories of programs
/// that package scripts and the project's interpreter run by name (`node_modules/.bin`,
/// `.venv/bin`).
const WORKSPACE_AUTORUN: &[&str] = &[
    ".envrc",
    ".direnv",
    ".gdbinit",
    ".lldbinit",
    ".exrc",
    ".nvimrc",
    ".nvim.lua",
    ".vimrc",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pnpmfile.cjs",
    ".cargo/config",
    ".cargo/config.toml",
    ".vscode/tasks.json",
    ".vscode/settings.json",
    ".pdbrc",
    ".irbrc",
    ".pryrc",
    ".Rprofile",
    ".psqlrc",
    ".sqliterc",
    // Programs that package scripts and the project's interpreter run by name.
    "node_modules/.bin",
    ".venv/bin",
    "venv/bin",
];

/// Classify a location as a write target.
pub(crate) fn write_class(loc: &Loc) -> WriteClass {
    match loc {
        Loc::Unknown => WriteClass::Unknown,
        Loc::Outside => WriteClass::Outside,
        Loc::Ws(c) => {
            if starts_with(c, ".git/hooks") || starts_with(c, ".husky") {
                WriteClass::GitHooks
            } else if c.first().is_some_and(|f| f == ".git") {
                WriteClass::GitInternals
            } else if WORKSPACE_AUTORUN.iter().any(|p| starts_with(c, p)) {
                WriteClass::AutoRun
            } else {
                WriteClass::Inside
            }
        }
        Loc::Home(c) | Loc::OtherHome(c) => {
            if c.is_empty() {
                WriteClass::Root
            } else if HOME_PERSISTENCE.iter().any(|p| starts_with(c, p))
                || home_dotfile(c)
                || home_path_directory(c)
            {
                WriteClass::Persistence
            } else {
                WriteClass::Outside
            }
        }
        Loc::Abs(c) => abs_write_class(c),
    }
}

/// A dot-file or dot-directory directly in home: configuration that programs load and run.
fn home_dotfile(c: &[String]) -> bool {
    let Some(first) = c.first() else { return false };
    first.starts_with('.')
        && !matches!(
            first.as_str(),
            ".cache"
                | ".npm"
                | ".yarn"
                | ".pnpm-store"
                | ".m2"
                | ".gradle"
                | ".ivy2"
                | ".sbt"
                | ".nuget"
                | ".conda"
                | ".Trash"
                | ".thumbnails"
        )
}

fn abs_write_class(c: &[String]) -> WriteClass {
    let Some(first) = c.first() else {
        return WriteClass::Root;
    };
    match first.as_str() {
        "dev" => {
            let rest = c.get(1).map(String::as_str).unwrap_or("");
            match rest {
                "null" | "stdout" | "stderr" | "tty" | "fd" | "zero" | "full" | "pts" => {
                    WriteClass::Sink
                }
                "tcp" | "udp" => WriteClass::Socket,
                "" => WriteClass::Root,
                _ => WriteClass::Device,
            }
        }
        "tmp" => WriteClass::Outside,
        "var" if c.get(1).is_some_and(|s| s == "tmp") => WriteClass::Outside,
        "var" if c.get(1).is_some_and(|s| s == "spool") => WriteClass::Persistence,
        "home" | "Users" => {
            if c.len() <= 2 {
                WriteClass::Root
            } else if HOME_PERSISTENCE.iter().any(|p| starts_with(&c[2..], p))
                || home_path_directory(&c[2..])
            {
                WriteClass::Persistence
            } else {
                WriteClass::Outside
            }
        }
        "etc"
            if c.get(1).is_some_and(|s| {
                s.starts_with("cron")
                    || s == "systemd"
                    || s == "init.d"
                    || s == "profile.d"
                    || s == "sudoers.d"
                    || s == "rc.local"
            }) =>
        {
            WriteClass::Persistence
        }
        s if SYSTEM_ROOTS.contains(&s) => WriteClass::System,
        _ => WriteClass::Outside,
    }
}

/// Whether a write class only names the harmless device sinks.
pub(crate) fn is_sink(loc: &Loc) -> bool {
    write_class(loc) == WriteClass::Sink
}

fn base_is_private_key(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    (n.starts_with("id_") && !n.ends_with(".pub")) || n == "identity"
}

fn workspace_secret_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    // A glob such as `.env*`, `credentials*` or `*.pem` may expand to a secrets file: judge what
    // is left of it without the leading or trailing wildcards.
    if n.contains(['*', '?', '[']) {
        let stem = n.trim_end_matches(['*', '?']);
        if stem == ".env" || stem == ".env." || stem.starts_with(".env.") || stem == "id_" {
            return true;
        }
        let head = stem.trim_start_matches(['*', '?']);
        if head != n && !head.contains(['*', '?', '[']) && !head.is_empty() {
            return workspace_secret_name(head);
        }
    }
    if n.ends_with(".example")
        || n.ends_with(".sample")
        || n.ends_with(".template")
        || n.ends_with(".dist")
    {
        return false;
    }
    n == ".env"
        || n.starts_with(".env.")
        || n.ends_with(".pem")
        || n.ends_with(".key")
        || n.ends_with(".p12")
        || n.ends_with(".pfx")
        || n.ends_with(".kdbx")
        || n.ends_with(".kdb")
        || n.ends_with(".ppk")
        || n.ends_with(".jks")
        || n.ends_with(".keystore")
        || n.ends_with(".ovpn")
        || n.ends_with(".p8")
        || n.ends_with(".tfstate")
        || n == ".npmrc"
        || n == ".pypirc"
        || n == ".netrc"
        || n == ".git-credentials"
        || n == "credentials"
        || n.starts_with("credentials.")
        || n.starts_with("secrets.")
        || n.starts_with("service-account")
        || n == ".htpasswd"
}

const HOME_CREDENTIALS: &[&str] = &[
    ".ssh",
    ".gnupg",
    ".aws",
    ".azure",
    ".config/gcloud",
    ".kube/config",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
    ".config/gh",
    ".password-store",
    ".local/share/keyrings",
    "Library/Keychains",
    ".pgpass",
    ".my.cnf",
    ".npmrc",
    ".pypirc",
    ".vault-token",
    ".bash_history",
    ".zsh_history",
    ".config/hub",
    ".terraform.d/credentials.tfrc.json",
    // Keys of cloud, registry and storage clients kept under their own names.
    ".s3cfg",
    ".boto",
    ".oci",
    ".databrickscfg",
    ".aliyun",
    ".config/rclone",
    ".config/doctl",
    ".config/hcloud",
    ".config/op",
    ".cargo/credentials",
    ".cargo/credentials.toml",
    ".gem/credentials",
    ".m2/settings-security.xml",
    ".composer/auth.json",
    ".config/composer/auth.json",
    ".yarnrc.yml",
    ".mysql_history",
    ".psql_history",
    // Browser and mail profiles: cookies, saved passwords, session tokens.
    ".mozilla",
    ".thunderbird",
    ".config/google-chrome",
    ".config/chromium",
    ".config/BraveSoftware",
    ".config/microsoft-edge",
    ".config/vivaldi",
    ".config/opera",
    "snap/firefox",
    "snap/chromium",
    "Library/Application Support/Google/Chrome",
    "Library/Application Support/Firefox",
    "Library/Application Support/BraveSoftware",
    "Library/Cookies",
    "Library/Safari",
    // Wallets and messengers.
    ".bitcoin",
    ".ethereum/keystore",
    ".electrum",
    ".config/Signal",
];

/// Classify a location as a read: does its content belong in a transcript?
/// Is the location a directory that holds one of the home directory's credential locations
/// (`~/.kube` holds `~/.kube/config`, `~/.config` holds `~/.config/gh`)? Publishing or copying it
/// whole carries them.
pub(crate) fn holds_credentials(loc: &Loc) -> bool {
    let below_home: &[String] = match loc {
        Loc::Home(c) | Loc::OtherHome(c) => c,
        Loc::Abs(c) if c.len() >= 2 && matches!(c[0].as_str(), "home" | "Users") => &c[2..],
        Loc::Abs(c) if c.first().is_some_and(|f| f == "root") => &c[1..],
        _ => return false,
    };
    HOME_CREDENTIALS.iter().any(|p| {
        let p: Vec<&str> = p.split('/').collect();
        below_home.len() <= p.len() && below_home.iter().zip(p.iter()).all(|(a, b)| a == b)
    })
}

pub(crate) fn secret_class(loc: &Loc) -> SecretClass {
    let comps: &[String] = match loc {
        Loc::Ws(c) | Loc::Home(c) | Loc::OtherHome(c) | Loc::Abs(c) => c,
        Loc::Outside | Loc::Unknown => return SecretClass::None,
    };
    let last = comps.last().map(String::as_str).unwrap_or("");
    if base_is_private_key(last) {
        return SecretClass::Credential;
    }
    match loc {
        Loc::Home(c) | Loc::OtherHome(c) if HOME_CREDENTIALS.iter().any(|p| starts_with(c, p)) => {
            if starts_with(c, ".ssh")
                && (last.ends_with(".pub") || last == "known_hosts" || last == "config")
            {
                return SecretClass::None;
            }
            // Public keys allowed to log in: no secret, but what they reveal is asked.
            if starts_with(c, ".ssh") && last.starts_with("authorized_keys") {
                return SecretClass::Workspace;
            }
            return SecretClass::Credential;
        }
        Loc::Abs(c) => {
            let first = c.first().map(String::as_str).unwrap_or("");
            let second = c.get(1).map(String::as_str).unwrap_or("");
            if first == "etc"
                && matches!(
                    second,
                    "shadow" | "gshadow" | "sudoers" | "master.passwd" | "ssl"
                )
                && (second != "ssl" || c.iter().any(|x| x == "private"))
            {
                return SecretClass::Credential;
            }
            if first == "proc" && matches!(last, "environ" | "mem") {
                return if second == "self" {
                    SecretClass::Workspace
                } else {
                    SecretClass::Credential
                };
            }
            if first == "root"
                || (first == "var" && second == "run" && c.get(2).is_some_and(|s| s == "secrets"))
            {
                return SecretClass::Credential;
            }
            if (first == "home" || first == "Users") && c.len() > 2 {
                let rest = &c[2..];
                if starts_with(rest, ".ssh") && last.starts_with("authorized_keys") {
                    return SecretClass::Workspace;
                }
                if HOME_CREDENTIALS.iter().any(|p| starts_with(rest, p)) && !last.ends_with(".pub")
                {
                    return SecretClass::Credential;
                }
                if workspace_secret_name(last) {
                    return SecretClass::Credential;
                }
            }
        }
        _ => {}
    }
    if workspace_secret_name(last) {
        // Below a home directory a key, `.env` or password file is the user's own (or another
        // project's), not this workspace's: `find ~ -name '*.pem'` gathers credentials.
        if matches!(loc, Loc::Home(c) | Loc::OtherHome(c) if !c.is_empty()) {
            return SecretClass::Credential;
        }
        return SecretClass::Workspace;
    }
    SecretClass::None
}

/// Does the location lie inside the workspace?
pub(crate) fn inside(loc: &Loc) -> bool {
    matches!(loc, Loc::Ws(_))
}
