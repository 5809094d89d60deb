//! Uploads and downloads on real Chromium through the tool pipeline, judged by what the
//! zoo's server received and what is in the folders.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use aartiq_agents::TrustLevel;
use aartiq_cdp::{BrowserConfig, CdpBrowser};
use aartiq_test_support::register;
use aartiq_test_support::zoo::{BIG_DOWNLOAD_BYTES, DOWNLOAD_CSV, Zoo};
use aartiq_tools::{
    ApprovalAnswer, Browser, Rejection, Step, TOTAL_DOWNLOAD_CAPS, TabId, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};

struct Desk {
    zoo: Zoo,
    browser: Arc<CdpBrowser>,
    registry: ToolRegistry,
    fakes: aartiq_test_support::Fakes,
    agent: aartiq_agents::AgentId,
    uploads: tempfile::TempDir,
    downloads: tempfile::TempDir,
    output: tempfile::TempDir,
}

async fn desk(cap: Option<u64>) -> Desk {
    let zoo = Zoo::start().unwrap();
    let uploads = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let output = tempfile::tempdir().unwrap();
    let config = BrowserConfig {
        upload_dir: Some(uploads.path().to_path_buf()),
        download_dir: Some(downloads.path().to_path_buf()),
        output_dir: Some(output.path().to_path_buf()),
        download_cap: cap,
        ..BrowserConfig::default()
    };
    let browser = crate::launch_with(config).await;
    let (registry, fakes) = crate::tools_over(&browser);
    let agent = register(&registry, "filer", TrustLevel::Standard, &fakes.clock);
    Desk {
        zoo,
        browser,
        registry,
        fakes,
        agent,
        uploads,
        downloads,
        output,
    }
}

impl Desk {
    async fn call(&self, tool: &str, args: Value) -> Result<ToolOutput, Rejection> {
        self.registry.call(&self.agent, tool, args).await
    }

    async fn open(&self) -> TabId {
        crate::open_page(
            &self.registry,
            &self.agent,
            &self.browser,
            &self.zoo.url("/files"),
        )
        .await
    }

    async fn find(&self, tab: &TabId, name: &str) -> String {
        crate::ref_named(&self.registry, &self.agent, tab, name).await
    }

    /// `list_downloads` until the `n`th download has left `in_progress` (bounded).
    async fn settled(&self, n: usize) -> Vec<Value> {
        for _ in 0..100 {
            let listed = self.call("list_downloads", json!({})).await.unwrap();
            let all = listed.json.unwrap().as_array().cloned().unwrap_or_default();
            if all.len() >= n && all[n - 1]["state"] != "in_progress" {
                return all;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("download {n} never settled");
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    aartiq_tools::hex(&sha2::Sha256::digest(bytes))
}

#[tokio::test]
async fn an_uploaded_files_bytes_reach_the_server_and_paths_outside_are_refused_first() {
    let d = desk(None).await;
    std::fs::write(d.uploads.path().join("cv.txt"), b"Curriculum vitae of Ada").unwrap();
    let secret = d.downloads.path().join("secret.txt");
    std::fs::write(&secret, b"do not send").unwrap();
    std::os::unix::fs::symlink(&secret, d.uploads.path().join("sneaky.txt")).unwrap();
    let tab = d.open().await;
    let input = d.find(&tab, "Document").await;

    // Each refusal costs its agent trust: every path is tried by a fresh standard agent.
    for (n, (path, code)) in [
        ("../secret.txt", "UPLOAD_OUTSIDE_FOLDER"),
        ("sneaky.txt", "UPLOAD_OUTSIDE_FOLDER"),
        (secret.to_str().unwrap(), "UPLOAD_OUTSIDE_FOLDER"),
        ("missing.txt", "UPLOAD_NOT_A_FILE"),
    ]
    .into_iter()
    .enumerate()
    {
        let prober = register(
            &d.registry,
            &format!("prober{n}"),
            TrustLevel::Standard,
            &d.fakes.clock,
        );
        let refused = d
            .registry
            .call(
                &prober,
                "upload_file",
                json!({"tabId": tab.as_str(), "ref": input, "paths": [path]}),
            )
            .await
            .unwrap_err();
        assert_eq!(refused.code.as_deref(), Some(code), "{path}: {refused:?}");
    }
    let chosen = d
        .call("get_page_text", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    assert!(
        chosen.text.contains("none"),
        "nothing was chosen: {}",
        chosen.text
    );
    assert!(
        d.fakes.approver.requests().is_empty(),
        "nobody is asked about paths that are refused anyway"
    );

    // Handing a file to a page is a side effect: a limited agent may not, and without a
    // person's approval nothing is chosen.
    let limited = register(&d.registry, "reader", TrustLevel::Limited, &d.fakes.clock);
    let gated = d
        .registry
        .call(
            &limited,
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": input, "paths": ["cv.txt"]}),
        )
        .await
        .unwrap_err();
    assert_eq!(gated.step, Step::Gate, "{gated:?}");
    let denied = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": input, "paths": ["cv.txt"]}),
        )
        .await
        .unwrap_err();
    assert_eq!(denied.step, Step::Approval, "{denied:?}");
    let asked = d.fakes.approver.requests();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(format!("{:?}", asked[0]).contains("cv.txt"), "{asked:?}");

    d.fakes.approver.answer(ApprovalAnswer::Approve);
    let uploaded = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": input, "paths": ["cv.txt"]}),
        )
        .await
        .unwrap();
    assert!(uploaded.text.contains("cv.txt"), "{}", uploaded.text);
    let chosen = d
        .call("get_page_text", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    assert!(chosen.text.contains("chosen: cv.txt 23"), "{}", chosen.text);

    // Two files into a single-file input are refused.
    std::fs::write(d.uploads.path().join("b.txt"), b"b").unwrap();
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    let two = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": input, "paths": ["cv.txt", "b.txt"]}),
        )
        .await
        .unwrap_err();
    assert!(two.message.contains("one file"), "{two:?}");

    // Sending the form is a side effect: with a person's approval, the bytes arrive. (The
    // refusals above cost the agent trust: a fresh standard agent sends.)
    let send = d.find(&tab, "Send files").await;
    let sender = register(&d.registry, "sender", TrustLevel::Standard, &d.fakes.clock);
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    d.registry
        .call(
            &sender,
            "click_ref",
            json!({"tabId": tab.as_str(), "ref": send}),
        )
        .await
        .unwrap();
    assert!(d.zoo.wait_for("/submit/upload", Duration::from_secs(5)));
    let received = d.zoo.unsafe_received();
    let body = &received
        .iter()
        .find(|r| r.target == "/submit/upload")
        .unwrap()
        .body;
    assert!(body.contains("Curriculum vitae of Ada"), "{body}");
    assert!(body.contains("filename=\"cv.txt\""), "{body}");
    assert!(!body.contains("do not send"));
}

#[tokio::test]
async fn a_chooser_opened_by_a_button_is_answered_by_upload_file_on_that_buttons_ref() {
    let d = desk(None).await;
    std::fs::write(d.uploads.path().join("pic.txt"), b"a picture, in words").unwrap();
    let tab = d.open().await;
    let attach = d.find(&tab, "Attach photo").await;

    // No chooser is open yet: the button is not a file input, so nothing can be chosen.
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    let early = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": attach, "paths": ["pic.txt"]}),
        )
        .await
        .unwrap_err();
    assert!(early.message.contains("no file chooser"), "{early:?}");

    // The click opens the hidden input's chooser (intercepted: nothing shows), and says which
    // ref answers it.
    let clicked = d
        .call("click_ref", json!({"tabId": tab.as_str(), "ref": attach}))
        .await
        .unwrap();
    assert!(
        clicked.text.contains("opened a file chooser")
            && clicked.text.contains("upload_file with the same ref"),
        "{}",
        clicked.text
    );
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    let uploaded = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": attach, "paths": ["pic.txt"]}),
        )
        .await
        .unwrap();
    assert!(uploaded.text.contains("pic.txt"), "{}", uploaded.text);
    let page = d
        .call("get_page_text", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    assert!(
        page.text.contains("photo chosen: pic.txt 19"),
        "the hidden input got the file: {}",
        page.text
    );

    // The chooser was answered once; choosing again needs it opened again.
    d.fakes.approver.answer(ApprovalAnswer::Approve);
    let again = d
        .call(
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": attach, "paths": ["pic.txt"]}),
        )
        .await
        .unwrap_err();
    assert!(again.message.contains("no file chooser"), "{again:?}");
}

#[tokio::test]
async fn downloads_land_in_the_folder_with_their_hash_and_never_overwrite() {
    let d = desk(Some(64 * 1024)).await;
    let tab = d.open().await;
    let report = d.find(&tab, "Download report").await;
    let clicked = d
        .call("click_ref", json!({"tabId": tab.as_str(), "ref": report}))
        .await
        .unwrap();
    // The click reports the download when the browser's event comes within the action; when
    // it does, it names the download as list_downloads does.
    if clicked.text.contains("started download") {
        assert!(
            clicked.text.contains("started download d1 \"report.csv\""),
            "{}",
            clicked.text
        );
    }
    let all = d.settled(1).await;
    let first = &all[0];
    assert_eq!(first["id"], "d1");
    assert_eq!(first["name"], "report.csv");
    assert_eq!(first["state"], "completed", "{first}");
    assert_eq!(first["type"], "text/csv");
    assert_eq!(first["size"], DOWNLOAD_CSV.len());
    assert_eq!(first["sha256"], sha256_hex(DOWNLOAD_CSV.as_bytes()));
    assert!(
        first["url"]
            .as_str()
            .unwrap()
            .ends_with("/download/report.csv")
    );
    let on_disk = std::fs::read(d.downloads.path().join("report.csv")).unwrap();
    assert_eq!(on_disk, DOWNLOAD_CSV.as_bytes());

    // The same file again gets a name of its own.
    let again = d.find(&tab, "Download it again").await;
    d.call("click_ref", json!({"tabId": tab.as_str(), "ref": again}))
        .await
        .unwrap();
    let all = d.settled(2).await;
    assert_eq!(all[1]["name"], "report (2).csv", "{}", all[1]);
    assert_eq!(all[1]["state"], "completed");
    assert_eq!(
        std::fs::read(d.downloads.path().join("report.csv")).unwrap(),
        on_disk
    );

    // Over the cap: cancelled, and nothing is left in the folder.
    let big = d.find(&tab, "Download big file").await;
    d.call("click_ref", json!({"tabId": tab.as_str(), "ref": big}))
        .await
        .unwrap();
    let all = d.settled(3).await;
    assert_eq!(all[2]["state"], "too_large", "{}", all[2]);
    const { assert!(BIG_DOWNLOAD_BYTES > 64 * 1024) };
    assert!(!Path::new(&d.downloads.path().join("big.bin")).exists());

    // Its text is read back and scanned; a missing id is typed.
    let read = d.call("read_download", json!({"id": "d1"})).await.unwrap();
    assert_eq!(read.text, DOWNLOAD_CSV);
    let cut = d
        .call("read_download", json!({"id": "d1", "maxChars": 5}))
        .await
        .unwrap();
    assert!(cut.text.starts_with("id,it\n[cut at 5"), "{}", cut.text);
    let missing = d
        .call("read_download", json!({"id": "d99"}))
        .await
        .unwrap_err();
    assert_eq!(
        missing.code.as_deref(),
        Some("DOWNLOAD_NOT_FOUND"),
        "{missing:?}"
    );
    // A PDF is read through pdftotext.
    let pdf = d.find(&tab, "Download invoice").await;
    d.call("click_ref", json!({"tabId": tab.as_str(), "ref": pdf}))
        .await
        .unwrap();
    let all = d.settled(4).await;
    assert_eq!(all[3]["type"], "application/pdf", "{}", all[3]);
    let invoice = d.call("read_download", json!({"id": "d4"})).await.unwrap();
    assert!(
        invoice.text.contains("Invoice total 42 EUR"),
        "{}",
        invoice.text
    );
    let too_large = d
        .call("read_download", json!({"id": "d3"}))
        .await
        .unwrap_err();
    assert!(too_large.message.contains("not completed"), "{too_large:?}");
}

#[tokio::test]
async fn a_page_cannot_fill_the_disk_with_one_download_after_another() {
    // A cap of one report each: the session keeps TOTAL_DOWNLOAD_CAPS reports in all.
    let cap = u64::try_from(DOWNLOAD_CSV.len()).unwrap();
    let d = desk(Some(cap)).await;
    let tab = d.open().await;
    let report = d.find(&tab, "Download report").await;
    let kept = usize::try_from(TOTAL_DOWNLOAD_CAPS).unwrap();
    for n in 1..=kept + 2 {
        d.call("click_ref", json!({"tabId": tab.as_str(), "ref": report}))
            .await
            .unwrap();
        let all = d.settled(n).await;
        let want = if n <= kept {
            "completed"
        } else {
            "limit_reached"
        };
        assert_eq!(all[n - 1]["state"], want, "download {n}: {}", all[n - 1]);
    }
    // Only the kept ones are on disk, and nothing is left half-written in the staging folder.
    let mut names: Vec<String> = std::fs::read_dir(d.downloads.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    assert_eq!(names.len(), kept, "{names:?}");
    let mut staged = Vec::new();
    for _ in 0..50 {
        staged = std::fs::read_dir(d.downloads.path().join(".aartiq-partial"))
            .map(|dir| dir.filter_map(Result::ok).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        if staged.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(staged.is_empty(), "{staged:?}");
}

#[tokio::test]
async fn save_pdf_prints_the_page_into_the_output_folder_without_replacing_a_file() {
    let d = desk(None).await;
    let tab = d.open().await;
    let first = d
        .call("save_pdf", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    let saved = first.json.unwrap();
    assert_eq!(saved["name"], "files.pdf", "{saved}");
    let path = d.output.path().canonicalize().unwrap().join("files.pdf");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(saved["sha256"], sha256_hex(&bytes));
    assert_eq!(saved["size"], bytes.len());
    // A real reader finds the page's words in it.
    let text = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("Download report"),
        "{text:?}"
    );
    // Again: a new name; a name with a path in it stays a plain name in the folder.
    let again = d
        .call("save_pdf", json!({"tabId": tab.as_str()}))
        .await
        .unwrap();
    assert_eq!(again.json.unwrap()["name"], "files-2.pdf");
    let named = d
        .call(
            "save_pdf",
            json!({"tabId": tab.as_str(), "name": "../../etc/Quarterly Report"}),
        )
        .await
        .unwrap();
    assert_eq!(named.json.unwrap()["name"], "etc-quarterly-report.pdf");
    let mut names: Vec<String> = std::fs::read_dir(d.output.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["etc-quarterly-report.pdf", "files-2.pdf", "files.pdf"]
    );
}

#[tokio::test]
async fn without_folders_nothing_is_uploaded_and_downloads_are_refused() {
    let zoo = Zoo::start().unwrap();
    let browser = Arc::new(crate::browser::launch_browser().await);
    let (registry, fakes) = crate::tools_over(&browser);
    let agent = register(&registry, "plain", TrustLevel::Standard, &fakes.clock);
    let tab = browser.new_tab(Some(&zoo.url("/files"))).await.unwrap().id;
    registry
        .call(
            &agent,
            "snapshot",
            json!({"tabId": tab.as_str(), "maxTokens": 100_000}),
        )
        .await
        .unwrap();
    let found = registry
        .call(
            &agent,
            "page_find",
            json!({"tabId": tab.as_str(), "query": "Document", "limit": 5}),
        )
        .await
        .unwrap();
    let input = found.json.unwrap()["matches"][0]["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    let refused = registry
        .call(
            &agent,
            "upload_file",
            json!({"tabId": tab.as_str(), "ref": input, "paths": ["/etc/hostname"]}),
        )
        .await
        .unwrap_err();
    assert_eq!(
        refused.code.as_deref(),
        Some("UPLOAD_DISABLED"),
        "{refused:?}"
    );
    let fresh = register(&registry, "printer", TrustLevel::Standard, &fakes.clock);
    let no_output = registry
        .call(&fresh, "save_pdf", json!({"tabId": tab.as_str()}))
        .await
        .unwrap_err();
    assert_eq!(
        no_output.code.as_deref(),
        Some("UNSUPPORTED"),
        "{no_output:?}"
    );
}
