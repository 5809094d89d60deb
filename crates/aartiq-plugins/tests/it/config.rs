//! Plugin entries from TOML, their validation, and PLUGIN_COMMAND's value and parameters.

use std::time::Duration;

use aartiq_agents::{TrustLevel, Verb};
use aartiq_plugins::{
    HostConfig, PluginCommand, PluginConfig, PluginError, PluginSupervisor, parse_params, tool_verb,
};
use serde_json::{Value, json};

#[derive(Debug, serde::Deserialize)]
struct Settings {
    plugins: Vec<PluginConfig>,
}

fn from_toml(text: &str) -> Result<Vec<PluginConfig>, String> {
    toml::from_str::<Settings>(text)
        .map(|s| s.plugins)
        .map_err(|e| e.to_string())
}

#[test]
fn a_full_entry_reads_from_toml() {
    let plugins = from_toml(
        r#"
        [[plugins]]
        id = "notes"
        command = "/usr/bin/python3"
        args = ["/opt/notes/server.py", "--verbose"]
        env = { NOTES_DIR = "/home/me/notes" }
        cwd = "/opt/notes"
        trust = "privileged"
        enabled = false
        timeout_secs = 2.5
        "#,
    )
    .unwrap();
    let expected = PluginConfig::new("notes", "/usr/bin/python3")
        .with_args(["/opt/notes/server.py", "--verbose"])
        .with_env("NOTES_DIR", "/home/me/notes")
        .with_cwd("/opt/notes")
        .with_trust(TrustLevel::Privileged)
        .with_enabled(false)
        .with_timeout(Duration::from_millis(2500));
    assert_eq!(plugins, vec![expected]);
}

#[test]
fn a_minimal_entry_gets_the_defaults() {
    let plugins = from_toml("[[plugins]]\nid = \"a\"\ncommand = \"srv\"\n").unwrap();
    assert_eq!(plugins, vec![PluginConfig::new("a", "srv")]);
    assert_eq!(plugins[0].trust, TrustLevel::Limited);
    assert!(plugins[0].enabled);
    assert_eq!(plugins[0].timeout, Duration::from_secs(30));
}

#[test]
fn unknown_keys_and_bad_values_are_errors() {
    let err = from_toml("[[plugins]]\nid = \"a\"\ncommand = \"srv\"\ntrsut = \"standard\"\n")
        .unwrap_err();
    assert!(err.contains("trsut"), "{err}");
    let err =
        from_toml("[[plugins]]\nid = \"a\"\ncommand = \"srv\"\ntrust = \"root\"\n").unwrap_err();
    assert!(err.contains("root"), "{err}");
    let err =
        from_toml("[[plugins]]\nid = \"a\"\ncommand = \"srv\"\ntimeout_secs = -1\n").unwrap_err();
    assert!(err.contains("timeout_secs"), "{err}");
}

#[test]
fn validation_names_the_problem() {
    let check = |config: PluginConfig| config.validate().unwrap_err().to_string();
    assert_eq!(
        check(PluginConfig::new("Notes", "srv")),
        "plugin `Notes`: invalid configuration: the id must be 1 to 64 characters of a-z, 0-9 and -"
    );
    assert!(check(PluginConfig::new("", "srv")).contains("the id must be"));
    assert!(check(PluginConfig::new("a".repeat(65), "srv")).contains("the id must be"));
    assert!(check(PluginConfig::new("a.b", "srv")).contains("the id must be"));
    assert!(check(PluginConfig::new("a", " ")).contains("the command is empty"));
    assert!(check(PluginConfig::new("a", "srv").with_env("A=B", "x")).contains("\"A=B\""));
    assert!(
        check(PluginConfig::new("a", "srv").with_timeout(Duration::ZERO)).contains("timeout_secs")
    );
    assert!(
        check(PluginConfig::new("a", "srv").with_timeout(Duration::from_secs(7200)))
            .contains("timeout_secs")
    );
    assert_eq!(PluginConfig::new("a".repeat(64), "srv").validate(), Ok(()));
    assert_eq!(PluginConfig::new("my-plugin-2", "srv").validate(), Ok(()));
}

#[test]
fn the_host_refuses_invalid_and_duplicate_entries() {
    let err = PluginSupervisor::new(
        vec![
            PluginConfig::new("a", "srv"),
            PluginConfig::new("a", "other"),
        ],
        HostConfig::default(),
    )
    .unwrap_err();
    assert_eq!(err, PluginError::DuplicateId("a".into()));
    let err = PluginSupervisor::new(vec![PluginConfig::new("A", "srv")], HostConfig::default())
        .unwrap_err();
    assert!(matches!(err, PluginError::InvalidConfig { .. }), "{err}");
    let err = PluginSupervisor::new(
        vec![],
        HostConfig::default().with_guard(aartiq_guard::Config::default().with_block_at(2.0)),
    )
    .unwrap_err();
    assert!(matches!(err, PluginError::Guard(_)), "{err}");
}

#[test]
fn plugin_commands_split_at_the_first_dot() {
    assert_eq!(
        PluginCommand::parse(" my-plugin.my-command ").unwrap(),
        PluginCommand {
            plugin: "my-plugin",
            tool: "my-command"
        }
    );
    assert_eq!(
        PluginCommand::parse("fs.read.file").unwrap(),
        PluginCommand {
            plugin: "fs",
            tool: "read.file"
        }
    );
    for bad in ["nodot", ".tool", "plugin.", "Plugin.tool", "a b.tool", ""] {
        let err = PluginCommand::parse(bad).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("invalid plugin command `{bad}`: expected `pluginId.commandName`")
        );
    }
}

#[test]
fn parameters_are_an_object_or_a_string_holding_one() {
    let object = json!({"param": "value"});
    assert_eq!(
        parse_params("p.c", object.clone()).unwrap(),
        *object.as_object().unwrap()
    );
    // The bracket form carries them as text (spec a.8 row 46).
    assert_eq!(
        parse_params("p.c", Value::String(r#" {"param": "value"} "#.into())).unwrap(),
        *object.as_object().unwrap()
    );
    assert!(parse_params("p.c", Value::Null).unwrap().is_empty());
    assert!(
        parse_params("p.c", Value::String("  ".into()))
            .unwrap()
            .is_empty()
    );

    let err = parse_params("p.c", json!([1, 2])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid parameters for `p.c`: expected a JSON object, got an array"
    );
    let err = parse_params("p.c", Value::String("[1]".into())).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("expected a JSON object, got an array"),
        "{err}"
    );
    let err = parse_params("p.c", Value::String("{not json".into())).unwrap_err();
    assert!(matches!(err, PluginError::InvalidParams { .. }), "{err}");
    assert!(err.to_string().contains("not valid JSON"), "{err}");
    let err = parse_params("p.c", json!(42)).unwrap_err();
    assert!(err.to_string().ends_with("got a number"), "{err}");
}

#[test]
fn annotations_map_to_verbs_with_the_mcp_defaults() {
    assert_eq!(tool_verb(true, false), Verb::ReadOnly);
    assert_eq!(tool_verb(false, false), Verb::SideEffecting);
    assert_eq!(tool_verb(false, true), Verb::Destructive);
}

#[test]
fn the_host_and_its_futures_can_be_shared_across_tasks() {
    fn send_sync<T: Send + Sync>(_: &T) {}
    fn send<T: Send>(_: &T) {}
    let host = PluginSupervisor::new(vec![], HostConfig::default()).unwrap();
    send_sync(&host);
    send(&host.call("a.b", Value::Null));
    send(&host.list());
    send(&host.shutdown());
    let options = aartiq_plugins::CallOptions::new();
    send(&host.call_with("a.b", Value::Null, &options));
    send(&host.resolve("a.b", Value::Null));
}
