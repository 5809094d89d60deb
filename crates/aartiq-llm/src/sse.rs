//! An incremental reader of server-sent events, as OpenAI-compatible servers stream them.

/// One complete event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseEvent {
    /// The `data:` lines of one event, joined by `\n`.
    Data(String),
    /// `data: [DONE]`: the end of the stream.
    Done,
}

/// Feeds bytes in as they arrive; takes complete events out. Bytes may split anywhere, even
/// inside a UTF-8 character or a `\r\n`.
#[derive(Debug, Default)]
pub struct SseParser {
    buffer: Vec<u8>,
    data: Vec<String>,
    /// Bytes of a line longer than this are an error, not a memory leak.
    max_line: usize,
}

/// A line longer than the limit (1 MiB by default).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a server-sent-events line is longer than {0} bytes")]
pub struct LineTooLong(pub usize);

impl SseParser {
    /// A parser with the default 1 MiB line limit.
    pub fn new() -> SseParser {
        SseParser {
            buffer: Vec::new(),
            data: Vec::new(),
            max_line: 1 << 20,
        }
    }

    /// Adds bytes and returns the events they complete.
    ///
    /// # Errors
    /// [`LineTooLong`] when a line exceeds the limit.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<SseEvent>, LineTooLong> {
        self.buffer.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut start = 0;
        while let Some(offset) = self.buffer[start..].iter().position(|&b| b == b'\n') {
            let end = start + offset;
            let mut line = &self.buffer[start..end];
            if line.last() == Some(&b'\r') {
                line = &line[..line.len() - 1];
            }
            let line = String::from_utf8_lossy(line).into_owned();
            start = end + 1;
            if let Some(event) = self.line(&line) {
                events.push(event);
            }
        }
        self.buffer.drain(..start);
        if self.buffer.len() > self.max_line {
            return Err(LineTooLong(self.max_line));
        }
        Ok(events)
    }

    /// Ends the stream: an event still being built is returned (servers that omit the last
    /// blank line).
    pub fn finish(&mut self) -> Option<SseEvent> {
        if !self.buffer.is_empty() {
            let line = String::from_utf8_lossy(&std::mem::take(&mut self.buffer)).into_owned();
            if let Some(event) = self.line(line.trim_end_matches('\r')) {
                return Some(event);
            }
        }
        self.dispatch()
    }

    fn line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            return self.dispatch();
        }
        if line.starts_with(':') {
            return None; // a comment, e.g. a keep-alive
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        if field == "data" {
            self.data.push(value.to_owned());
        }
        None
    }

    fn dispatch(&mut self) -> Option<SseEvent> {
        if self.data.is_empty() {
            return None;
        }
        let data = std::mem::take(&mut self.data).join("\n");
        Some(if data.trim() == "[DONE]" {
            SseEvent::Done
        } else {
            SseEvent::Data(data)
        })
    }
}
