-- certify.lua: the `certify lsp` language server in Neovim 0.7 to 0.11.
--
-- Copy this file to ~/.config/nvim/lua/certify.lua and put in init.lua
--
--     require('certify').setup()
--
-- (in init.vim: `lua require('certify').setup()`), or load it where it is:
--
--     dofile('/path/to/certify/editors/nvim/certify.lua').setup()
--
-- Options (all optional):
--
--     require('certify').setup({
--       cmd = { '/path/to/certify', 'lsp' },   -- default { 'certify', 'lsp' }
--       root_markers = { 'rules', '.git' },    -- the workspace's root
--       keymaps = true,                        -- K hovers, gd goes to a definition
--     })
--
-- The server starts for every YAML buffer (it leaves YAML that is not a
-- spec, game or fixture file alone). Diagnostics show as Neovim shows any
-- language server's; completion is the buffer's 'omnifunc' (<C-x><C-o>).
-- Each pay table's house edge is an inlay hint: Neovim 0.10 and later show
-- them itself (enabled here); on 0.7 to 0.9, which have no inlay hints,
-- this file asks for them and shows them as virtual text at the end of
-- the line, again when you leave insert mode, change the text in normal
-- mode or save, and on `:CertifyHints`.

local M = {}

M.config = {
  cmd = { 'certify', 'lsp' },
  root_markers = { 'rules', '.git' },
  keymaps = true,
}

--- The client started or reused for each buffer, by buffer number.
M.started = {}

local uv = vim.uv or vim.loop
local ns = vim.api.nvim_create_namespace('certify_house_edge')
M.namespace = ns

--- Neovim 0.10 or later shows inlay hints itself.
M.native_hints = vim.lsp.inlay_hint ~= nil and vim.lsp.inlay_hint.enable ~= nil

--- The workspace root of a buffer: the nearest folder, from the file's
--- up, that holds one of the root markers (else the file's folder).
function M.root_of(bufnr)
  local file = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p')
  local dir = vim.fn.fnamemodify(file, ':h')
  local start = dir
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

--- The certify client attached to a buffer, or nil.
function M.client(bufnr)
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, c in ipairs(all) do
    if c.name == 'certify' and vim.lsp.buf_is_attached(bufnr, c.id) then
      return c
    end
  end
  return nil
end

local function label_text(label)
  if type(label) == 'string' then
    return label
  end
  local parts = {}
  for _, p in ipairs(label or {}) do
    parts[#parts + 1] = p.value
  end
  return table.concat(parts)
end

--- Shows inlay hints (the server's reply) as virtual text at the end of
--- their lines, replacing those shown before.
function M.show_hints(bufnr, hints)
  vim.api.nvim_buf_clear_namespace(bufnr, ns, 0, -1)
  local lines = vim.api.nvim_buf_line_count(bufnr)
  for _, h in ipairs(hints or {}) do
    local line = h.position.line
    if line < lines then
      vim.api.nvim_buf_set_extmark(bufnr, ns, line, 0, {
        virt_text = { { label_text(h.label), 'Comment' } },
        virt_text_pos = 'eol',
      })
    end
  end
end

--- The house edges shown as virtual text (Neovim 0.7 to 0.9): the text
--- of each, by 0-based line.
function M.shown_hints(bufnr)
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, ns, 0, -1, { details = true })) do
    local chunks = m[4].virt_text or {}
    out[#out + 1] = { line = m[2], text = chunks[1] and chunks[1][1] or '' }
  end
  return out
end

--- Asks for the buffer's inlay hints and shows them as virtual text (the
--- server answers once the text is priced; a reply for text changed
--- since is dropped, the request made after the change shows).
function M.refresh_hints(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if not client then
    return
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = 0, character = 0 },
      ['end'] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 },
    },
  }
  client.request('textDocument/inlayHint', params, function(err, result)
    if err or not vim.api.nvim_buf_is_valid(bufnr) then
      return
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) ~= tick then
      return
    end
    M.show_hints(bufnr, result)
  end, bufnr)
end

local function on_attach(client, bufnr)
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  if M.config.keymaps then
    vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr })
    vim.keymap.set('n', 'gd', vim.lsp.buf.definition, { buffer = bufnr })
  end
  if M.native_hints then
    vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
    return
  end
  local group = vim.api.nvim_create_augroup('certify_hints_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ 'InsertLeave', 'TextChanged', 'BufWritePost' }, {
    group = group,
    buffer = bufnr,
    callback = function()
      M.refresh_hints(bufnr)
    end,
  })
  M.refresh_hints(bufnr)
end

--- Starts (or reuses) the server for a buffer and attaches it: the
--- client's id, or nil.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local config = {
    name = 'certify',
    cmd = M.config.cmd,
    root_dir = M.root_of(bufnr),
    capabilities = vim.lsp.protocol.make_client_capabilities(),
    on_attach = on_attach,
  }
  local id
  if vim.lsp.start then
    -- 0.8 and later: reuses the client of the same name and root.
    id = vim.lsp.start(config, { bufnr = bufnr })
  else
    -- 0.7
    for _, c in ipairs(vim.lsp.get_active_clients()) do
      if c.name == 'certify' and c.config.root_dir == config.root_dir then
        id = c.id
      end
    end
    id = id or vim.lsp.start_client(config)
    if id then
      vim.lsp.buf_attach_client(bufnr, id)
    end
  end
  M.started[bufnr] = id
  return id
end

function M.setup(opts)
  M.config = vim.tbl_extend('force', M.config, opts or {})
  local group = vim.api.nvim_create_augroup('certify', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'yaml',
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  vim.api.nvim_create_user_command('CertifyHints', function()
    if M.native_hints then
      vim.lsp.inlay_hint.enable(true, { bufnr = 0 })
    else
      M.refresh_hints(0)
    end
  end, { desc = "certify: show each pay table's house edge" })
  return M
end

return M
