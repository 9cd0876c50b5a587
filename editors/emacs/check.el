;;; check.el --- the Emacs set-up, checked in a batch Emacs  -*- lexical-binding: t -*-

;; From a clone, after `cargo build --release':
;;
;;   CERTIFY=target/release/certify emacs --batch -l editors/emacs/check.el
;;
;; Loads editors/emacs/certify.el as docs/editors.md says, opens a copy
;; of rules/lucky_8.yaml (with its game and fixture files) in yaml-mode,
;; and checks what a user sees through eglot: no diagnostic on the clean
;; spec; an unknown attribute typed into a condition (sent as a ranged
;; change) reported at its place, and its quick fix applied; completion
;; after `banker.'; hover; go to definition; the outline (imenu);
;; a rename across the spec and its fixture file, after which the spec
;; checks with the command line; and a clean shutdown (exit code 0).
;; Prints each step, then OK; or FAIL with what went wrong, exit 1.

;;; Code:

(require 'cl-lib)
(require 'yaml-mode)
(require 'flymake)
(require 'xref)

(defvar certify-check-root
  ;; Two folders above this file: editors/emacs/ -> the clone.
  (expand-file-name "../../" (file-name-directory (or load-file-name buffer-file-name))))
(load (expand-file-name "editors/emacs/certify.el" certify-check-root) nil t)
(setq certify-lsp-command
      (list (expand-file-name (or (getenv "CERTIFY") "target/release/certify") certify-check-root)
            "lsp"))

(defun certify-check-fail (fmt &rest args)
  (princ (format "FAIL: %s\n" (apply #'format fmt args)))
  (kill-emacs 1))

(defun certify-check-step (what)
  (princ (format "ok: %s\n" what)))

(defvar certify-check-published 0 "Diagnostics the server has published.")
(advice-add 'eglot-handle-notification :after
            (lambda (_server method &rest _)
              (when (eq method 'textDocument/publishDiagnostics)
                (cl-incf certify-check-published))))

(defun certify-check-wait (pred what &optional seconds)
  "Wait until PRED holds, reading the server's output; fail after SECONDS."
  (let ((end (+ (float-time) (or seconds 30))))
    (while (and (not (funcall pred)) (< (float-time) end))
      (accept-process-output nil 0.05))
    (unless (funcall pred)
      (certify-check-fail "%s: not within %ss" what (or seconds 30)))))

(defun certify-check-diagnostics ()
  "The diagnostics of the next publication, as flymake shows them."
  (let ((seen certify-check-published))
    ;; eglot sends changes on an idle timer, and a batch Emacs is never
    ;; idle: send them now.
    (eglot--signal-textDocument/didChange)
    (certify-check-wait (lambda () (> certify-check-published seen)) "diagnostics")
    (flymake-start)
    (accept-process-output nil 0.1)
    (flymake-diagnostics)))

(defun certify-check-goto (needle &optional offset)
  (goto-char (point-min))
  (unless (search-forward needle nil t)
    (certify-check-fail "%s not in the buffer" needle))
  (goto-char (+ (match-beginning 0) (or offset 0))))

;; A copy to edit.
(defvar certify-check-dir (make-temp-file "certify-emacs-" t))
(dolist (f '("rules/lucky_8.yaml" "rules/games/punto_banco.yaml" "fixtures/lucky_8.yaml"))
  (make-directory (file-name-directory (expand-file-name f certify-check-dir)) t)
  (copy-file (expand-file-name f certify-check-root) (expand-file-name f certify-check-dir)))
(setq eglot-sync-connect 10)

(find-file (expand-file-name "rules/lucky_8.yaml" certify-check-dir))
(unless (eq major-mode 'yaml-mode) (yaml-mode))
;; `eglot-ensure' connects after the next command.
(condition-case err
    (run-hooks 'post-command-hook)
  (error (certify-check-fail "eglot could not start `%s': %s"
                             (string-join certify-lsp-command " ") (error-message-string err))))
(certify-check-wait (lambda () (eglot-current-server)) "eglot connects")
(defvar certify-check-server (eglot-current-server))
(certify-check-step (format "eglot %s connected to %s"
                            (if (boundp 'eglot--version) eglot--version "1.x")
                            (car certify-lsp-command)))

(let ((ds (certify-check-diagnostics)))
  (when ds (certify-check-fail "diagnostics on the clean spec: %S" ds)))
(certify-check-step "no diagnostic on the clean spec")

;; An unknown attribute typed: a ranged change.
(certify-check-goto "when: banker.total == 8 and banker_suited" (length "when: banker.tot"))
(delete-char 1)
(let* ((ds (certify-check-diagnostics))
       (d (car ds)))
  (unless (and d (= (length ds) 1)
               (string-match-p "totl" (flymake-diagnostic-text d)))
    (certify-check-fail "expected one diagnostic on `totl': %S"
                        (mapcar #'flymake-diagnostic-text ds)))
  (unless (equal (buffer-substring (flymake-diagnostic-beg d) (flymake-diagnostic-end d)) "totl")
    (certify-check-fail "the diagnostic is not on `totl' but on %S"
                        (buffer-substring (flymake-diagnostic-beg d) (flymake-diagnostic-end d))))
  (certify-check-step (format "unknown attribute reported at its place: %s"
                              (car (split-string (flymake-diagnostic-text d) "\n"))))
  ;; Its quick fix.
  (let* ((actions (eglot-code-actions (flymake-diagnostic-beg d) (flymake-diagnostic-end d) "quickfix"))
         (fix (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)))
    (unless fix (certify-check-fail "no preferred quick fix: %S" actions))
    (certify-check-step (format "quick fix offered: %s" (plist-get fix :title)))
    (eglot--apply-workspace-edit (plist-get fix :edit))))
(unless (save-excursion (goto-char (point-min))
                        (search-forward "when: banker.total == 8 and banker_suited" nil t))
  (certify-check-fail "the quick fix did not restore `total'"))
(let ((ds (certify-check-diagnostics)))
  (when ds (certify-check-fail "diagnostics after the fix: %S" (mapcar #'flymake-diagnostic-text ds))))
(certify-check-step "quick fix applied: the spec is clean again")

;; Completion after `banker.'.
(certify-check-goto "when: banker.total == 8 and banker_suited" (length "when: banker."))
(let* ((capf (eglot-completion-at-point))
       (table (nth 2 capf))
       (all (all-completions "" table)))
  (dolist (want '("total" "two_card_total" "third"))
    (unless (member want all) (certify-check-fail "%s not completed after banker.: %S" want all)))
  (certify-check-step (format "completion after banker.: %s" (string-join (seq-take all 5) ", "))))

;; Hover on `suited('.
(certify-check-goto "suited(player.cards)" 2)
(let* ((h (jsonrpc-request certify-check-server :textDocument/hover (eglot--TextDocumentPositionParams)))
       (text (plist-get (plist-get h :contents) :value)))
  (unless (and text (string-match-p "all one suit" text))
    (certify-check-fail "hover on suited: %S" h))
  (certify-check-step "hover on suited(: all one suit"))

;; Go to definition: from a pay to its event.
(certify-check-goto "suited_8: 50" 2)
(let* ((id (xref-backend-identifier-at-point 'eglot))
       (defs (xref-backend-definitions 'eglot id))
       (loc (and defs (xref-item-location (car defs))))
       (line (and loc (xref-location-line loc))))
  (unless (equal line (save-excursion (certify-check-goto "      - id: suited_8") (line-number-at-pos)))
    (certify-check-fail "definition of suited_8 at line %S" line))
  (certify-check-step (format "definition of suited_8: line %s" line)))

;; The outline.
(let ((index (funcall imenu-create-index-function)))
  (unless (string-match-p "lucky_8_player" (format "%S" index))
    (certify-check-fail "no lucky_8_player in the outline: %S" index))
  (certify-check-step "the outline lists the wagers"))

;; Rename `suited_8' of the Player wager across the spec and the fixture
;; file (visited, as eglot applies edits to buffers), then check.
(find-file-noselect (expand-file-name "fixtures/lucky_8.yaml" certify-check-dir))
(certify-check-goto "      - id: suited_8" (length "      - id: s"))
(eglot-rename "suited_eight")
(dolist (b (buffer-list))
  (with-current-buffer b
    (when (and buffer-file-name (string-prefix-p certify-check-dir buffer-file-name))
      (save-buffer))))
(let ((fixtures (with-temp-buffer
                  (insert-file-contents (expand-file-name "fixtures/lucky_8.yaml" certify-check-dir))
                  (buffer-string))))
  (unless (string-match-p "suited_eight" fixtures)
    (certify-check-fail "the fixture file was not renamed")))
(let* ((default-directory certify-check-dir)
       (code (call-process (car certify-lsp-command) nil "*check*" nil "check" "rules/lucky_8.yaml" "--color" "never")))
  (unless (eq code 0)
    (certify-check-fail "certify check after the rename: %s\n%s" code
                        (with-current-buffer "*check*" (buffer-string))))
  (certify-check-step "rename across the spec and its fixture file; certify check passes"))

;; Shutdown: the server exits 0.
(let ((proc (jsonrpc--process certify-check-server)))
  ;; `eglot-shutdown' sends these too, then deletes the process at once
  ;; (jsonrpc.el of Emacs 28), which hides the exit code: send them here.
  (setf (eglot--shutdown-requested certify-check-server) t)
  (jsonrpc-request certify-check-server :shutdown nil :timeout 5)
  (jsonrpc-notify certify-check-server :exit nil)
  (certify-check-wait (lambda () (not (process-live-p proc))) "the server exits" 10)
  (unless (eq (process-exit-status proc) 0)
    (certify-check-fail "the server exited with %s" (process-exit-status proc)))
  (certify-check-step "shutdown: the server exited 0"))

(delete-directory certify-check-dir t)
(princ "OK\n")
(kill-emacs 0)
;;; check.el ends here
