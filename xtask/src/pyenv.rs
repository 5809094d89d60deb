//! The Python environment of the client tests: `target/mcp-venv` with the official MCP SDK
//! (`mcp` from PyPI) and schemathesis (the OpenAPI fuzzer `aartiq-http`'s tests run against
//! `/openapi.json`), both pinned, created or repaired before the tests run. Its interpreter is
//! handed to the tests as `AARTIQ_MCP_PYTHON`.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The pinned version of the official Python MCP SDK.
pub(crate) const MCP_VERSION: &str = "2.3.0";

/// The pinned version of schemathesis (installs on Python 3.10 and newer).
pub(crate) const SCHEMATHESIS_VERSION: &str = "4.32.5";

/// The pinned packages, as `(name, version)`.
const PINS: [(&str, &str); 2] = [("mcp", MCP_VERSION), ("schemathesis", SCHEMATHESIS_VERSION)];

/// The environment variable the tests read the interpreter from.
pub(crate) const PYTHON_VAR: &str = "AARTIQ_MCP_PYTHON";

/// The installed versions of the pinned packages, in [`PINS`] order (`None` for a missing one),
/// or `None` when the interpreter does not run.
fn installed_versions(python: &Path) -> Option<Vec<Option<String>>> {
    let names: Vec<String> = PINS.iter().map(|(name, _)| format!("'{name}'")).collect();
    let script = format!(
        "import importlib.metadata as m\n\
         for name in [{}]:\n    \
         try: print(m.version(name))\n    \
         except m.PackageNotFoundError: print('-')",
        names.join(", ")
    );
    let out = Command::new(python).args(["-c", &script]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.lines()
            .map(|l| Some(l.trim().to_owned()).filter(|v| v != "-"))
            .collect(),
    )
}

/// Whether every pin is installed at its version.
fn pinned(installed: Option<&[Option<String>]>) -> bool {
    installed.is_some_and(|versions| {
        versions.len() == PINS.len()
            && PINS
                .iter()
                .zip(versions)
                .all(|((_, want), have)| have.as_deref() == Some(*want))
    })
}

/// Makes sure `target/mcp-venv` has `mcp==MCP_VERSION` and
/// `schemathesis==SCHEMATHESIS_VERSION`; returns its interpreter.
pub(crate) fn ensure(root: &Path) -> Result<PathBuf> {
    let venv = root.join("target/mcp-venv");
    let python = venv.join("bin/python");
    if pinned(installed_versions(&python).as_deref()) {
        return Ok(python);
    }
    let specs: Vec<String> = PINS
        .iter()
        .map(|(name, version)| format!("{name}=={version}"))
        .collect();
    eprintln!("==> creating {} ({})", venv.display(), specs.join(", "));
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
    // One resolver run for both pins, so neither moves a dependency the other needs.
    let status = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(&specs)
        .status()
        .context("could not run pip in the venv")?;
    if !status.success() {
        bail!(
            "installing {} into {} failed ({status})",
            specs.join(" "),
            venv.display()
        );
    }
    let installed = installed_versions(&python);
    if pinned(installed.as_deref()) {
        Ok(python)
    } else {
        bail!(
            "the venv has {installed:?} (in the order {:?}) after installing {}",
            PINS.map(|(name, _)| name),
            specs.join(" ")
        )
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

#[cfg(test)]
mod tests {
    use super::{PINS, pinned};

    #[test]
    fn the_venv_counts_as_ready_only_with_both_pins_at_their_versions() {
        let both: Vec<Option<String>> = PINS.iter().map(|(_, v)| Some((*v).to_owned())).collect();
        assert!(pinned(Some(&both)));
        assert!(!pinned(None));
        // mcp there, schemathesis missing (a venv from before schemathesis was pinned).
        let old = vec![Some(PINS[0].1.to_owned()), None];
        assert!(!pinned(Some(&old)));
        let other = vec![Some(PINS[0].1.to_owned()), Some("3.0.0".to_owned())];
        assert!(!pinned(Some(&other)));
        assert!(!pinned(Some(&both[..1])));
    }
}
