//! The manual's Neovim set-up (`editors/nvim/certify.lua`, docs/editors.md)
//! in a real Neovim: `editors/nvim/check.lua` is run headless against this
//! build's `certify lsp` and must see, in the editor, no diagnostic on a
//! clean spec, each pay table's house edge (an inlay hint, shown as
//! virtual text on Neovim 0.7 to 0.9), completion of a hand's attributes
//! in a condition, and a diagnostic for an unknown name typed into a
//! condition (cleared when undone). The second test shows the check can
//! fail: pointed at a program that is not a language server, it must.
//!
//! Skipped, saying why, when `nvim` is not on the PATH: CI machines and
//! many developers' machines have no Neovim, so these tests pass there
//! without running anything. Tried on Neovim 0.7.2 (Debian's), headless.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one headless run may take before the test fails.
const LIMIT: Duration = Duration::from_secs(60);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Neovim's version line, or None (and why) when there is none to run.
fn nvim() -> Option<String> {
    match Command::new("nvim").arg("--version").output() {
        Ok(o) if o.status.success() => Some(
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_string(),
        ),
        Ok(o) => {
            eprintln!("skipped: `nvim --version` exited with {}", o.status);
            None
        }
        Err(e) => {
            eprintln!("skipped: no `nvim` on the PATH ({e}); the Neovim set-up is not tried");
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

/// Runs the headless check with `server` as the certify binary, in a
/// Neovim with no user configuration, shada, swap or state of its own
/// (its XDG folders are a temporary folder's).
fn headless(server: &Path, name: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("certify-nvim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = std::fs::File::create(dir.join("stdout")).unwrap();
    let err = std::fs::File::create(dir.join("stderr")).unwrap();
    let start = Instant::now();
    let mut child = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n"])
        .args(["-c", "luafile editors/nvim/check.lua"])
        .current_dir(repo())
        .env("CERTIFY", server)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("TMPDIR", &dir)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("nvim starts");
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the headless check took over {LIMIT:?}; its output:\n{}\n{}",
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
fn neovim_shows_a_diagnostic_a_completion_and_the_house_edge() {
    let Some(version) = nvim() else { return };
    let server = Path::new(env!("CARGO_BIN_EXE_certify"));
    assert!(server.is_file(), "{} is not built", server.display());
    let run = headless(server, "ok");
    eprintln!("{version}, {:?}:\n{}{}", run.took, run.stdout, run.stderr);
    assert!(
        run.ok,
        "the headless check failed:\n{}{}",
        run.stdout, run.stderr
    );
    for want in [
        "clean file: no diagnostic",
        "house edge of l8_1",
        "completion after `banker.`",
        "diagnostic at",
        "unknown name `bankr`",
        "diagnostic cleared",
        "OK",
    ] {
        assert!(
            run.stdout.contains(want),
            "{want:?} not in:\n{}",
            run.stdout
        );
    }
    // Neovim 0.7 to 0.9 show the house edges as virtual text, priced
    // again after a pay is changed in normal mode (0.10 and later show the
    // inlay hints themselves).
    if !run
        .stdout
        .contains("inlay hints enabled (Neovim shows them)")
    {
        for want in [
            "virtual text on line 68:       - id: l8_1: edge ",
            "virtual text shown again on line 68 after :CertifyHints",
            "virtual text on line 68 follows: edge ",
        ] {
            assert!(
                run.stdout.contains(want),
                "{want:?} not in:\n{}",
                run.stdout
            );
        }
    }
    // The house edge is a percentage.
    let edge = run
        .stdout
        .lines()
        .find(|l| l.starts_with("house edge of l8_1"))
        .unwrap();
    assert!(edge.contains("edge ") && edge.contains('%'), "{edge}");
}

/// Pointed at a program that is not a language server (`/bin/true`
/// exits at once), the check fails and says so.
#[test]
fn the_check_fails_when_the_server_is_not_a_language_server() {
    if nvim().is_none() {
        return;
    }
    let run = headless(Path::new("/bin/true"), "true");
    assert!(!run.ok, "the check passed with /bin/true:\n{}", run.stdout);
    assert!(run.stderr.contains("FAIL"), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("the language server exited before it attached (is `/bin/true lsp`"),
        "{}",
        run.stderr
    );
}
