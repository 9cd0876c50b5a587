;;; certify.el --- `certify lsp' in YAML buffers, through eglot  -*- lexical-binding: t -*-

;; The set-up of docs/editors.md, "Emacs (eglot)": copy this file into
;; your `load-path' and add `(require 'certify)' to your init file.
;; Needs eglot (built into Emacs 29; `M-x package-install RET eglot' or
;; Debian's elpa-eglot on Emacs 28) and yaml-mode (elpa-yaml-mode, or
;; yaml-ts-mode on Emacs 29).  Tried with Emacs 28.2 and eglot 1.9 by
;; tests/editor_emacs.rs, which runs editors/emacs/check.el.

;;; Code:

(require 'eglot)

(defgroup certify nil
  "The certify language server."
  :group 'tools)

(defcustom certify-lsp-command '("certify" "lsp")
  "The command that starts the server: the certify program and `lsp'."
  :type '(repeat string))

(defcustom certify-lsp-modes '(yaml-mode yaml-ts-mode)
  "The major modes whose buffers the server serves."
  :type '(repeat symbol))

;; One server per project (the folder above `rules/', or the version
;; control root), for every YAML buffer: it answers for specs, game
;; files and fixture files and leaves other YAML alone.
(add-to-list 'eglot-server-programs
             (cons certify-lsp-modes (lambda (&rest _) certify-lsp-command)))

(dolist (mode certify-lsp-modes)
  (add-hook (intern (format "%s-hook" mode)) #'eglot-ensure))

(provide 'certify)
;;; certify.el ends here
