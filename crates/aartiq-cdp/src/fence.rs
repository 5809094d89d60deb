//! The fence: a SOCKS5 proxy on loopback that every connection of a launched browser goes
//! through while an origin policy is in force.
//!
//! Request interception (`Fetch`) pauses HTTP requests, but not WebSocket handshakes: the
//! DevTools protocol can watch those and never refuse them. The fence sits below both. Chromium
//! is started with `--proxy-server=socks5://127.0.0.1:PORT` and with loopback taken off its
//! implicit proxy bypass, so every TCP connection it makes, for any scheme and from any target,
//! is a SOCKS5 `CONNECT` naming the host. The fence judges that host with
//! [`OriginPolicy::admit`] and connects to exactly the addresses it judged, so a second lookup
//! (DNS rebinding) cannot answer differently. What it refuses fails in the browser as a proxy
//! error. UDP does not go through a SOCKS5 proxy in Chromium: QUIC is off and WebRTC is kept to
//! proxied transports (see [`Fence::browser_args`]).
//!
//! Only `CONNECT` with no authentication is served; anything else is answered with the
//! protocol's refusal and closed. Every connection is a task owned by the fence: dropping the
//! fence stops them all.

use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

use crate::error::CdpError;
use crate::policy::{OriginPolicy, is_localhost_name};

/// How long a client may take to finish its SOCKS5 greeting and request.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long connecting to an admitted address may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);
/// Refusals kept for [`Fence::refused`].
const REFUSALS_KEPT: usize = 20;

const VERSION: u8 = 5;
const NO_AUTHENTICATION: u8 = 0;
const NO_ACCEPTABLE_METHOD: u8 = 0xff;
const CONNECT: u8 = 1;
const ATYP_IPV4: u8 = 1;
const ATYP_NAME: u8 = 3;
const ATYP_IPV6: u8 = 4;

/// A SOCKS5 reply code (RFC 1928, section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reply {
    Succeeded = 0,
    GeneralFailure = 1,
    NotAllowed = 2,
    HostUnreachable = 4,
    CommandNotSupported = 7,
    AddressTypeNotSupported = 8,
}

/// A running fence. Dropping it closes the listener and every connection through it.
#[derive(Debug)]
pub(crate) struct Fence {
    address: SocketAddr,
    refused: Arc<Mutex<VecDeque<String>>>,
    task: JoinHandle<()>,
}

impl Drop for Fence {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Fence {
    /// Starts a fence for `policy` on an ephemeral loopback port.
    ///
    /// # Errors
    /// [`CdpError::Launch`] when no loopback port can be bound.
    pub(crate) async fn start(policy: OriginPolicy) -> Result<Fence, CdpError> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(|e| CdpError::Launch {
                message: format!("cannot start the network fence on loopback: {e}"),
                stderr: String::new(),
            })?;
        let address = listener.local_addr().map_err(|e| CdpError::Launch {
            message: format!("the network fence has no address: {e}"),
            stderr: String::new(),
        })?;
        let refused = Arc::new(Mutex::new(VecDeque::new()));
        let task = tokio::spawn(serve(listener, Arc::new(policy), Arc::clone(&refused)));
        Ok(Fence {
            address,
            refused,
            task,
        })
    }

    /// The switches that send every connection of a browser through this fence.
    pub(crate) fn browser_args(&self) -> Vec<String> {
        vec![
            format!("--proxy-server=socks5://{}", self.address),
            // Chromium never proxies loopback unless told to; the fence must see it too.
            "--proxy-bypass-list=<-loopback>".to_owned(),
            // WebRTC may otherwise send UDP around the proxy.
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp".to_owned(),
        ]
    }

    /// The connections refused, newest last (at most 20), each as `host:port: why`.
    pub(crate) fn refused(&self) -> Vec<String> {
        self.refused
            .lock()
            .map(|r| r.iter().cloned().collect())
            .unwrap_or_default()
    }
}

async fn serve(
    listener: TcpListener,
    policy: Arc<OriginPolicy>,
    refused: Arc<Mutex<VecDeque<String>>>,
) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    connections.spawn(relay(stream, Arc::clone(&policy), Arc::clone(&refused)));
                }
                Err(error) => {
                    tracing::warn!(%error, "the network fence could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            // Reap finished connections so the set does not grow.
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
}

/// One client connection: the handshake, the judgement, then bytes both ways.
async fn relay(
    mut client: TcpStream,
    policy: Arc<OriginPolicy>,
    refused: Arc<Mutex<VecDeque<String>>>,
) {
    let request = match tokio::time::timeout(HANDSHAKE_TIMEOUT, handshake(&mut client)).await {
        Ok(Ok(request)) => request,
        Ok(Err(Refusal(reply))) => {
            let _ = answer(&mut client, reply).await;
            return;
        }
        Err(_) => return,
    };
    let addresses = match policy.admit(&request.host, request.port).await {
        Ok(judged) if !judged.is_empty() => judged,
        Ok(_) => match resolve(&request.host, request.port).await {
            Some(found) => found,
            None => {
                let _ = answer(&mut client, Reply::HostUnreachable).await;
                return;
            }
        },
        Err(why) => {
            tracing::info!(host = %request.host, port = request.port, reason = %why, "connection refused by the network fence");
            if let Ok(mut list) = refused.lock() {
                if list.len() == REFUSALS_KEPT {
                    list.pop_front();
                }
                list.push_back(format!("{}:{}: {why}", request.host, request.port));
            }
            let _ = answer(&mut client, Reply::NotAllowed).await;
            return;
        }
    };
    let targets: Vec<SocketAddr> = addresses
        .into_iter()
        .map(|ip| SocketAddr::new(ip, request.port))
        .collect();
    let Ok(Ok(mut upstream)) =
        tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(&targets[..])).await
    else {
        let _ = answer(&mut client, Reply::HostUnreachable).await;
        return;
    };
    if answer(&mut client, Reply::Succeeded).await.is_err() {
        return;
    }
    let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
}

/// What a client asked to connect to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Request {
    host: String,
    port: u16,
}

/// A handshake the fence will not serve, with the reply that says so.
#[derive(Debug)]
struct Refusal(Reply);

impl From<std::io::Error> for Refusal {
    fn from(_: std::io::Error) -> Refusal {
        Refusal(Reply::GeneralFailure)
    }
}

/// Reads the greeting (offering no authentication) and a `CONNECT` request.
async fn handshake(client: &mut TcpStream) -> Result<Request, Refusal> {
    let mut head = [0u8; 2];
    client.read_exact(&mut head).await?;
    if head[0] != VERSION {
        return Err(Refusal(Reply::GeneralFailure));
    }
    let mut methods = vec![0u8; usize::from(head[1])];
    client.read_exact(&mut methods).await?;
    if !methods.contains(&NO_AUTHENTICATION) {
        client
            .write_all(&[VERSION, NO_ACCEPTABLE_METHOD])
            .await
            .map_err(Refusal::from)?;
        return Err(Refusal(Reply::NotAllowed));
    }
    client.write_all(&[VERSION, NO_AUTHENTICATION]).await?;
    let mut request = [0u8; 4];
    client.read_exact(&mut request).await?;
    let [version, command, _, kind] = request;
    if version != VERSION {
        return Err(Refusal(Reply::GeneralFailure));
    }
    let host = match kind {
        ATYP_IPV4 => {
            let mut octets = [0u8; 4];
            client.read_exact(&mut octets).await?;
            Ipv4Addr::from(octets).to_string()
        }
        ATYP_IPV6 => {
            let mut octets = [0u8; 16];
            client.read_exact(&mut octets).await?;
            Ipv6Addr::from(octets).to_string()
        }
        ATYP_NAME => {
            let mut length = [0u8; 1];
            client.read_exact(&mut length).await?;
            let mut name = vec![0u8; usize::from(length[0])];
            client.read_exact(&mut name).await?;
            String::from_utf8(name).map_err(|_| Refusal(Reply::AddressTypeNotSupported))?
        }
        _ => return Err(Refusal(Reply::AddressTypeNotSupported)),
    };
    let mut port = [0u8; 2];
    client.read_exact(&mut port).await?;
    if command != CONNECT {
        return Err(Refusal(Reply::CommandNotSupported));
    }
    Ok(Request {
        host,
        port: u16::from_be_bytes(port),
    })
}

async fn answer(client: &mut TcpStream, reply: Reply) -> std::io::Result<()> {
    // The bound address is not meaningful to a browser; zeros are what most proxies send.
    client
        .write_all(&[VERSION, reply as u8, 0, ATYP_IPV4, 0, 0, 0, 0, 0, 0])
        .await
}

/// Where to connect when the policy did not need to resolve the name: as the browser would
/// have, with `localhost` names on loopback.
async fn resolve(host: &str, port: u16) -> Option<Vec<IpAddr>> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Some(vec![ip]);
    }
    if is_localhost_name(host) {
        return Some(vec![
            IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(Ipv6Addr::LOCALHOST),
        ]);
    }
    let found: Vec<IpAddr> = tokio::net::lookup_host((host, port))
        .await
        .ok()?
        .map(|a| a.ip())
        .collect();
    (!found.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A SOCKS5 client's `CONNECT` to `host:port` (a name), returning the reply code and the
    /// stream.
    async fn connect(fence: &Fence, host: &str, port: u16) -> (u8, TcpStream) {
        let mut stream = TcpStream::connect(fence.address).await.unwrap();
        stream.write_all(&[5, 1, 0]).await.unwrap();
        let mut method = [0u8; 2];
        stream.read_exact(&mut method).await.unwrap();
        assert_eq!(method, [5, 0]);
        let mut request = vec![5, 1, 0, ATYP_NAME, u8::try_from(host.len()).unwrap()];
        request.extend_from_slice(host.as_bytes());
        request.extend_from_slice(&port.to_be_bytes());
        stream.write_all(&request).await.unwrap();
        let mut reply = [0u8; 10];
        stream.read_exact(&mut reply).await.unwrap();
        (reply[1], stream)
    }

    async fn echo_server() -> u16 {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                tokio::spawn(async move {
                    let (mut read, mut write) = stream.split();
                    let _ = tokio::io::copy(&mut read, &mut write).await;
                });
            }
        });
        port
    }

    #[tokio::test]
    async fn private_addresses_and_localhost_names_are_refused_with_the_reason_kept() {
        let port = echo_server().await;
        let fence = Fence::start(OriginPolicy {
            block_private: true,
            ..OriginPolicy::default()
        })
        .await
        .unwrap();
        for host in ["127.0.0.1", "anything.localhost", "localhost", "::1"] {
            let (reply, _) = connect(&fence, host, port).await;
            assert_eq!(reply, Reply::NotAllowed as u8, "{host}");
        }
        let refused = fence.refused();
        assert_eq!(refused.len(), 4, "{refused:?}");
        assert!(refused[1].contains("anything.localhost"), "{refused:?}");
        assert!(refused[1].contains("private"), "{refused:?}");
        // A name that cannot be resolved is not let through either.
        let (reply, _) = connect(&fence, "no-such-name.invalid", port).await;
        assert_eq!(reply, Reply::NotAllowed as u8);
    }

    #[tokio::test]
    async fn admitted_connections_carry_bytes_both_ways() {
        let port = echo_server().await;
        let fence = Fence::start(OriginPolicy {
            block_hosts: vec!["blocked.test".into()],
            ..OriginPolicy::default()
        })
        .await
        .unwrap();
        let (reply, mut stream) = connect(&fence, "127.0.0.1", port).await;
        assert_eq!(reply, Reply::Succeeded as u8);
        stream.write_all(b"ping").await.unwrap();
        let mut back = [0u8; 4];
        stream.read_exact(&mut back).await.unwrap();
        assert_eq!(&back, b"ping");
        let (reply, _) = connect(&fence, "www.blocked.test", port).await;
        assert_eq!(reply, Reply::NotAllowed as u8);
        // `localhost` names reach loopback, as the browser itself would send them.
        let (reply, _) = connect(&fence, "app.localhost", port).await;
        assert_eq!(reply, Reply::Succeeded as u8);
    }

    #[tokio::test]
    async fn anything_but_an_unauthenticated_connect_is_refused() {
        let fence = Fence::start(OriginPolicy::default()).await.unwrap();
        // Only username/password offered.
        let mut stream = TcpStream::connect(fence.address).await.unwrap();
        stream.write_all(&[5, 1, 2]).await.unwrap();
        let mut method = [0u8; 2];
        stream.read_exact(&mut method).await.unwrap();
        assert_eq!(method, [5, NO_ACCEPTABLE_METHOD]);
        // BIND instead of CONNECT.
        let mut stream = TcpStream::connect(fence.address).await.unwrap();
        stream
            .write_all(&[5, 1, 0, 5, 2, 0, ATYP_IPV4, 127, 0, 0, 1, 0, 80])
            .await
            .unwrap();
        let mut reply = [0u8; 12];
        stream.read_exact(&mut reply).await.unwrap();
        assert_eq!(reply[3], Reply::CommandNotSupported as u8);
        // Not SOCKS5 at all: closed without a reply worth reading.
        let mut stream = TcpStream::connect(fence.address).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\n\r\n").await.unwrap();
        let mut rest = Vec::new();
        let _ = stream.read_to_end(&mut rest).await;
        assert!(rest.len() <= 10, "{rest:?}");
    }
}
