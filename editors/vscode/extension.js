// The certify language server for VS Code: starts `certify lsp` for the
// YAML files of a workspace. Everything else (diagnostics, completion,
// hover, definition, house-edge inlay hints, the certification code
// action) is the server's; see docs/editors.md.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('certify').get('path') || 'certify';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient(
    'certify',
    'certify',
    { run: server, debug: server },
    { documentSelector: [{ scheme: 'file', language: 'yaml' }] },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
