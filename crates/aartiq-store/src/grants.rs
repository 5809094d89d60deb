//! Shell grants: the [`Grants`] value of `aartiq-shell-policy` (spec b.6-b.8), stored as rows
//! and read back exactly. The policy crate keeps the rules; this only persists.

use aartiq_shell_policy::{AlwaysRecord, Grant, Grants, Level};
use rusqlite::params;

use crate::error::{Op, StoreError};
use crate::store::{Store, ms_from_sql, ms_to_sql};

impl Store {
    /// The stored grants (empty in a new store: no grants are created at start-up, spec b.7).
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a level that is not one of the five; [`StoreError::Database`].
    pub fn load_shell_grants(&self) -> Result<Grants, StoreError> {
        type Rows = (
            Vec<(String, String, String, i64, Option<i64>)>,
            Vec<String>,
            Vec<(String, i64, i64)>,
        );
        let (grants, commands, records): Rows = self.read("load shell grants", |conn| {
            let grants = conn
                .prepare(
                    "SELECT key, level, description, granted_at, expires_at FROM shell_grants",
                )?
                .query_map([], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let commands = conn
                .prepare("SELECT key FROM always_commands ORDER BY position")?
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let records = conn
                .prepare("SELECT key, granted_at, expires_at FROM always_records")?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok((grants, commands, records))
        })?;
        let mut out = Grants {
            auto_approved_commands: commands,
            ..Grants::default()
        };
        for (key, level, description, granted_at, expires_at) in grants {
            let level = Level::parse(&level)
                .map_err(|e| StoreError::corrupt("shell grant", format!("{key}: {e}")))?;
            out.grants.insert(
                key,
                Grant {
                    level,
                    description,
                    granted_at: ms_from_sql(granted_at),
                    expires_at: expires_at.map(ms_from_sql),
                },
            );
        }
        for (key, granted_at, expires_at) in records {
            out.auto_approved_command_grants.insert(
                key,
                AlwaysRecord {
                    granted_at: ms_from_sql(granted_at),
                    expires_at: ms_from_sql(expires_at),
                },
            );
        }
        Ok(out)
    }

    /// Replaces the stored grants with `grants`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub fn save_shell_grants(&self, grants: &Grants) -> Result<(), StoreError> {
        self.write("save shell grants", |tx| {
            let op = "save shell grants";
            tx.execute_batch(
                "DELETE FROM shell_grants; DELETE FROM always_commands; DELETE FROM always_records;",
            )
            .op(op)?;
            for (key, grant) in &grants.grants {
                tx.execute(
                    "INSERT INTO shell_grants (key, level, description, granted_at, expires_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        key,
                        grant.level.to_string(),
                        grant.description,
                        ms_to_sql(grant.granted_at),
                        grant.expires_at.map(ms_to_sql)
                    ],
                )
                .op(op)?;
            }
            for (position, key) in grants.auto_approved_commands.iter().enumerate() {
                tx.execute(
                    "INSERT INTO always_commands (position, key) VALUES (?1, ?2)",
                    params![i64::try_from(position).unwrap_or(i64::MAX), key],
                )
                .op(op)?;
            }
            for (key, record) in &grants.auto_approved_command_grants {
                tx.execute(
                    "INSERT INTO always_records (key, granted_at, expires_at) VALUES (?1, ?2, ?3)",
                    params![
                        key,
                        ms_to_sql(record.granted_at),
                        ms_to_sql(record.expires_at)
                    ],
                )
                .op(op)?;
            }
            Ok(())
        })
    }
}
