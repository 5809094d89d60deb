//! The Python environment of the MCP client tests: `target/mcp-venv` with the official MCP SDK
//! (`mcp` from PyPI, pinned), created or repaired before the tests run. Its interpreter is
//! handed to the tests as `AARTIQ_MCP_PYTHON`.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The pinned version of the official Python MCP SDK.
pub(crate) const MCP_VERSION: &str = "2.3.0";

/// The environment variable the tests read the interpreter from.
pub(crate) const PYTHON_VAR: &str = "AARTIQ_MCP_PYTHON";

fn installed_version(python: &Path) -> Option<String> {
    let out = Command::new(python)
        .args([
            "-c",
            "import importlib.metadata as m; print(m.version('mcp'))",
        ])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Makes sure `target/mcp-venv` has `mcp==MCP_VERSION`; returns its interpreter.
pub(crate) fn ensure(root: &Path) -> Result<PathBuf> {
    let venv = root.join("target/mcp-venv");
    let python = venv.join("bin/python");
    if installed_version(&python).as_deref() == Some(MCP_VERSION) {
        return Ok(python);
    }
    eprintln!("==> creating {} (mcp=={MCP_VERSION})", venv.display());
    if !python.exists() {
        let status = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .context("could not run python3 (the MCP client tests need Python 3.10 or newer)")?;
        if !status.success() {
            bail!("`python3 -m venv {}` failed ({status})", venv.display());
        }
    }
    let status = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .arg(format!("mcp=={MCP_VERSION}"))
        .status()
        .context("could not run pip in the venv")?;
    if !status.success() {
        bail!(
            "installing mcp=={MCP_VERSION} into {} failed ({status})",
            venv.display()
        );
    }
    match installed_version(&python) {
        Some(v) if v == MCP_VERSION => Ok(python),
        other => bail!("the venv has mcp {other:?} after installing {MCP_VERSION}"),
    }
}

/// The pinned MCP Inspector (its CLI checks tool schemas with `--strict`).
pub(crate) const INSPECTOR_VERSION: &str = "2.12.0";

/// The environment variable the tests read the Inspector launcher from.
pub(crate) const INSPECTOR_VAR: &str = "AARTIQ_MCP_INSPECTOR";

/// Makes sure `target/mcp-inspector` has Node 22 (the npm package `node@22`; the Inspector
/// needs Node >= 22.19) and `@modelcontextprotocol/inspector`; returns the launcher.
pub(crate) fn ensure_inspector(root: &Path) -> Result<PathBuf> {
    let prefix = root.join("target/mcp-inspector");
    let bin = prefix.join("node_modules/.bin");
    let launcher = bin.join("mcp-inspector");
    let manifest = prefix.join("node_modules/@modelcontextprotocol/inspector/package.json");
    let installed = std::fs::read_to_string(&manifest)
        .is_ok_and(|m| m.contains(&format!("\"version\": \"{INSPECTOR_VERSION}\"")));
    if installed && launcher.exists() && bin.join("node").exists() {
        return Ok(launcher);
    }
    eprintln!(
        "==> installing the MCP Inspector {INSPECTOR_VERSION} into {}",
        prefix.display()
    );
    std::fs::create_dir_all(&prefix)?;
    let npm = |packages: &[String]| -> Result<()> {
        // npm runs on the first `node` on PATH: Node 22 from the prefix once it is there.
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(&prefix)
            .args(packages)
            .env("PATH", path)
            .status()
            .context("could not run npm (the MCP Inspector test needs Node and npm)")?;
        if !status.success() {
            bail!("`npm install {}` failed ({status})", packages.join(" "));
        }
        Ok(())
    };
    npm(&["node@22".to_owned()])?;
    npm(&[
        "node@22".to_owned(),
        format!("@modelcontextprotocol/inspector@{INSPECTOR_VERSION}"),
    ])?;
    Ok(launcher)
}
