//! `PLAY_VIDEO` and `SEARCH_VIDEO` URLs.

use aartiq_host::{HostError, is_youtube_id, play_video_url, search_video_url};

#[test]
fn a_youtube_id_becomes_its_watch_page() {
    assert_eq!(
        play_video_url(" dQw4w9WgXcQ ").unwrap(),
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    );
    assert!(is_youtube_id("a-b_c123XYZ"));
    assert!(!is_youtube_id("dQw4w9WgXc"));
    assert!(!is_youtube_id("dQw4w9WgXcQQ"));
    assert!(!is_youtube_id("dQw4w9WgX?Q"));
}

#[test]
fn an_http_url_is_kept_and_anything_else_is_refused() {
    assert_eq!(
        play_video_url("https://vimeo.com/76979871").unwrap(),
        "https://vimeo.com/76979871"
    );
    assert_eq!(
        play_video_url("HTTP://Example.COM/v?id=1").unwrap(),
        "http://example.com/v?id=1"
    );
    for bad in [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "not a video",
        "",
        "dQw4w9WgX Q",
    ] {
        assert_eq!(
            play_video_url(bad).unwrap_err(),
            HostError::InvalidVideo(bad.trim().to_owned()),
            "{bad}"
        );
    }
}

#[test]
fn a_search_query_is_percent_encoded() {
    assert_eq!(
        search_video_url("lofi  music & rain/storms #1 ü").unwrap(),
        "https://www.youtube.com/results?search_query=lofi+music+%26+rain%2Fstorms+%231+%C3%BC"
    );
    assert_eq!(search_video_url(" \t ").unwrap_err(), HostError::EmptyQuery);
}
