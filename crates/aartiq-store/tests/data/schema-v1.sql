-- The store as version 1 of the schema left it (before automations and workflows), with data.
CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO schema_version (version) VALUES (1);
CREATE TABLE bookmarks (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    visited_at INTEGER NOT NULL
);
CREATE INDEX history_visited_at ON history (visited_at);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE TABLE shell_grants (
    key TEXT PRIMARY KEY,
    level TEXT NOT NULL,
    description TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    expires_at INTEGER
);
CREATE TABLE always_commands (
    position INTEGER PRIMARY KEY,
    key TEXT NOT NULL
);
CREATE TABLE always_records (
    key TEXT PRIMARY KEY,
    granted_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
INSERT INTO bookmarks (url, title, created_at) VALUES ('https://old.example/', 'Old', 5);
INSERT INTO history (url, title, visited_at) VALUES ('https://old.example/page', 'Page', 6);
INSERT INTO settings (key, value, updated_at) VALUES ('ui.theme', '"dark"', 7);
