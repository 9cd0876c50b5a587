//! The manual's Emacs set-up (`editors/emacs/certify.el`, docs/editors.md)
//! in a real Emacs with eglot: `editors/emacs/check.el` is run in batch
//! against this build's `certify lsp` and must see, through eglot, no
//! diagnostic on a clean spec, an unknown attribute reported where it is
//! (sent as a ranged change) and its quick fix applied, completion after
//! `banker.`, hover, go to definition, the outline, a rename across the
//! spec and its fixture file (the spec then checks) and the server exiting
//! 0 at shutdown. The second test shows the check can fail.
//!
//! Skipped, saying why, when `emacs` is not on the PATH or has no eglot:
//! CI machines have no Emacs. Tried on Emacs 28.2 with eglot 1.9
//! (Debian's emacs-nox, elpa-eglot, elpa-yaml-mode), in batch.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one batch run may take before the test fails.
const LIMIT: Duration = Duration::from_secs(120);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Emacs's version line when it has eglot and yaml-mode, or None (and
/// why) when there is none to run.
fn emacs() -> Option<String> {
    let probe = Command::new("emacs")
        .args(["--batch", "--eval"])
        .arg("(progn (require 'eglot) (require 'yaml-mode) (princ emacs-version))")
        .output();
    match probe {
        Ok(o) if o.status.success() => Some(String::from_utf8_lossy(&o.stdout).trim().to_string()),
        Ok(o) => {
            eprintln!(
                "skipped: emacs has no eglot or yaml-mode ({}); the Emacs set-up is not tried",
                String::from_utf8_lossy(&o.stderr)
                    .lines()
                    .last()
                    .unwrap_or_default()
            );
            None
        }
        Err(e) => {
            eprintln!("skipped: no `emacs` on the PATH ({e}); the Emacs set-up is not tried");
            None
        }
    }
}

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Runs the batch check with `server` as the certify binary, with a home
/// of its own (no user configuration).
fn batch(server: &Path, name: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("certify-emacs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let start = Instant::now();
    let mut child = Command::new("emacs")
        .args(["--batch", "-l", "editors/emacs/check.el"])
        .current_dir(repo())
        .env("CERTIFY", server)
        .env("HOME", &dir)
        .env("TMPDIR", &dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
        .stderr(std::fs::File::create(dir.join("stderr")).unwrap())
        .spawn()
        .expect("emacs starts");
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the batch check took over {LIMIT:?}; its output:\n{}\n{}",
                std::fs::read_to_string(dir.join("stdout")).unwrap_or_default(),
                std::fs::read_to_string(dir.join("stderr")).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let run = Run {
        ok: status.success(),
        stdout: std::fs::read_to_string(dir.join("stdout")).unwrap(),
        stderr: std::fs::read_to_string(dir.join("stderr")).unwrap(),
        took: start.elapsed(),
    };
    let _ = std::fs::remove_dir_all(&dir);
    run
}

#[test]
fn emacs_with_eglot_shows_fixes_completes_navigates_and_renames() {
    let Some(version) = emacs() else { return };
    let server = Path::new(env!("CARGO_BIN_EXE_certify"));
    let run = batch(server, "ok");
    eprintln!("Emacs {version}, {:?}:\n{}", run.took, run.stdout);
    assert!(
        run.ok,
        "the batch check failed:\n{}{}",
        run.stdout, run.stderr
    );
    for want in [
        "no diagnostic on the clean spec",
        "unknown attribute reported at its place",
        "quick fix offered: Replace `totl` with `total`",
        "quick fix applied: the spec is clean again",
        "completion after banker.: ",
        "hover on suited(",
        "definition of suited_8",
        "the outline lists the wagers",
        "certify check passes",
        "shutdown: the server exited 0",
        "OK",
    ] {
        assert!(
            run.stdout.contains(want),
            "{want:?} not in:\n{}",
            run.stdout
        );
    }
}

/// Pointed at a program that is not a language server (`/bin/true`), the
/// check fails and says so.
#[test]
fn the_check_fails_when_the_server_is_not_a_language_server() {
    if emacs().is_none() {
        return;
    }
    let run = batch(Path::new("/bin/true"), "true");
    assert!(!run.ok, "the check passed with /bin/true:\n{}", run.stdout);
    assert!(run.stdout.contains("FAIL"), "{}{}", run.stdout, run.stderr);
}
