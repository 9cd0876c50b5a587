//! Helpers shared by the test crates that include this module
//! (`mod support;`) and by `benches/shoe_state.rs` (by path). Each crate
//! uses part of it.
#![allow(dead_code)]

/// splitmix64: reproducible random shoes without a generator crate, the
/// same stream in every test and benchmark that draws them.
pub struct Mix(pub u64);

impl Mix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `certify ARGS` run in process, as the command line would.
pub fn certify(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// `certify` as a user runs it in `dir` (the built binary, that folder as
/// the working directory): `certify verify` reads the files a manifest
/// names relative to the folder it runs in.
pub fn certify_in(dir: &std::path::Path, args: &[&str]) -> certify::cli::Output {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the certify binary runs");
    certify::cli::Output {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Calls `f` with every ordered choice of `len` distinct indices below
/// `n` (every ordered sequence of distinct physical cards of a shoe).
pub fn each_ordered(n: usize, len: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(n: usize, at: usize, idx: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if at == idx.len() {
            f(idx);
            return;
        }
        for i in 0..n {
            if idx[..at].contains(&i) {
                continue;
            }
            idx[at] = i;
            go(n, at + 1, idx, f);
        }
    }
    go(n, 0, &mut vec![0; len], f);
}

/// The places of wager `id` and of its pay table `table` in `spec` (the
/// wager's first table when `table` is empty).
pub fn wager_table(spec: &certify::model::Spec, id: &str, table: &str) -> (usize, usize) {
    let w = spec
        .wagers
        .iter()
        .position(|x| x.id == id)
        .unwrap_or_else(|| panic!("no wager {id}"));
    let t = if table.is_empty() {
        0
    } else {
        spec.wagers[w]
            .pay_tables
            .iter()
            .position(|x| x.id == table)
            .unwrap_or_else(|| panic!("no pay table {id}/{table}"))
    };
    (w, t)
}

/// The least common multiple of the net denominators of `tables`' pays:
/// nets under those tables summed in integers, in units of 1/scale
/// ([`scaled`]), are exact (BigRational per round costs most of a brute
/// force's time).
pub fn pay_scale<'a>(tables: impl IntoIterator<Item = &'a certify::model::PayTable>) -> i128 {
    tables
        .into_iter()
        .flat_map(|t| &t.pays)
        .fold(1i128, |l, p| num_integer::lcm(l, p.net().den))
}

/// `net` in units of 1/`scale` (a [`pay_scale`] of its table).
pub fn scaled(net: certify::model::Ratio, scale: i128) -> i128 {
    assert_eq!(scale % net.den, 0, "a pay's denominator divides the scale");
    net.num * (scale / net.den)
}
