//! The OpenAPI 3.1 document of the HTTP API, generated from the registry's own input schemas
//! (the ones MCP publishes), so the two can never drift.

use serde_json::{Map, Value, json};

use crate::service::AgentApi;

fn error_body(code: &str) -> Value {
    json!({"$ref": format!("#/components/responses/{code}")})
}

/// The OpenAPI 3.1 document for `api`.
pub fn openapi(api: &AgentApi) -> Value {
    let mut paths = Map::new();
    for spec in api.specs() {
        let mut schema = spec.input_schema.clone();
        if let Value::Object(map) = &mut schema {
            map.entry("type").or_insert_with(|| json!("object"));
        }
        paths.insert(
            format!("/api/{}", spec.name),
            json!({
                "post": {
                    "operationId": spec.name,
                    "summary": spec.description,
                    "tags": [spec.category],
                    "parameters": [
                        {"$ref": "#/components/parameters/AgentId"},
                        {"$ref": "#/components/parameters/ApprovalId"}
                    ],
                    "requestBody": {
                        "required": false,
                        "content": {"application/json": {"schema": schema}}
                    },
                    "responses": {
                        "200": {
                            "description": "The tool ran.",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ToolResult"}}}
                        },
                        "400": {
                            "description": "The call was refused (validation, gate, approval, tab lock, scan) or the tool failed.",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ToolResult"}}}
                        },
                        "401": error_body("Unauthorized"),
                        "403": error_body("Forbidden"),
                        "413": {"description": "The body is larger than the limit."},
                        "429": error_body("Locked")
                    },
                    "x-aartiq-verb": spec.verb,
                    "x-aartiq-untrusted-output": spec.untrusted_output,
                    "x-aartiq-annotations": spec.annotations,
                }
            }),
        );
    }
    paths.insert(
        "/health".to_owned(),
        json!({"get": {
            "operationId": "health",
            "summary": "Liveness, tool count and whether the listener is remote.",
            "responses": {
                "200": {"description": "Up.", "content": {"application/json": {"schema": {
                    "type": "object",
                    "required": ["ok", "tools", "remote"],
                    "properties": {"ok": {"type": "boolean"}, "tools": {"type": "integer"}, "remote": {"type": "boolean"}}
                }}}},
                "401": error_body("Unauthorized"), "403": error_body("Forbidden"), "429": error_body("Locked")
            }
        }}),
    );
    paths.insert(
        "/clients".to_owned(),
        json!({
            "get": {
                "operationId": "listClients",
                "summary": "The per-client credentials (primary token only; tokens are never listed).",
                "responses": {
                    "200": {"description": "The clients.", "content": {"application/json": {"schema": {
                        "type": "object", "required": ["clients"],
                        "properties": {"clients": {"type": "array", "items": {"$ref": "#/components/schemas/Client"}}}
                    }}}},
                    "401": error_body("Unauthorized"), "403": error_body("Forbidden"), "429": error_body("Locked")
                }
            },
            "post": {
                "operationId": "createClient",
                "summary": "Creates a client credential; the token is shown once.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["id"],
                    "properties": {"id": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"}, "name": {"type": "string"}}
                }}}},
                "responses": {
                    "201": {"description": "Created.", "content": {"application/json": {"schema": {
                        "type": "object", "required": ["id", "token"],
                        "properties": {"id": {"type": "string"}, "token": {"type": "string"}}
                    }}}},
                    "400": error_body("BadRequest"),
                    "401": error_body("Unauthorized"), "403": error_body("Forbidden"), "429": error_body("Locked")
                }
            }
        }),
    );
    paths.insert(
        "/clients/revoke".to_owned(),
        json!({"post": {
            "operationId": "revokeClient",
            "summary": "Revokes a client credential.",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}
            }}}},
            "responses": {
                "200": {"description": "Revoked.", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"ok": {"type": "boolean"}}
                }}}},
                "400": error_body("BadRequest"),
                "401": error_body("Unauthorized"), "403": error_body("Forbidden"),
                "404": error_body("NotFound"), "429": error_body("Locked")
            }
        }}),
    );
    paths.insert(
        "/approvals".to_owned(),
        json!({"get": {
            "operationId": "listApprovals",
            "summary": "Calls waiting for a person's approval (primary token only).",
            "responses": {
                "200": {"description": "The approvals.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["approvals"],
                    "properties": {"approvals": {"type": "array", "items": {"$ref": "#/components/schemas/Approval"}}}
                }}}},
                "401": error_body("Unauthorized"), "403": error_body("Forbidden"), "429": error_body("Locked")
            }
        }}),
    );
    for (verb, summary) in [
        ("approve", "A person approves this exact call, once."),
        ("deny", "A person denies the call."),
    ] {
        paths.insert(
            format!("/approvals/{{id}}/{verb}"),
            json!({"post": {
                "operationId": format!("{verb}Approval"),
                "summary": summary,
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "Decided.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Approval"}}}},
                    "401": error_body("Unauthorized"), "403": error_body("Forbidden"),
                    "404": error_body("NotFound"), "409": error_body("Conflict"), "429": error_body("Locked")
                }
            }}),
        );
    }
    let error_schema = json!({"$ref": "#/components/schemas/Error"});
    let response = |description: &str| json!({"description": description, "content": {"application/json": {"schema": error_schema}}});
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Aartiq Browser Agent API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The 36 agent tools over HTTP. Every request needs the token (Authorization: Bearer, X-Aartiq-Token, X-Aartiq-Native-Token or ?token=) and passes the Host and Origin checks."
        },
        "servers": [{"url": "/"}],
        "security": [{"bearer": []}, {"token": []}, {"nativeToken": []}, {"query": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "token": {"type": "apiKey", "in": "header", "name": "X-Aartiq-Token"},
                "nativeToken": {"type": "apiKey", "in": "header", "name": "X-Aartiq-Native-Token"},
                "query": {"type": "apiKey", "in": "query", "name": "token"}
            },
            "parameters": {
                "AgentId": {"name": "x-agent-id", "in": "header", "required": false,
                    "description": "The calling agent's id; unknown ids are registered at the default trust level.",
                    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"}},
                "ApprovalId": {"name": "x-approval-id", "in": "header", "required": false,
                    "description": "The id of an approval a person gave for exactly this call.",
                    "schema": {"type": "string", "minLength": 1}}
            },
            "schemas": {
                "ToolResult": {
                    "type": "object",
                    "required": ["isError", "content"],
                    "properties": {
                        "isError": {"type": "boolean"},
                        "content": {"type": "array", "items": {
                            "type": "object", "required": ["type", "text"],
                            "properties": {"type": {"const": "text"}, "text": {"type": "string"}}
                        }},
                        "code": {"type": "string"},
                        "approvalId": {"type": "string"}
                    }
                },
                "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
                "Client": {"type": "object", "required": ["id", "name", "createdAt", "revoked"], "properties": {
                    "id": {"type": "string"}, "name": {"type": "string"},
                    "createdAt": {"type": "integer"}, "revoked": {"type": "boolean"}
                }},
                "Approval": {"type": "object", "required": ["id", "agent", "tool", "input", "reason", "createdAt", "state"], "properties": {
                    "id": {"type": "string"}, "agent": {"type": "string"}, "tool": {"type": "string"},
                    "input": {}, "reason": {"type": "string"}, "createdAt": {"type": "integer"},
                    "state": {"enum": ["pending", "approved", "denied"]}
                }}
            },
            "responses": {
                "Unauthorized": response("no_token, bad_token or token_revoked."),
                "Forbidden": response("bad_host, bad_origin, or an admin route without the primary token."),
                "Locked": response("auth_locked: too many failures from this address."),
                "BadRequest": response("The request is malformed."),
                "NotFound": response("No such client or approval."),
                "Conflict": response("The approval was already decided.")
            }
        }
    })
}
