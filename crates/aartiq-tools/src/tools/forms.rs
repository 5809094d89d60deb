//! Form tools: fill (never submits), submit (side-effecting, approved), autofill, vault.

use aartiq_agents::Verb;
use async_trait::async_trait;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{NoArgs, meta};
use crate::autofill::{FormField, match_form};
use crate::backend::{FieldFill, SecretField, SecretText, VaultTarget};
use crate::error::ToolError;
use crate::spec::{Category, ToolMeta};
use crate::tool::{Tool, ToolContext, ToolOutput};
use crate::types::TabId;

/// The original's refusal when `fill_form` is asked to submit (spec d.4 row 20).
pub(crate) const FILL_DOES_NOT_SUBMIT: &str =
    "fill_form does not submit. Call form_submit explicitly if the user asked for the submission.";

pub(crate) struct FillForm;

/// One field of `fill_form`: a ref and its value, or the vault secret that goes there.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FieldArg {
    /// The field's ref.
    #[serde(rename = "ref")]
    pub reference: String,
    /// The value to set (not with `secret`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A part of a stored login, written straight into the page and never shown (not with
    /// `value`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<SecretArg>,
}

/// A vault secret for one field: which stored login and which part of it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SecretArg {
    /// The login's id, from vault_list.
    pub credential: String,
    /// `username`, `password`, or `totp` (the current code of its stored seed).
    pub field: SecretField,
}

/// The arguments of `fill_form`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillFormArgs {
    /// The tab.
    pub tab_id: TabId,
    /// The fields to fill.
    pub fields: Vec<FieldArg>,
    /// Refused when truthy: submitting is form_submit's job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submit: Option<Value>,
}

fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

#[derive(Debug, Serialize)]
struct FilledField {
    #[serde(rename = "ref")]
    reference: String,
    ok: bool,
    reason: Option<String>,
    value: Option<String>,
}

#[async_trait]
impl Tool for FillForm {
    type Args = FillFormArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "fill_form",
            Category::Forms,
            Some(Verb::Input),
            false,
            true,
            "Fill several fields by ref. Never submits: call form_submit for that. A field may \
             name a vault secret instead of a value ({\"ref\", \"secret\": {\"credential\", \
             \"field\": \"username|password|totp\"}}): it is written straight into the page, \
             only on the login's own site and only while the vault is unlocked (vault_unlock), \
             and never appears in any result.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: FillFormArgs,
    ) -> Result<ToolOutput, ToolError> {
        if args.submit.as_ref().is_some_and(truthy) {
            return Err(ToolError::Refused(FILL_DOES_NOT_SUBMIT.to_owned()));
        }
        // Every ref is checked, and every secret released, before any field is written: a
        // stale ref or a refused secret fails the whole batch.
        let mut fills = Vec::with_capacity(args.fields.len());
        let mut secrets: Vec<SecretText> = Vec::new();
        for field in &args.fields {
            let record = ctx.live_ref(&args.tab_id, &field.reference).await?;
            let fill = match (&field.value, &field.secret) {
                (Some(value), None) => FieldFill {
                    handle: record.handle,
                    value: value.clone(),
                    vault: None,
                },
                (None, Some(secret)) => {
                    let host = ctx
                        .browser()
                        .field_host(&args.tab_id, &record.handle)
                        .await?;
                    let text = ctx
                        .vault()?
                        .release(&secret.credential, secret.field, &host)
                        .await?;
                    let fill = FieldFill {
                        handle: record.handle,
                        value: text.expose().to_owned(),
                        vault: Some(VaultTarget {
                            host,
                            field: secret.field,
                        }),
                    };
                    secrets.push(text);
                    fill
                }
                _ => {
                    return Err(ToolError::Refused(format!(
                        "Field {} needs exactly one of value and secret.",
                        field.reference
                    )));
                }
            };
            fills.push(fill);
        }
        let filled = ctx.browser().fill_form(&args.tab_id, &fills).await;
        // The browser's copies of the secrets go with the batch.
        for fill in &mut fills {
            if fill.vault.is_some() {
                zeroize::Zeroize::zeroize(&mut fill.value);
            }
        }
        let outcome = filled.map_err(|e| redact_error(e, &secrets))?;
        let fields: Vec<FilledField> = args
            .fields
            .iter()
            .zip(outcome.fields)
            .map(|(arg, out)| {
                // What the page made of each field is its words: opened by the scan.
                let out = out.screened(ctx.guard());
                let secret = arg.secret.as_ref().map(|s| s.field);
                FilledField {
                    reference: arg.reference.clone(),
                    ok: out.ok,
                    reason: out.reason.map(|r| redact(&r, &secrets)),
                    // A secret's field never reads back: the page could echo it anywhere.
                    value: match secret {
                        Some(field) => out
                            .ok
                            .then(|| format!("<{} from the vault>", field.as_str())),
                        None => out.value.map(|v| redact(&v, &secrets)),
                    },
                }
            })
            .collect();
        let failed = fields.iter().filter(|f| !f.ok).count();
        ToolOutput::json(&serde_json::json!({
            "ok": failed == 0 && fields.len() == args.fields.len(),
            "fields": fields,
            "failed": failed,
            "requested": args.fields.len(),
            "submitted": false,
        }))
    }
}

/// `text` with every released secret in it replaced.
fn redact(text: &str, secrets: &[SecretText]) -> String {
    secrets
        .iter()
        .filter(|s| !s.expose().is_empty())
        .fold(text.to_owned(), |t, s| t.replace(s.expose(), "<secret>"))
}

fn redact_error(error: crate::BackendError, secrets: &[SecretText]) -> ToolError {
    let message = error.to_string();
    if secrets
        .iter()
        .any(|s| !s.expose().is_empty() && message.contains(s.expose()))
    {
        ToolError::Backend(crate::BackendError::Other(redact(&message, secrets)))
    } else {
        ToolError::Backend(error)
    }
}

pub(crate) struct FormSubmit;

/// The arguments of `form_submit`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormSubmitArgs {
    /// The tab.
    pub tab_id: TabId,
    /// A ref inside the form (a field or its submit button).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The form's label as the user saw it; a mismatch refuses the submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm_text: Option<String>,
}

#[async_trait]
impl Tool for FormSubmit {
    type Args = FormSubmitArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "form_submit",
            Category::Forms,
            Some(Verb::SideEffecting),
            false,
            true,
            "Submit the form owning this ref. Needs a person's approval.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: FormSubmitArgs,
    ) -> Result<ToolOutput, ToolError> {
        let record = ctx.live_ref(&args.tab_id, &args.reference).await?;
        let outcome = ctx
            .browser()
            .submit_form(&args.tab_id, &record.handle, args.confirm_text.as_deref())
            .await?
            // The reason quotes the page's label and field names: opened by the scan.
            .screened(ctx.guard());
        if !outcome.ok {
            return Err(ToolError::Refused(
                outcome
                    .reason
                    .unwrap_or_else(|| "the form was not submitted".to_owned()),
            ));
        }
        ToolOutput::json(&outcome)
    }
}

pub(crate) struct AutofillMatchTool;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AutofillArgs {
    /// The site's domain.
    domain: String,
    /// The form's fields as the page describes them.
    fields: Vec<FormField>,
}

#[async_trait]
impl Tool for AutofillMatchTool {
    type Args = AutofillArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "autofill_match",
            Category::Forms,
            None,
            false,
            false,
            "Match a form's fields to the vault's profile for a domain. Passwords are never returned.",
        )
    }

    async fn run(
        &self,
        ctx: &ToolContext<'_>,
        args: AutofillArgs,
    ) -> Result<ToolOutput, ToolError> {
        let profile = ctx.vault()?.profile_for_domain(&args.domain).await?;
        let matches = match_form(&args.fields, &profile);
        ToolOutput::json(&matches)
    }
}

pub(crate) struct VaultList;

#[async_trait]
impl Tool for VaultList {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "vault_list",
            Category::Forms,
            None,
            false,
            false,
            "The vault's credentials (without passwords) and profiles.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        let listing = ctx.vault()?.list().await?;
        ToolOutput::json(&listing)
    }
}

pub(crate) struct VaultUnlock;

#[async_trait]
impl Tool for VaultUnlock {
    type Args = NoArgs;

    fn meta(&self) -> ToolMeta {
        meta(
            "vault_unlock",
            Category::Forms,
            Some(Verb::SideEffecting),
            false,
            false,
            "Unlock the vault. Needs a person's approval.",
        )
    }

    async fn run(&self, ctx: &ToolContext<'_>, _: NoArgs) -> Result<ToolOutput, ToolError> {
        ctx.unlock_vault().await?;
        ToolOutput::json(&serde_json::json!({"unlocked": true}))
    }
}
