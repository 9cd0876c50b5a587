-- A headless check of the Neovim set-up (editors/nvim/certify.lua), as a
-- user would see it: from the repository's root,
--
--     CERTIFY=target/release/certify nvim --headless -u NONE -i NONE -n \
--       -c 'luafile editors/nvim/check.lua'
--
-- It copies rules/lucky_8.yaml (with its game file, its document and its
-- fixtures) into a temporary folder, opens it as a YAML buffer, lets
-- certify.lua start `$CERTIFY lsp` (default target/release/certify), and
-- checks that: the clean file has no diagnostic; each pay table's house
-- edge comes as an inlay hint (and, on Neovim 0.7 to 0.9, shows as virtual
-- text); completion after `banker.` in a condition offers the hand's
-- attributes; an unknown name typed into a condition is reported where it
-- is, and cleared when undone; and (0.7 to 0.9) a pay changed with keys
-- typed in normal mode is priced again in the virtual text. It exits 0, or
-- 1 with what went wrong (tests/editor_nvim.rs runs it).

local PATIENCE = 20000 -- ms, for each step
local ws -- the temporary workspace

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. '\n')
  io.stdout:flush()
end

local function finish(code)
  if ws then
    vim.fn.delete(ws, 'rf')
  end
  for _, c in ipairs(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) do
    vim.lsp.stop_client(c.id)
  end
  vim.wait(2000, function()
    return #(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) == 0
  end, 20)
  if code == 0 then
    vim.cmd('qall!')
  else
    vim.cmd('cquit ' .. code)
  end
end

local script = debug.getinfo(1, 'S').source:gsub('^@', '')
local root = vim.fn.fnamemodify(script, ':p:h:h:h')
local certify = os.getenv('CERTIFY')
if certify == nil or certify == '' then
  certify = root .. '/target/release/certify'
end
certify = vim.fn.fnamemodify(certify, ':p')
local started = (vim.uv or vim.loop).hrtime()

local function elapsed()
  return ((vim.uv or vim.loop).hrtime() - started) / 1e6
end

local function fail(fmt, ...)
  io.stderr:write(string.format('FAIL (%.0f ms): ' .. fmt, elapsed(), ...) .. '\n')
  io.stderr:flush()
  finish(1)
  error('unreachable')
end

--- f, with a Lua error in it made a failure (not a Neovim left running).
local function guarded(f)
  return function()
    local ok, err = pcall(f)
    if not ok then
      io.stderr:write('FAIL: ' .. tostring(err) .. '\n')
      finish(1)
    end
  end
end

local function check()
  local v = vim.version()
  say('Neovim %d.%d.%d, server %s lsp', v.major, v.minor, v.patch, certify)
  if vim.fn.executable(certify) ~= 1 then
    fail('%s is not an executable file (set CERTIFY to the certify binary)', certify)
  end

  -- The workspace: a copy, so the edits never reach the repository.
  ws = vim.fn.tempname()
  for _, f in ipairs({
    'rules/lucky_8.yaml',
    'rules/games/punto_banco.yaml',
    'rules/documents/lucky_8_bonus_bet.txt',
    'fixtures/lucky_8.yaml',
  }) do
    vim.fn.mkdir(vim.fn.fnamemodify(ws .. '/' .. f, ':h'), 'p')
    if vim.fn.writefile(vim.fn.readfile(root .. '/' .. f, 'b'), ws .. '/' .. f, 'b') ~= 0 then
      fail('cannot copy %s', f)
    end
  end

  -- Every diagnostics notification, as it arrives.
  local published = {}
  local default = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    published[#published + 1] = result
    return default(err, result, ctx, config)
  end

  -- The set-up a user copies.
  local setup = dofile(root .. '/editors/nvim/certify.lua')
  setup.setup({ cmd = { certify, 'lsp' } })

  vim.cmd('filetype on')
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/rules/lucky_8.yaml'))
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= 'yaml' then
    fail('filetype is %q, not yaml', vim.bo[buf].filetype)
  end
  local uri = vim.uri_from_bufnr(buf)

  local client, gone
  if not vim.wait(PATIENCE, function()
    client = setup.client(buf)
    local id = setup.started[buf]
    gone = id ~= nil and vim.lsp.get_client_by_id(id) == nil
    return gone or (client ~= nil and client.initialized)
  end, 10) then
    fail('no language server attached to the buffer in %d ms (is %s a language server?)', PATIENCE, certify)
  end
  if gone then
    fail('the language server exited before it attached (is `%s lsp` a language server?)', certify)
  end
  say('attached: client %d (%s), root %s (%.0f ms)', client.id, client.name, client.config.root_dir, elapsed())

  -- 1. The clean file: no diagnostic.
  local function next_published(from)
    local got
    if not vim.wait(PATIENCE, function()
      for i = from, #published do
        if published[i].uri == uri then
          got = i
          return true
        end
      end
      return false
    end, 10) then
      fail('no diagnostics published for %s in %d ms', uri, PATIENCE)
    end
    return got
  end
  local first = next_published(1)
  if #published[first].diagnostics ~= 0 then
    fail('the clean file has diagnostics: %s', vim.inspect(published[first].diagnostics))
  end
  say('clean file: no diagnostic (%.0f ms)', elapsed())

  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local function find(needle)
    for i, l in ipairs(lines) do
      local col = l:find(needle, 1, true)
      if col then
        return i - 1, col - 1
      end
    end
    fail('%q is not in the file', needle)
  end

  -- 2. The house edges, as inlay hints.
  local replies = vim.lsp.buf_request_sync(buf, 'textDocument/inlayHint', {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = #lines, character = 0 } },
  }, PATIENCE)
  local reply = replies and replies[client.id]
  if not reply or reply.err or type(reply.result) ~= 'table' then
    fail('no inlay hints: %s', vim.inspect(replies))
  end
  local l8_1 = find('- id: l8_1')
  local edge
  for _, h in ipairs(reply.result) do
    local label = type(h.label) == 'string' and h.label or ''
    say('  hint line %d: %s', h.position.line + 1, label)
    if h.position.line == l8_1 and label:match('edge %-?%d+%.%d+%%') then
      edge = label
    end
  end
  if not edge then
    fail('no house edge among the hints on line %d (- id: l8_1)', l8_1 + 1)
  end
  say('house edge of l8_1 (line %d): %s (%.0f ms)', l8_1 + 1, edge, elapsed())

  if setup.native_hints then
    if not vim.lsp.inlay_hint.is_enabled({ bufnr = buf }) then
      fail('inlay hints are not enabled in the buffer')
    end
    say('inlay hints enabled (Neovim shows them)')
  else
    -- Shown when the client attaches, with no command typed.
    local shown
    if not vim.wait(PATIENCE, function()
      for _, s in ipairs(setup.shown_hints(buf)) do
        if s.line == l8_1 and s.text == edge then
          shown = s
          return true
        end
      end
      return false
    end, 10) then
      fail('the house edge is not shown as virtual text: %s', vim.inspect(setup.shown_hints(buf)))
    end
    say('virtual text on line %d: %s: %s', l8_1 + 1, lines[l8_1 + 1], shown.text)
  end

  -- 3. Completion after `banker.` in a condition.
  local line, col = find('banker.total == 9')
  local want = { 'total', 'two_card_total', 'third', 'wins', 'count' }
  replies = vim.lsp.buf_request_sync(buf, 'textDocument/completion', {
    textDocument = { uri = uri },
    position = { line = line, character = col + #'banker.' },
  }, PATIENCE)
  reply = replies and replies[client.id]
  if not reply or reply.err or type(reply.result) ~= 'table' then
    fail('no completion: %s', vim.inspect(replies))
  end
  local items = reply.result.items or reply.result
  local labels = {}
  for _, item in ipairs(items) do
    labels[item.label] = true
  end
  for _, w in ipairs(want) do
    if not labels[w] then
      fail('completion after `banker.` on line %d lacks %s: %s', line + 1, w, vim.inspect(vim.tbl_keys(labels)))
    end
  end
  say('completion after `banker.` on line %d: %d items, among them %s (%.0f ms)', line + 1, #items, table.concat(want, ', '), elapsed())

  -- 4. An unknown name typed into a condition.
  vim.api.nvim_buf_set_text(buf, line, col, line, col + #'banker', { 'bankr' })
  say('edited line %d: %s', line + 1, vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1])
  local d
  if not vim.wait(PATIENCE, function()
    d = vim.diagnostic.get(buf)[1]
    return d ~= nil
  end, 10) then
    fail('no diagnostic for `bankr` in %d ms', PATIENCE)
  end
  if d.lnum ~= line or d.col ~= col or not d.message:find('unknown name `bankr`', 1, true) then
    fail('unexpected diagnostic: %s', vim.inspect(d))
  end
  say('diagnostic at %d:%d: %s (%.0f ms)', d.lnum + 1, d.col + 1, d.message:match('[^\n]*'), elapsed())

  -- Undone: cleared, and the house edges come back.
  local from = #published + 1
  vim.api.nvim_buf_set_text(buf, line, col, line, col + #'bankr', { 'banker' })
  if not vim.wait(PATIENCE, function()
    return #published >= from and #vim.diagnostic.get(buf) == 0
  end, 10) then
    fail('the diagnostic is not cleared: %s', vim.inspect(vim.diagnostic.get(buf)))
  end
  say('fixed: diagnostic cleared (%.0f ms)', elapsed())
  if not setup.native_hints then
    vim.api.nvim_buf_clear_namespace(buf, setup.namespace, 0, -1)
    vim.cmd('CertifyHints')
    if not vim.wait(PATIENCE, function()
      for _, s in ipairs(setup.shown_hints(buf)) do
        if s.line == l8_1 and s.text == edge then
          return true
        end
      end
      return false
    end, 10) then
      fail('the house edge is not shown again: %s', vim.inspect(setup.shown_hints(buf)))
    end
    say('virtual text shown again on line %d after :CertifyHints (%.0f ms)', l8_1 + 1, elapsed())
  end
  if setup.native_hints then
    say('OK (%.0f ms)', elapsed())
    finish(0)
    return
  end

  -- 5. A pay changed with keys typed in normal mode (on l8_1's line,
  -- `lucky_8: 3` made 4): the virtual text follows (TextChanged), with no
  -- command. Typed keys are read by the main loop, so the check goes on
  -- there.
  local pays_line = l8_1 + 2
  local pays = lines[pays_line + 1]
  if not pays:find('lucky_8: 3 }', 1, true) then
    fail('line %d is not l8_1\'s pays: %s', pays_line + 1, pays)
  end
  local typed = string.format('%dG$F3r4', pays_line + 1)
  vim.api.nvim_input(typed)
  local since = elapsed()
  local function poll()
    local now = vim.api.nvim_buf_get_lines(buf, pays_line, pays_line + 1, false)[1]
    for _, s in ipairs(setup.shown_hints(buf)) do
      if s.line == l8_1 and s.text ~= edge and s.text:match('^edge %-?%d+%.%d+%%') then
        say('typed %s: %s', typed, now)
        say('virtual text on line %d follows: %s (%.0f ms)', l8_1 + 1, s.text, elapsed())
        say('OK (%.0f ms)', elapsed())
        finish(0)
        return
      end
    end
    if elapsed() - since > PATIENCE then
      fail('after typing %s (line %d: %s) the house edge shown is not priced again: %s', typed, pays_line + 1, now, vim.inspect(setup.shown_hints(buf)))
    end
    vim.defer_fn(guarded(poll), 10)
  end
  vim.defer_fn(guarded(poll), 10)
end

guarded(check)()
