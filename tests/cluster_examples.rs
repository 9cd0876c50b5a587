//! The manual's cluster examples (`docs/examples/cluster/`, explained in
//! `docs/cluster.md`), run as far as one machine allows: the Slurm batch
//! script is run with bash once per array task, as Slurm would, and the
//! Kubernetes Jobs' commands are taken from their YAML and run with the
//! shell they name, once per completion index; `merge.sh` then merges the
//! shards, and the result must be the undivided run's, byte for byte. What
//! a scheduler alone does (queueing, retries, the shared volume) is not run
//! here; the files' settings that it reads are checked instead.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_certify");
/// Three blocks of 2^20 rounds and a few more: at most three shards.
const ROUNDS: u64 = 3 * (1 << 20) + 100;
const SHARDS: u64 = 3;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/examples/cluster")
        .join(name)
}

fn spec() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules/punto_banco.yaml")
        .display()
        .to_string()
}

/// A folder of this test process, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("certify-cluster-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `program` with only `env` (and PATH) in its environment, so that
/// nothing of the caller's (a SHARDS, a Slurm job's variables) leaks in.
fn run(program: &str, args: &[&str], env: &BTreeMap<String, String>, dir: &Path) -> Run {
    let out = Command::new(program)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(env)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn vars(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// `certify simulate SPEC --rounds ROUNDS` in one piece, with `flags`.
fn undivided(flags: &[&str]) -> String {
    let rounds = ROUNDS.to_string();
    let spec = spec();
    let mut args = vec!["simulate", &spec, "--rounds", &rounds];
    args.extend(flags);
    let o = run(BIN, &args, &BTreeMap::new(), Path::new("."));
    assert_eq!(o.code, 0, "{}", o.stderr);
    o.stdout
}

/// The files of a folder, sorted (hidden ones too).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shard_files(n: u64) -> Vec<String> {
    let mut names: Vec<String> = (1..=n).map(|k| format!("s{k}.json")).collect();
    names.sort();
    names
}

/// The Slurm array, task by task, as `sbatch --array=1-3` would run it,
/// and `merge.sh` as the dependent job: the shards are dealt without the
/// perfect-information bound, the merge computes it at its default, and
/// the result is the undivided run at its defaults, JSON and text.
#[test]
fn the_slurm_array_and_its_merge_give_the_undivided_run() {
    let dir = TempDir::new("slurm");
    let script = example("certify-shards.sbatch").display().to_string();
    let (spec, rounds, shards) = (spec(), ROUNDS.to_string(), SHARDS.to_string());
    let settings = [
        ("CERTIFY", BIN),
        ("SPEC", spec.as_str()),
        ("ROUNDS", rounds.as_str()),
        ("SHARDS", shards.as_str()),
    ];
    // SEED is the script's default, certify's own (as in docs/cluster.md).
    for k in 1..=SHARDS {
        let mut env = vars(&settings);
        env.insert("SLURM_ARRAY_TASK_ID".into(), k.to_string());
        env.insert("SLURM_ARRAY_JOB_ID".into(), "4242".into());
        env.insert("SLURM_JOB_ID".into(), format!("{}", 4242 + k));
        env.insert("SLURM_CPUS_PER_TASK".into(), "2".into());
        let o = run("bash", &[&script], &env, &dir.0);
        assert_eq!(o.code, 0, "task {k}: {}", o.stderr);
        assert!(
            o.stderr.contains(&format!("wrote shards/s{k}.json")),
            "{}",
            o.stderr
        );
    }
    // Only the shard files: no temporary file is left behind.
    assert_eq!(listing(&dir.0.join("shards")), shard_files(SHARDS));
    // Anyone can deal a shard again and compare: the same file.
    let again = run(
        BIN,
        &[
            "simulate",
            &spec,
            "--rounds",
            &rounds,
            "--seed",
            "20261123",
            "--shard",
            "2/3",
            "--json",
            "--bound-shoes",
            "0",
        ],
        &BTreeMap::new(),
        &dir.0,
    );
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(again.stdout, read(&dir.0.join("shards/s2.json")));

    let mut env = vars(&settings);
    env.remove("ROUNDS");
    env.remove("SEED");
    let merge = example("merge.sh").display().to_string();
    let o = run("bash", &[&merge], &env, &dir.0);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        listing(&dir.0),
        ["merged.json", "merged.txt", "shards"].map(String::from)
    );
    let json = read(&dir.0.join("merged.json"));
    assert_eq!(json, undivided(&["--json"]), "merged.json");
    let text = read(&dir.0.join("merged.txt"));
    assert_eq!(text, undivided(&[]), "merged.txt");
    assert_eq!(o.stdout, text, "merge.sh prints the study");
    let study: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(study["study"]["settings"]["rounds"], ROUNDS);
    assert_eq!(study["study"]["settings"]["shard"]["count"], 1);
    assert_eq!(
        study["study"]["shoes"]["rank_level"],
        certify::study::BOUND_SHOES,
        "the merge's own bound"
    );
}

/// What the scripts refuse: a task outside the array, a shard file
/// missing, a shard of another run, a shard edited after certify wrote
/// it. A task killed midway leaves no shard file; a shard whose own
/// interval misses (exit 1) keeps its file.
#[test]
fn the_scripts_refuse_what_cannot_be_merged() {
    let dir = TempDir::new("refusals");
    let script = example("certify-shards.sbatch").display().to_string();
    let merge = example("merge.sh").display().to_string();
    // Two blocks: two shards.
    let (spec, rounds) = (spec(), ((1u64 << 20) + 50).to_string());
    let settings = [
        ("CERTIFY", BIN),
        ("SPEC", spec.as_str()),
        ("ROUNDS", rounds.as_str()),
        ("SHARDS", "2"),
    ];
    let task = |k: &str, extra: &[(&str, &str)]| {
        let mut env = vars(&settings);
        env.insert("SLURM_ARRAY_TASK_ID".into(), k.into());
        env.extend(vars(extra));
        run("bash", &[&script], &env, &dir.0)
    };
    let merged = |extra: &[(&str, &str)]| {
        let mut env = vars(&settings);
        env.extend(vars(extra));
        run("bash", &[&merge], &env, &dir.0)
    };
    let shard_dir = dir.0.join("shards");

    for k in ["0", "3", "x"] {
        let o = task(k, &[]);
        assert_eq!(o.code, 2, "task {k}: {o:?}");
        assert!(o.stderr.contains("sbatch --array=1-2"), "{}", o.stderr);
    }
    // certify's own refusal (shard 1 of 3 of a two-block run would deal
    // nothing): exit 2, no file.
    let o = task("1", &[("SHARDS", "3")]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("at most 2 shards"), "{}", o.stderr);
    assert_eq!(listing(&shard_dir), Vec::<String>::new());

    // An unreadable spec: certify exits 1 and prints nothing; no file.
    let o = task("1", &[("SPEC", "no-such-spec.yaml")]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.contains("no file written"), "{}", o.stderr);
    assert_eq!(listing(&shard_dir), Vec::<String>::new());

    // A task killed while certify writes: no shard file, half or whole.
    let killed = dir.0.join("killed-certify");
    std::fs::write(&killed, "#!/bin/sh\nprintf '{\"inputs\": '\nkill -9 $$\n").expect("write");
    make_executable(&killed);
    let killed = killed.display().to_string();
    let o = task("1", &[("CERTIFY", &killed)]);
    assert_eq!(o.code, 137, "{o:?}");
    assert_eq!(listing(&shard_dir), Vec::<String>::new());

    let o = task("1", &[]);
    assert_eq!(o.code, 0, "{o:?}");
    let o = merged(&[]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("shards missing: 2 of 2"), "{}", o.stderr);
    assert!(o.stderr.contains("sbatch --array=2 "), "{}", o.stderr);
    assert!(!dir.0.join("merged.json").exists());

    // Shard 2 of another seed: certify names the field.
    let o = task("2", &[("SEED", "7")]);
    assert_eq!(o.code, 0, "{o:?}");
    let o = merged(&[]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(
        o.stderr.contains("`tallies.settings.seed` differs"),
        "{}",
        o.stderr
    );
    assert!(!dir.0.join("merged.json").exists());

    // Shard 2 edited after certify wrote it: its digest no longer matches.
    let o = task("2", &[]);
    assert_eq!(o.code, 0, "{o:?}");
    let s2 = shard_dir.join("s2.json");
    let mut doc: Value = serde_json::from_str(&read(&s2)).expect("JSON");
    let codes = &mut doc["tallies"]["full"]["codes"][0];
    let (a, b) = (codes[1].as_u64().unwrap(), codes[2].as_u64().unwrap());
    codes[1] = (a + 1).into();
    codes[2] = (b - 1).into();
    std::fs::write(&s2, serde_json::to_string_pretty(&doc).unwrap()).expect("write");
    let o = merged(&[("MERGE_EXTRA", "--bound-shoes 0")]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("tallies_sha256"), "{}", o.stderr);

    // A file of another run left in the folder.
    let o = task("2", &[]);
    assert_eq!(o.code, 0, "{o:?}");
    std::fs::copy(&s2, shard_dir.join("s3.json")).expect("copy");
    let o = merged(&[("MERGE_EXTRA", "--bound-shoes 0")]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("holds 3 files"), "{}", o.stderr);
    std::fs::remove_file(shard_dir.join("s3.json")).expect("remove");
    let o = merged(&[
        ("MERGE_EXTRA", "--bound-shoes 0"),
        ("SPEC", "no-such-spec.yaml"),
    ]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stderr.contains("nothing written"), "{}", o.stderr);
    assert!(!dir.0.join("merged.json").exists());
    let o = merged(&[("MERGE_EXTRA", "--bound-shoes 0")]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(dir.0.join("merged.json").exists());

    // A shard whose own interval missed (exit 1) is kept: the merge judges.
    let missed = dir.0.join("missed-certify");
    std::fs::write(&missed, "#!/bin/sh\necho '{}'\nexit 1\n").expect("write");
    make_executable(&missed);
    let missed = missed.display().to_string();
    let o = task("1", &[("CERTIFY", &missed)]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(o.stderr.contains("exit 1"), "{}", o.stderr);
    assert_eq!(read(&shard_dir.join("s1.json")), "{}\n");
    assert_eq!(listing(&shard_dir), shard_files(2));
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// The scripts parse, and Slurm reads what they set: every `#SBATCH` line
/// comes before the first command (sbatch reads no further), and the
/// array's range is the default shard count.
#[test]
fn the_slurm_scripts_parse_and_agree() {
    for name in ["certify-shards.sbatch", "merge.sh"] {
        let path = example(name);
        let o = run(
            "bash",
            &["-n", &path.display().to_string()],
            &BTreeMap::new(),
            Path::new("."),
        );
        assert_eq!(o.code, 0, "bash -n {name}: {}", o.stderr);
        let text = read(&path);
        assert!(text.starts_with("#!/bin/bash\n"), "{name}");
        assert!(text.contains("\nset -euo pipefail\n"), "{name}");
        let lines: Vec<&str> = text.lines().collect();
        let first_command = lines
            .iter()
            .position(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .expect("a command");
        let last_sbatch = lines
            .iter()
            .rposition(|l| l.starts_with("#SBATCH"))
            .expect("#SBATCH lines");
        assert!(
            last_sbatch < first_command,
            "{name}: #SBATCH after a command"
        );
    }
    let text = read(&example("certify-shards.sbatch"));
    let shards = between(&text, ": \"${SHARDS:=", "}\"");
    assert!(
        text.contains(&format!("\n#SBATCH --array=1-{shards}\n")),
        "the array is 1-SHARDS"
    );
    assert!(text.contains(": \"${ROUNDS:=100000000000}\""));
    assert!(text.contains("certify=\"${CERTIFY:-certify}\""));
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("{start}")) + start.len();
    let len = text[from..].find(end).unwrap_or_else(|| panic!("{end}"));
    &text[from..from + len]
}

/// A Kubernetes manifest as JSON.
fn manifest(name: &str) -> Value {
    let text = read(&example(name));
    serde_saphyr::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A container's `env` as name and value.
fn container_env(container: &Value) -> BTreeMap<String, String> {
    container["env"]
        .as_array()
        .expect("env")
        .iter()
        .map(|e| {
            (
                e["name"].as_str().expect("name").to_string(),
                e["value"].as_str().expect("a value as text").to_string(),
            )
        })
        .collect()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("text").to_string())
        .collect()
}

/// What Kubernetes makes of a container's command before running it:
/// `$(NAME)` becomes NAME's value in `env` (left as it is when `env` has
/// no NAME) and `$$` becomes `$` (the rules of k8s.io's
/// third_party/forked/golang/expansion).
fn kubernetes_expands(input: &str, env: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = input;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(more) = after.strip_prefix('$') {
            out.push('$');
            rest = more;
        } else if let Some(name_and_more) = after.strip_prefix('(') {
            match name_and_more.find(')') {
                Some(end) => {
                    let name = &name_and_more[..end];
                    match env.get(name) {
                        Some(value) => out.push_str(value),
                        None => {
                            out.push_str("$(");
                            out.push_str(name);
                            out.push(')');
                        }
                    }
                    rest = &name_and_more[end + 1..];
                }
                None => {
                    out.push_str("$(");
                    rest = name_and_more;
                }
            }
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_kubernetes_expansion_is_modelled() {
    let env = vars(&[("A", "1")]);
    for (given, expected) in [
        (
            "$(A) $(B) $$(A) $$ $x $((A + 1)) $(",
            "1 $(B) $(A) $ $x $((A + 1)) $(",
        ),
        ("a$", "a$"),
    ] {
        assert_eq!(kubernetes_expands(given, &env), expected);
    }
}

/// The Indexed Job's pods, index by index, and the merge Job's, with the
/// commands and settings of their YAML (the binary, spec, rounds and folder
/// replaced by this machine's): the merge is the undivided run.
#[test]
fn the_kubernetes_jobs_give_the_undivided_run() {
    let job = manifest("certify-shards-job.yaml");
    assert_eq!(job["apiVersion"], "batch/v1");
    assert_eq!(job["kind"], "Job");
    let spec_ = &job["spec"];
    assert_eq!(spec_["completionMode"], "Indexed");
    let pod = &spec_["template"]["spec"];
    assert_eq!(pod["restartPolicy"], "Never");
    assert!(spec_["backoffLimit"].as_u64().is_some());
    let containers = pod["containers"].as_array().expect("containers");
    assert_eq!(containers.len(), 1);
    let container = &containers[0];
    let env = container_env(container);
    let completions = spec_["completions"].as_u64().expect("completions");
    assert_eq!(
        env["SHARDS"],
        completions.to_string(),
        "completions = SHARDS"
    );
    let parallelism = spec_["parallelism"].as_u64().expect("parallelism");
    assert!((1..=completions).contains(&parallelism));
    let rounds: u64 = env["ROUNDS"].parse().expect("ROUNDS");
    assert!(
        completions <= rounds.div_ceil(1 << 20),
        "shards take blocks"
    );
    // Exit 1 (a refused spec: a shard that misses alone exits 0) and 2
    // (refused settings) fail the Job at once, naming the container.
    let rule = &spec_["podFailurePolicy"]["rules"][0];
    assert_eq!(rule["action"], "FailJob");
    assert_eq!(rule["onExitCodes"]["containerName"], container["name"]);
    assert_eq!(rule["onExitCodes"]["values"], serde_json::json!([1, 2]));
    // The shards go to the claimed volume.
    let mount = &container["volumeMounts"][0];
    assert_eq!(env["OUT"], mount["mountPath"].as_str().expect("mountPath"));
    let volume = &pod["volumes"][0];
    assert_eq!(volume["name"], mount["name"]);
    let claim = &volume["persistentVolumeClaim"]["claimName"];
    assert!(claim.is_string());

    let pvc = manifest("certify-shards-pvc.yaml");
    assert_eq!(pvc["kind"], "PersistentVolumeClaim");
    assert_eq!(pvc["metadata"]["name"], *claim);
    assert_eq!(
        pvc["spec"]["accessModes"],
        serde_json::json!(["ReadWriteMany"])
    );

    let merge_job = manifest("certify-merge-job.yaml");
    assert_eq!(merge_job["kind"], "Job");
    let merge_pod = &merge_job["spec"]["template"]["spec"];
    assert_eq!(merge_pod["restartPolicy"], "Never");
    let merge_container = &merge_pod["containers"][0];
    let merge_env = container_env(merge_container);
    for name in ["SPEC", "SHARDS"] {
        assert_eq!(merge_env[name], env[name], "{name} as in the shards' Job");
    }
    assert_eq!(merge_env["SHARD_DIR"], env["OUT"]);
    assert_eq!(
        merge_pod["volumes"][0]["persistentVolumeClaim"]["claimName"],
        *claim
    );
    assert_eq!(
        merge_container["volumeMounts"][0]["mountPath"],
        mount["mountPath"]
    );
    assert_eq!(merge_container["image"], container["image"]);

    // Kubernetes runs the commands as written.
    let command = strings(&container["command"]);
    let merge_command = strings(&merge_container["command"]);
    for (c, e) in [(&command, &env), (&merge_command, &merge_env)] {
        for part in c {
            assert_eq!(
                &kubernetes_expands(part, e),
                part,
                "rewritten by Kubernetes"
            );
        }
    }
    // The merge script in the image is docs/examples/cluster/merge.sh, as
    // the Dockerfile in the comment copies it.
    assert_eq!(merge_command.len(), 2);
    let installed = &merge_command[1];
    assert!(installed.ends_with("/merge.sh"), "{installed}");
    let yaml = read(&example("certify-shards-job.yaml"));
    assert!(
        yaml.contains(&format!("docs/examples/cluster/merge.sh {installed}\n")),
        "the Dockerfile copies merge.sh to {installed}"
    );

    let dir = TempDir::new("kubernetes");
    let out = dir.0.join("shards");
    let (spec, rounds, shards) = (spec(), ROUNDS.to_string(), SHARDS.to_string());
    let here = [
        ("CERTIFY", BIN),
        ("SPEC", spec.as_str()),
        ("ROUNDS", rounds.as_str()),
        ("SHARDS", shards.as_str()),
    ];
    for index in 0..SHARDS {
        let mut pod_env = env.clone();
        pod_env.extend(vars(&here));
        pod_env.insert("OUT".into(), out.display().to_string());
        pod_env.insert("JOB_COMPLETION_INDEX".into(), index.to_string());
        let args: Vec<&str> = command[1..].iter().map(String::as_str).collect();
        let o = run(&command[0], &args, &pod_env, &dir.0);
        assert_eq!(o.code, 0, "index {index}: {}", o.stderr);
    }
    assert_eq!(listing(&out), shard_files(SHARDS));
    // A pod given a spec it cannot read exits 1 (the Job fails) and
    // writes nothing.
    let mut pod_env = env.clone();
    pod_env.extend(vars(&here));
    pod_env.insert("SPEC".into(), "no-such-spec.yaml".into());
    pod_env.insert("OUT".into(), dir.0.join("other").display().to_string());
    pod_env.insert("JOB_COMPLETION_INDEX".into(), "0".into());
    let args: Vec<&str> = command[1..].iter().map(String::as_str).collect();
    let o = run(&command[0], &args, &pod_env, &dir.0);
    assert_eq!(o.code, 1, "{o:?}");
    assert_eq!(listing(&dir.0.join("other")), Vec::<String>::new());

    let mut pod_env = merge_env.clone();
    pod_env.extend(vars(&here));
    pod_env.remove("ROUNDS");
    pod_env.insert("SHARD_DIR".into(), out.display().to_string());
    let merged = out.join("merged");
    pod_env.insert("OUT".into(), merged.display().to_string());
    pod_env.insert("MERGE_EXTRA".into(), "--bound-shoes 0".into());
    let script = example("merge.sh").display().to_string();
    let o = run(&merge_command[0], &[&script], &pod_env, &dir.0);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let json = read(&out.join("merged.json"));
    let whole = undivided(&["--bound-shoes", "0", "--json"]);
    let (a, b): (Value, Value) = (
        serde_json::from_str(&json).expect("JSON"),
        serde_json::from_str(&whole).expect("JSON"),
    );
    assert_eq!(a["study"], b["study"], "the study");
    assert_eq!(json, whole, "byte for byte");
}
