//! Snapshots: the frames of a tab, aartiq's isolated world in each, the collector's output
//! turned into the `aartiq-tools` tree, closed shadow roots found and handed to the collector,
//! and the per-document cache with its cheap dirty check.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use aartiq_tools::{
    BackendError, FrameId, NodeHandle, NodeId, NodeInspection, NodeState, PageCapture, RawNode,
    TabId,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::CdpError;
use crate::browser::{FrameDoc, Inner, WORLD, backend, tab_id};
use crate::connection::script_value;

const COLLECTOR: &str = include_str!("collector.js");

/// How many rounds of closed-root discovery run before a collect (nested closed roots need
/// one round per level).
const CLOSED_ROOT_ROUNDS: usize = 3;

/// One frame of a tab and the session that reaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FrameEntry {
    pub(crate) id: String,
    pub(crate) parent: Option<String>,
    pub(crate) session: String,
}

/// The last capture of a tab and the documents it was made from.
#[derive(Debug, Clone)]
pub(crate) struct CaptureCache {
    /// (frame, session, document token, mutation version) per frame.
    pub(crate) frames: Vec<(FrameEntry, String, u64)>,
    pub(crate) capture: Arc<PageCapture>,
}

/// What the collector reports for one frame.
#[derive(Debug, Deserialize)]
struct Collected {
    token: String,
    version: u64,
    title: String,
    url: String,
    root: JsNode,
}

#[derive(Debug, Deserialize)]
struct JsNode {
    #[serde(default)]
    i: Option<u64>,
    r: String,
    #[serde(default)]
    n: String,
    #[serde(default)]
    v: Option<String>,
    #[serde(default)]
    h: Option<String>,
    #[serde(default)]
    s: Option<String>,
    #[serde(default)]
    t: Vec<String>,
    #[serde(default)]
    a: Option<u8>,
    #[serde(default)]
    f: Option<u8>,
    #[serde(default)]
    c: Vec<JsNode>,
}

/// A handle's frame is written `<frame id>@<document epoch>`.
pub(crate) fn frame_key(frame: &str, epoch: u64) -> FrameId {
    FrameId::new(format!("{frame}@{epoch}"))
}

pub(crate) fn split_frame(frame: &FrameId) -> (&str, u64) {
    match frame.as_str().rsplit_once('@') {
        Some((id, epoch)) => (id, epoch.parse().unwrap_or(0)),
        None => (frame.as_str(), 0),
    }
}

/// Whether a page-side call failed because its document went away (a navigation replaced it,
/// or the target navigated while the call waited).
pub(crate) fn is_lost_context(error: &CdpError) -> bool {
    matches!(error, CdpError::Protocol { message, .. }
        if message.contains("context") || message.contains("Context") || message.contains("navigated"))
}

impl Inner {
    pub(crate) async fn context(
        &self,
        tab: u64,
        session: &str,
        frame: &str,
    ) -> Result<i64, CdpError> {
        let key = (session.to_owned(), frame.to_owned());
        if let Some(id) = self
            .state()
            .tabs
            .get(&tab)
            .and_then(|t| t.contexts.get(&key).copied())
        {
            return Ok(id);
        }
        let created = self
            .call(
                "Page.createIsolatedWorld",
                json!({"frameId": frame, "worldName": WORLD, "grantUniveralAccess": false}),
                Some(session),
            )
            .await?;
        let id = created["executionContextId"]
            .as_i64()
            .ok_or_else(|| CdpError::Decode("createIsolatedWorld returned no context".into()))?;
        if let Some(entry) = self.state().tabs.get_mut(&tab) {
            entry.contexts.insert(key, id);
        }
        Ok(id)
    }

    fn forget_context(&self, tab: u64, session: &str, frame: &str) {
        if let Some(entry) = self.state().tabs.get_mut(&tab) {
            entry
                .contexts
                .remove(&(session.to_owned(), frame.to_owned()));
        }
    }

    async fn evaluate(
        &self,
        session: &str,
        context: i64,
        expression: &str,
    ) -> Result<Value, CdpError> {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "contextId": context, "returnByValue": true}),
                Some(session),
            )
            .await?;
        script_value(&result)
    }

    /// Evaluates `body` (an expression over `A`, the collector) in the frame's aartiq world,
    /// installing the collector in a document that does not have it yet.
    pub(crate) async fn in_world(
        &self,
        tab: u64,
        session: &str,
        frame: &str,
        body: &str,
    ) -> Result<Value, CdpError> {
        let expression = format!(
            "(() => {{ const A = globalThis.__aartiq; if (!A) return {{missing: true}}; return {{ok: ({body})}}; }})()"
        );
        let mut last = None;
        for _ in 0..3 {
            let context = self.context(tab, session, frame).await?;
            match self.evaluate(session, context, &expression).await {
                Ok(value) if value.get("missing").is_some() => {
                    self.evaluate(session, context, COLLECTOR).await?;
                }
                Ok(mut value) => return Ok(value["ok"].take()),
                Err(error) if is_lost_context(&error) => {
                    self.forget_context(tab, session, frame);
                    last = Some(error);
                }
                Err(error) => return Err(error),
            }
        }
        Err(last.unwrap_or_else(|| {
            CdpError::Script("aartiq's isolated world could not be set up in this frame".into())
        }))
    }

    /// Awaits `body` (an expression over `A` that yields a promise) in the frame's aartiq
    /// world, for at most `limit`. A document replaced meanwhile is a lost context
    /// ([`CdpError::Protocol`]), for the caller to try again in the new one.
    pub(crate) async fn in_world_awaiting(
        &self,
        tab: u64,
        session: &str,
        frame: &str,
        body: &str,
        limit: std::time::Duration,
    ) -> Result<Value, CdpError> {
        let expression = format!(
            "(async () => {{ const A = globalThis.__aartiq; if (!A) return {{missing: true}}; return {{ok: await ({body})}}; }})()"
        );
        for _ in 0..3 {
            let context = self.context(tab, session, frame).await?;
            let result = self
                .conn
                .call_with_timeout(
                    "Runtime.evaluate",
                    json!({"expression": expression, "contextId": context, "returnByValue": true, "awaitPromise": true}),
                    Some(session),
                    limit,
                )
                .await
                .and_then(|result| script_value(&result));
            match result {
                Ok(value) if value.get("missing").is_some() => {
                    self.evaluate(session, context, COLLECTOR).await?;
                }
                Ok(mut value) => return Ok(value["ok"].take()),
                Err(error) => {
                    if is_lost_context(&error) {
                        self.forget_context(tab, session, frame);
                    }
                    return Err(error);
                }
            }
        }
        Err(CdpError::Script(
            "aartiq's isolated world could not be set up in this frame".into(),
        ))
    }

    /// The epoch of the document `token` in `frame`; a token not seen before is a new document.
    pub(crate) fn epoch_for(&self, tab: u64, frame: &str, token: &str) -> u64 {
        let mut state = self.state();
        if let Some(doc) = state.tabs.get(&tab).and_then(|t| t.docs.get(frame))
            && doc.token == token
        {
            return doc.epoch;
        }
        let epoch = state.fresh_epoch();
        if let Some(entry) = state.tabs.get_mut(&tab) {
            entry.docs.insert(
                frame.to_owned(),
                FrameDoc {
                    token: token.to_owned(),
                    epoch,
                },
            );
            // Frames of the old document and their worlds are gone with it.
            entry.cache = None;
        }
        epoch
    }

    /// Every frame of the tab, parents before children, each with the session that reaches it
    /// (out-of-process iframes have their own).
    pub(crate) async fn frames(&self, tab: u64, top: &str) -> Result<Vec<FrameEntry>, CdpError> {
        let oopifs: HashMap<String, String> = self
            .state()
            .sessions
            .iter()
            .filter(|(_, s)| s.tab == tab && s.kind == "iframe")
            .map(|(id, s)| (s.target_id.clone(), id.clone()))
            .collect();
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        self.walk_frames(top, None, &oopifs, &mut seen, &mut out)
            .await?;
        // Out-of-process frames are not in their parent's tree: each session lists its own
        // subtree, and its root names its parent frame.
        let mut remaining: Vec<(&String, &String)> = oopifs.iter().collect();
        remaining.sort();
        for (target, session) in remaining {
            if seen.contains(target.as_str()) {
                continue;
            }
            if let Err(error) = self
                .walk_frames(session, Some(target), &oopifs, &mut seen, &mut out)
                .await
            {
                tracing::debug!(%error, frame = %target, "out-of-process frame left out");
            }
        }
        Ok(out)
    }

    async fn walk_frames(
        &self,
        session: &str,
        oopif: Option<&str>,
        oopifs: &HashMap<String, String>,
        seen: &mut HashSet<String>,
        out: &mut Vec<FrameEntry>,
    ) -> Result<(), CdpError> {
        let tree = self
            .call("Page.getFrameTree", json!({}), Some(session))
            .await?;
        let root_parent = oopif.and_then(|_| {
            tree["frameTree"]["frame"]["parentId"]
                .as_str()
                .map(str::to_owned)
        });
        let mut stack = vec![(&tree["frameTree"], root_parent)];
        while let Some((node, parent)) = stack.pop() {
            let Some(id) = node["frame"]["id"].as_str() else {
                continue;
            };
            // A child that runs in another process is listed by its own session.
            if oopifs.contains_key(id) && Some(id) != oopif {
                continue;
            }
            if !seen.insert(id.to_owned()) {
                continue;
            }
            out.push(FrameEntry {
                id: id.to_owned(),
                parent: parent.clone(),
                session: session.to_owned(),
            });
            if let Some(children) = node["childFrames"].as_array() {
                for child in children.iter().rev() {
                    stack.push((child, Some(id.to_owned())));
                }
            }
        }
        Ok(())
    }

    /// Hands the collector any closed shadow roots among its candidate hosts; returns how many.
    async fn adopt_closed_roots(&self, tab: u64, frame: &FrameEntry) -> Result<usize, CdpError> {
        let session = Some(frame.session.as_str());
        let context = self.context(tab, &frame.session, &frame.id).await?;
        let list = self
            .call(
                "Runtime.evaluate",
                json!({"expression": "globalThis.__aartiq.candidates()", "contextId": context, "objectGroup": "aartiq"}),
                session,
            )
            .await?;
        let mut adopted = 0;
        if let Some(array) = list.pointer("/result/objectId").and_then(Value::as_str) {
            let properties = self
                .call(
                    "Runtime.getProperties",
                    json!({"objectId": array, "ownProperties": true}),
                    session,
                )
                .await?;
            let hosts: Vec<String> = properties["result"]
                .as_array()
                .map(|all| {
                    all.iter()
                        .filter(|p| p["name"].as_str().is_some_and(|n| n.parse::<u32>().is_ok()))
                        .filter_map(|p| p.pointer("/value/objectId")?.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            for host in hosts {
                let described = self
                    .call(
                        "DOM.describeNode",
                        json!({"objectId": host, "depth": 0}),
                        session,
                    )
                    .await?;
                let closed = described["node"]["shadowRoots"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|r| r["shadowRootType"] == "closed")
                    .filter_map(|r| r["backendNodeId"].as_u64());
                for root in closed {
                    let resolved = self
                        .call(
                            "DOM.resolveNode",
                            json!({"backendNodeId": root, "executionContextId": context, "objectGroup": "aartiq"}),
                            session,
                        )
                        .await?;
                    if let Some(object) =
                        resolved.pointer("/object/objectId").and_then(Value::as_str)
                    {
                        self.call(
                            "Runtime.callFunctionOn",
                            json!({
                                "functionDeclaration": "function() { return globalThis.__aartiq.adoptClosedRoot(this); }",
                                "objectId": object,
                                "returnByValue": true,
                            }),
                            session,
                        )
                        .await?;
                        adopted += 1;
                    }
                }
            }
        }
        let _ = self
            .call(
                "Runtime.releaseObjectGroup",
                json!({"objectGroup": "aartiq"}),
                session,
            )
            .await;
        Ok(adopted)
    }

    async fn collect_frame(&self, tab: u64, frame: &FrameEntry) -> Result<Collected, CdpError> {
        // Closed roots first (nested ones need one round per level), then one full collect.
        for _ in 0..CLOSED_ROOT_ROUNDS {
            let found = self
                .in_world(tab, &frame.session, &frame.id, "A.scanHosts()")
                .await?;
            if found.as_u64().unwrap_or(0) == 0 || self.adopt_closed_roots(tab, frame).await? == 0 {
                break;
            }
        }
        let text = self
            .in_world(tab, &frame.session, &frame.id, "A.collect()")
            .await?;
        let text = text
            .as_str()
            .ok_or_else(|| CdpError::Decode("the collector returned no text".into()))?;
        serde_json::from_str(text).map_err(|e| CdpError::Decode(e.to_string()))
    }

    /// The collector id of the iframe element holding `child` in its parent frame.
    async fn owner_of(
        &self,
        tab: u64,
        parent: &FrameEntry,
        child: &str,
    ) -> Result<Option<u64>, CdpError> {
        let session = Some(parent.session.as_str());
        let owner = self
            .call("DOM.getFrameOwner", json!({"frameId": child}), session)
            .await?;
        let Some(backend_node) = owner["backendNodeId"].as_u64() else {
            return Ok(None);
        };
        let context = self.context(tab, &parent.session, &parent.id).await?;
        let resolved = self
            .call(
                "DOM.resolveNode",
                json!({"backendNodeId": backend_node, "executionContextId": context}),
                session,
            )
            .await?;
        let Some(object) = resolved.pointer("/object/objectId").and_then(Value::as_str) else {
            return Ok(None);
        };
        let id = self
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": "function() { return globalThis.__aartiq.idOf(this); }",
                    "objectId": object,
                    "returnByValue": true,
                }),
                session,
            )
            .await?;
        let _ = self
            .call(
                "Runtime.releaseObject",
                json!({"objectId": object}),
                session,
            )
            .await;
        Ok(id.pointer("/result/value").and_then(Value::as_u64))
    }

    /// Whether every frame of the cached capture still shows the same document, unchanged.
    async fn still_fresh(&self, tab: u64, cache: &CaptureCache) -> bool {
        for (frame, token, version) in &cache.frames {
            match self
                .in_world(tab, &frame.session, &frame.id, "[A.token, A.version()]")
                .await
            {
                Ok(now) if now == json!([token, version]) => {}
                _ => return false,
            }
        }
        true
    }

    pub(crate) async fn capture_tab(&self, tab: &TabId) -> Result<Arc<PageCapture>, BackendError> {
        let (number, top) = self.session_of(tab)?;
        let cached = self.state().tabs.get(&number).and_then(|t| t.cache.clone());
        if let Some(cache) = cached
            && self.still_fresh(number, &cache).await
        {
            return Ok(cache.capture);
        }
        self.fresh_capture(number, &top).await.map_err(backend)
    }

    async fn fresh_capture(&self, tab: u64, top: &str) -> Result<Arc<PageCapture>, CdpError> {
        let frames = self.frames(tab, top).await?;
        let mut collected: HashMap<String, (Collected, u64)> = HashMap::new();
        let mut made_of = Vec::new();
        for frame in &frames {
            // A frame that vanished or is still loading is left out rather than failing the page.
            match self.collect_frame(tab, frame).await {
                Ok(result) => {
                    let epoch = self.epoch_for(tab, &frame.id, &result.token);
                    made_of.push((frame.clone(), result.token.clone(), result.version));
                    collected.insert(frame.id.clone(), (result, epoch));
                }
                Err(error) if frame.parent.is_some() => {
                    tracing::debug!(frame = %frame.id, %error, "frame left out of the capture");
                }
                Err(error) => return Err(error),
            }
        }
        // Which iframe element holds each child frame.
        let mut owners: HashMap<(String, u64), String> = HashMap::new();
        let mut owner_map = HashMap::new();
        for frame in &frames {
            let Some(parent_id) = &frame.parent else {
                continue;
            };
            let Some(parent) = frames.iter().find(|f| f.id == *parent_id) else {
                continue;
            };
            if !collected.contains_key(&frame.id) {
                continue;
            }
            if let Ok(Some(owner)) = self.owner_of(tab, parent, &frame.id).await {
                owners.insert((parent_id.clone(), owner), frame.id.clone());
                owner_map.insert(frame.id.clone(), (parent_id.clone(), owner));
            }
        }
        let main = frames
            .first()
            .ok_or_else(|| CdpError::Decode("the tab has no frames".into()))?;
        let (main_result, main_epoch) = collected
            .remove(&main.id)
            .ok_or_else(|| CdpError::Decode("the main frame could not be read".into()))?;
        let mut builder = TreeBuilder { collected, owners };
        let children = builder.convert_all(main_result.root.c, &main.id, main_epoch);
        let capture = Arc::new(PageCapture {
            tab: tab_id(tab),
            url: main_result.url,
            title: main_result.title,
            epoch: main_epoch,
            root: RawNode {
                node: None,
                frame: frame_key(&main.id, main_epoch),
                role: "document".to_owned(),
                children,
                ..RawNode::default()
            },
        });
        {
            let mut state = self.state();
            if let Some(entry) = state.tabs.get_mut(&tab) {
                entry.owners = owner_map;
                entry.cache = Some(CaptureCache {
                    frames: made_of,
                    capture: Arc::clone(&capture),
                });
            }
        }
        Ok(capture)
    }

    /// The session that reaches `frame` of `tab`, from the last capture (the top session for
    /// the main frame).
    pub(crate) fn session_for_frame(&self, tab: u64, top: &str, frame: &str) -> String {
        self.state()
            .tabs
            .get(&tab)
            .and_then(|t| t.cache.as_ref())
            .and_then(|c| c.frames.iter().find(|(f, _, _)| f.id == frame))
            .map(|(f, _, _)| f.session.clone())
            .unwrap_or_else(|| top.to_owned())
    }

    pub(crate) async fn inspect_node(
        &self,
        tab: &TabId,
        handle: &NodeHandle,
    ) -> Result<NodeInspection, BackendError> {
        let (number, top) = self.session_of(tab)?;
        let (frame, handle_epoch) = split_frame(&handle.frame);
        let main = self
            .state()
            .tabs
            .get(&number)
            .map(|t| t.target_id.clone())
            .unwrap_or_default();
        let session = self.session_for_frame(number, &top, frame);
        let body = format!("[A.token, A.inspect({}, true)]", handle.node.0);
        let inspected = match self.in_world(number, &session, frame, &body).await {
            Ok(value) => value,
            // The frame is gone (or its process swapped): its document is not the one the ref
            // came from.
            Err(CdpError::Protocol { .. }) => {
                let epoch = self.state().fresh_epoch();
                return Ok(NodeInspection {
                    epoch,
                    state: NodeState::Gone,
                });
            }
            Err(error) => return Err(backend(error)),
        };
        let (token, state): (String, Inspected) = serde_json::from_value(inspected)
            .map_err(|e| BackendError::Other(format!("unreadable reply of A.inspect: {e}")))?;
        let frame_epoch = self.epoch_for(number, frame, &token);
        // A main-frame node carries its document's epoch; a child frame's node the main
        // frame's, as long as its own document is the one the ref came from.
        let epoch = if frame == main || frame_epoch != handle_epoch {
            frame_epoch
        } else {
            let now = self
                .in_world(number, &top, &main, "A.token")
                .await
                .map_err(backend)?;
            self.epoch_for(number, &main, now.as_str().unwrap_or_default())
        };
        let state = match state.state.as_str() {
            "present" => NodeState::Present {
                role: state.role,
                name: state.name,
                blocker: state.blocker,
            },
            "detached" => NodeState::Detached,
            _ => NodeState::Gone,
        };
        Ok(NodeInspection { epoch, state })
    }
}

/// `A.inspect(id, true)`: whether the node is there and, if so, what would stop an action.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Inspected {
    state: String,
    role: String,
    name: String,
    blocker: Option<String>,
}

struct TreeBuilder {
    collected: HashMap<String, (Collected, u64)>,
    /// (parent frame, iframe element id) -> child frame.
    owners: HashMap<(String, u64), String>,
}

impl TreeBuilder {
    fn convert_all(&mut self, nodes: Vec<JsNode>, frame: &str, epoch: u64) -> Vec<RawNode> {
        // One key per frame, shared by all of its nodes.
        let key = frame_key(frame, epoch);
        self.convert_nodes(nodes, frame, &key)
    }

    fn convert_nodes(&mut self, nodes: Vec<JsNode>, frame: &str, key: &FrameId) -> Vec<RawNode> {
        nodes
            .into_iter()
            .map(|n| self.convert(n, frame, key))
            .collect()
    }

    fn convert(&mut self, node: JsNode, frame: &str, key: &FrameId) -> RawNode {
        let mut children = self.convert_nodes(node.c, frame, key);
        if node.f.is_some()
            && let Some(id) = node.i
            && let Some(child) = self.owners.remove(&(frame.to_owned(), id))
            && let Some((result, child_epoch)) = self.collected.remove(&child)
        {
            children.extend(self.convert_all(result.root.c, &child, child_epoch));
        }
        RawNode {
            node: node.i.map(NodeId),
            frame: key.clone(),
            role: node.r,
            name: node.n,
            value: node.v,
            href: node.h,
            selector: node.s,
            states: node.t,
            actionable: node.a.is_some(),
            children,
        }
    }
}
