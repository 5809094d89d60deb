//! `aartiq_documents::Renderer` on Chromium: HTML to PDF with `Page.printToPDF`, Mermaid to SVG
//! or PNG with the vendored Mermaid library.
//!
//! Every render runs in a page of its own: a new browser context (no cookies, storage or cache
//! shared with the person's tabs) holding one new target, created for the render and closed
//! after it, whatever happened. The target is auto-attached like every other, so the origin
//! policy's request interception is in force on it; the documents carry a Content Security
//! Policy that lets nothing load anyway. Content goes in with `Page.setDocumentContent` (no
//! URL, no network); the page's fonts, images and layout are awaited before printing.

use std::time::Duration;

use aartiq_documents::{
    DIAGRAM_FUNCTION, DIAGRAM_PAGE, DiagramFormat, MERMAID_JS, PdfOptions, RenderError, Renderer,
};
use base64::Engine as _;
use serde_json::{Value, json};

use crate::CdpError;
use crate::browser::CdpBrowser;
use crate::connection::script_value;

/// How long one whole render may take.
const RENDER_TIMEOUT: Duration = Duration::from_secs(90);

/// How long the new target may take to be attached and set up.
const ATTACH_TIMEOUT: Duration = Duration::from_secs(15);

/// Millimetres per inch (`Page.printToPDF` takes inches).
const MM_PER_INCH: f64 = 25.4;

fn browser_error(error: CdpError) -> RenderError {
    match error {
        CdpError::Timeout { after, .. } => RenderError::Timeout {
            seconds: after.as_secs(),
        },
        other => RenderError::Browser(other.to_string()),
    }
}

/// A page created for one render.
struct RenderPage {
    context: String,
    target: String,
    session: String,
}

impl CdpBrowser {
    /// Creates an isolated page and loads `html` into it.
    async fn open_render_page(&self, html: &str) -> Result<RenderPage, RenderError> {
        let inner = &self.inner;
        let context = inner
            .call("Target.createBrowserContext", json!({}), None)
            .await
            .map_err(browser_error)?["browserContextId"]
            .as_str()
            .ok_or_else(|| RenderError::Browser("no browser context id".to_owned()))?
            .to_owned();
        let created = inner
            .call(
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": context, "background": true}),
                None,
            )
            .await;
        let target = match created.map(|c| c["targetId"].as_str().map(str::to_owned)) {
            Ok(Some(target)) => target,
            other => {
                self.dispose_context(&context).await;
                return Err(match other {
                    Err(error) => browser_error(error),
                    _ => RenderError::Browser("Target.createTarget returned no id".to_owned()),
                });
            }
        };
        let mut page = RenderPage {
            context,
            target,
            session: String::new(),
        };
        match self.load_render_page(&mut page, html).await {
            Ok(()) => Ok(page),
            Err(error) => {
                self.close_render_page(page).await;
                Err(error)
            }
        }
    }

    async fn load_render_page(&self, page: &mut RenderPage, html: &str) -> Result<(), RenderError> {
        // The browser's auto-attach sets the target up (origin policy first) and resumes it.
        let deadline = tokio::time::Instant::now() + ATTACH_TIMEOUT;
        page.session = loop {
            let ready = {
                let state = self.inner.state();
                state
                    .by_target
                    .get(&page.target)
                    .and_then(|n| state.tabs.get(n))
                    .filter(|t| t.ready)
                    .and_then(|t| t.session.clone())
            };
            if let Some(session) = ready {
                break session;
            }
            if tokio::time::Instant::now() >= deadline {
                return Err(RenderError::Browser(format!(
                    "the render page was not attached within {ATTACH_TIMEOUT:?}"
                )));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let session = Some(page.session.as_str());
        let tree = self
            .inner
            .call("Page.getFrameTree", json!({}), session)
            .await
            .map_err(browser_error)?;
        let frame = tree
            .pointer("/frameTree/frame/id")
            .and_then(Value::as_str)
            .ok_or_else(|| RenderError::Browser("the render page has no frame".to_owned()))?
            .to_owned();
        self.inner
            .call(
                "Page.setDocumentContent",
                json!({"frameId": frame, "html": html}),
                session,
            )
            .await
            .map_err(browser_error)?;
        self.render_eval(
            &page.session,
            "Promise.all([document.fonts.ready, ...Array.from(document.images, (i) => i.complete ? 0 : \
             new Promise((r) => { i.onload = r; i.onerror = r; }))]) \
             .then(() => document.body ? document.body.offsetHeight : 0)",
        )
        .await?;
        Ok(())
    }

    async fn render_eval(&self, session: &str, expression: &str) -> Result<Value, RenderError> {
        let result = self
            .inner
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
                Some(session),
            )
            .await
            .map_err(browser_error)?;
        script_value(&result).map_err(browser_error)
    }

    async fn dispose_context(&self, context: &str) {
        let _ = self
            .inner
            .call(
                "Target.disposeBrowserContext",
                json!({"browserContextId": context}),
                None,
            )
            .await;
    }

    /// Closes the page and its context (errors are moot: the context goes either way).
    async fn close_render_page(&self, page: RenderPage) {
        let _ = self
            .inner
            .call("Target.closeTarget", json!({"targetId": page.target}), None)
            .await;
        self.dispose_context(&page.context).await;
        let mut state = self.inner.state();
        if let Some(number) = state.by_target.remove(&page.target) {
            state.tabs.remove(&number);
        }
    }

    /// Runs `work` on a fresh page holding `html`, within the render timeout, and always closes
    /// the page.
    async fn with_render_page<T>(
        &self,
        html: &str,
        work: impl AsyncFnOnce(&RenderPage) -> Result<T, RenderError>,
    ) -> Result<T, RenderError> {
        let run = async {
            let page = self.open_render_page(html).await?;
            let result = work(&page).await;
            self.close_render_page(page).await;
            result
        };
        tokio::time::timeout(RENDER_TIMEOUT, run)
            .await
            .unwrap_or(Err(RenderError::Timeout {
                seconds: RENDER_TIMEOUT.as_secs(),
            }))
    }

    async fn draw_diagram(
        &self,
        page: &RenderPage,
        mermaid: &str,
        format: DiagramFormat,
    ) -> Result<Vec<u8>, RenderError> {
        let session = Some(page.session.as_str());
        let loaded = self
            .inner
            .call(
                "Runtime.evaluate",
                json!({"expression": MERMAID_JS, "returnByValue": false}),
                session,
            )
            .await
            .map_err(browser_error)?;
        script_value(&loaded).map_err(browser_error)?;
        let window = self
            .inner
            .call(
                "Runtime.evaluate",
                json!({"expression": "window", "returnByValue": false}),
                session,
            )
            .await
            .map_err(browser_error)?;
        let object = window
            .pointer("/result/objectId")
            .and_then(Value::as_str)
            .ok_or_else(|| RenderError::Browser("no window object".to_owned()))?;
        let drawn = self
            .inner
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": DIAGRAM_FUNCTION,
                    "objectId": object,
                    "arguments": [{"value": mermaid}],
                    "awaitPromise": true,
                    "returnByValue": true,
                }),
                session,
            )
            .await
            .map_err(browser_error)?;
        let drawn = script_value(&drawn).map_err(browser_error)?;
        if drawn["ok"] != json!(true) {
            let message = drawn["error"]
                .as_str()
                .unwrap_or("Mermaid could not draw the diagram");
            return Err(RenderError::Mermaid(message.to_owned()));
        }
        let svg = drawn["svg"]
            .as_str()
            .filter(|s| s.contains("<svg"))
            .ok_or_else(|| RenderError::Output("Mermaid returned no SVG".to_owned()))?;
        match format {
            // Mermaid keeps the HTML a label asked for (a remote `<img>` among it): cleaned, the
            // SVG loads nothing when opened.
            DiagramFormat::Svg => Ok(aartiq_documents::sanitize_svg(svg)?.into_bytes()),
            DiagramFormat::Png => self.screenshot_svg(&page.session).await,
        }
    }

    async fn screenshot_svg(&self, session: &str) -> Result<Vec<u8>, RenderError> {
        let rect = self
            .render_eval(
                session,
                "(() => { const r = document.querySelector('#out svg').getBoundingClientRect(); \
                 return {x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height}; })()",
            )
            .await?;
        let number = |key: &str| rect[key].as_f64().filter(|v| v.is_finite());
        let (Some(x), Some(y), Some(width), Some(height)) =
            (number("x"), number("y"), number("width"), number("height"))
        else {
            return Err(RenderError::Output("the diagram has no size".to_owned()));
        };
        if width < 1.0 || height < 1.0 {
            return Err(RenderError::Output("the diagram is empty".to_owned()));
        }
        let shot = self
            .inner
            .call(
                "Page.captureScreenshot",
                json!({
                    "format": "png",
                    "clip": {"x": x, "y": y, "width": width, "height": height, "scale": 2},
                    "captureBeyondViewport": true,
                }),
                Some(session),
            )
            .await
            .map_err(browser_error)?;
        decode(&shot, "Page.captureScreenshot")
    }
}

fn decode(result: &Value, method: &str) -> Result<Vec<u8>, RenderError> {
    let data = result["data"]
        .as_str()
        .ok_or_else(|| RenderError::Output(format!("{method} returned no data")))?;
    base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| RenderError::Output(format!("{method} returned bad base64: {e}")))
}

/// `Page.printToPDF` parameters for the options.
fn print_params(options: &PdfOptions) -> Value {
    let (width, height) = options.paper.inches();
    let [top, right, bottom, left] = options.margins_mm.map(|mm| mm.max(0.0) / MM_PER_INCH);
    let mut params = json!({
        "landscape": options.landscape,
        "printBackground": options.print_background,
        "paperWidth": width,
        "paperHeight": height,
        "marginTop": top,
        "marginRight": right,
        "marginBottom": bottom,
        "marginLeft": left,
        "preferCSSPageSize": false,
        "transferMode": "ReturnAsBase64",
    });
    if let Some(footer) = &options.footer_template {
        params["displayHeaderFooter"] = json!(true);
        params["headerTemplate"] = json!("<span></span>");
        params["footerTemplate"] = json!(footer);
    }
    params
}

/// On the browser in use, started again after one died.
#[async_trait::async_trait]
impl Renderer for crate::ManagedBrowser {
    async fn print_pdf(&self, html: &str, options: &PdfOptions) -> Result<Vec<u8>, RenderError> {
        let browser = self.browser().await.map_err(browser_gone)?;
        browser.print_pdf(html, options).await
    }

    async fn render_diagram(
        &self,
        mermaid: &str,
        format: DiagramFormat,
    ) -> Result<Vec<u8>, RenderError> {
        let browser = self.browser().await.map_err(browser_gone)?;
        browser.render_diagram(mermaid, format).await
    }
}

/// A browser that could not be had for a render.
fn browser_gone(error: aartiq_tools::BackendError) -> RenderError {
    RenderError::Browser(error.to_string())
}

#[async_trait::async_trait]
impl Renderer for CdpBrowser {
    async fn print_pdf(&self, html: &str, options: &PdfOptions) -> Result<Vec<u8>, RenderError> {
        let params = print_params(options);
        self.with_render_page(html, async |page: &RenderPage| {
            let printed = self
                .inner
                .conn
                .call_with_timeout(
                    "Page.printToPDF",
                    params,
                    Some(&page.session),
                    RENDER_TIMEOUT,
                )
                .await
                .map_err(browser_error)?;
            decode(&printed, "Page.printToPDF")
        })
        .await
    }

    async fn render_diagram(
        &self,
        mermaid: &str,
        format: DiagramFormat,
    ) -> Result<Vec<u8>, RenderError> {
        self.with_render_page(DIAGRAM_PAGE, async |page: &RenderPage| {
            self.draw_diagram(page, mermaid, format).await
        })
        .await
    }
}
