//! The command line's grammar: the clap definition of `certify` and its
//! subcommands (their help text is the manual's). Every command's file
//! reads its arguments from here; `mod.rs` dispatches on them.

use super::{color, design, protect, shoe, simulate};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// The examples `certify --help` ends with.
const EXAMPLES: &str = "\
Examples:
  certify rules/lucky_monkey.yaml                 check, run fixtures, compute, write reports/
  certify rules/*.yaml --no-reports               every shipped spec, one summary line each
  certify check rules/lucky_8.yaml                type-check and run the fixtures only
  certify settle rules/punto_banco.yaml --player 4s,Kd,4h --banker 2c,Ks,4d
  certify verify reports/lucky_monkey.json        recompute a report and compare
  certify leaflet rules/lucky_8.yaml              the player's leaflet (pays, house edge, odds)
  certify new my_side_bet                         start a new side bet (spec and fixtures)
  certify diff rules/lucky_8.yaml new/lucky_8.yaml   what a change does to the figures";

#[derive(Parser, Debug)]
#[command(
    name = "certify",
    version = env!("CERTIFY_LONG_VERSION"),
    about = "Verify casino game rules and certify their mathematics",
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub(super) command: Option<Command>,
    #[command(flatten)]
    pub(super) run: RunArgs,
    /// When to colour warnings and errors: auto (on a terminal, unless the
    /// NO_COLOR variable is set), always or never, e.g. --color never
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = color::When::Auto, global = true)]
    pub(super) color: color::When,
}

/// `certify SPEC`: check the spec, run its fixtures, then compute it exactly.
#[derive(Args, Debug)]
pub(super) struct RunArgs {
    /// Rule spec(s) (YAML), e.g. rules/lucky_monkey.yaml, or rules/*.yaml to
    /// run every shipped spec (side by side, reported in order)
    #[arg(value_name = "SPEC")]
    pub(super) specs: Vec<String>,
    /// Folder of fixture files (default: fixtures/ beside the spec's
    /// folder), e.g. --fixtures tests/fixtures
    #[arg(long, value_name = "DIR")]
    pub(super) fixtures: Option<PathBuf>,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    pub(super) decks: Option<u32>,
    /// Print the results as JSON instead of the summary table
    #[arg(long)]
    pub(super) json: bool,
    /// Rounds sampled from the full shoe when checking the engine against the
    /// reference evaluator: 200 without the flag, 1000 with `--verify` alone
    /// (every sequence of the small shoes is always checked as well), e.g. --verify 5000
    #[arg(long, value_name = "SAMPLES", num_args = 0..=1, default_missing_value = "1000")]
    pub(super) verify: Option<usize>,
    /// Exit with code 3 when the run has any warning (a player advantage, a
    /// claim the figures do not confirm, an impossible or outranked event)
    #[arg(long)]
    pub(super) deny_warnings: bool,
    /// Folder for the reports (default: reports), e.g. --out /tmp/reports
    #[arg(long, value_name = "DIR")]
    pub(super) out: Option<PathBuf>,
    /// Print the results only; write no report
    #[arg(long)]
    pub(super) no_reports: bool,
    /// The report's edition, for the authority it goes to: lab (default),
    /// washington, california or nevada (default: the spec's
    /// `submission: edition`), e.g. --edition california
    #[arg(long, value_name = "NAME", value_parser = parse_edition)]
    pub(super) edition: Option<crate::model::Edition>,
    /// The approved version's rule spec, for the nevada edition's game
    /// variation, e.g. --previous approved/lucky_8.yaml
    #[arg(long, value_name = "SPEC")]
    pub(super) previous: Option<String>,
    /// A wager's minimum bet in dollars, over the spec's (the washington
    /// edition's payout limits read it), e.g. --min-bet lucky_7=1
    #[arg(long, value_name = "WAGER=DOLLARS", value_parser = super::values::parse_bet)]
    pub(super) min_bet: Vec<(String, crate::model::Ratio)>,
    /// A wager's maximum bet in dollars, over the spec's, e.g. --max-bet lucky_7=300
    #[arg(long, value_name = "WAGER=DOLLARS", value_parser = super::values::parse_bet)]
    pub(super) max_bet: Vec<(String, crate::model::Ratio)>,
    /// Add the "Simulation and card counting" section: real shoes dealt to
    /// a cut card against the exact figures, effects of removal and the
    /// counting analysis (see `certify simulate`), with this many rounds
    /// per pass (default 10000000; a spec's `report: { simulate: N }`
    /// makes N the default of a run that writes reports), e.g. --simulate 50000000
    #[arg(long, value_name = "ROUNDS", num_args = 0..=1, default_missing_value = "10000000")]
    pub(super) simulate: Option<u64>,
    /// Leave out the simulation the spec's `report:` section declares
    #[arg(long, conflicts_with = "simulate")]
    pub(super) no_simulate: bool,
    /// With a simulation: shoes on which the counter is measured beside the
    /// perfect-information bound, for wagers that read no suit (default
    /// 1000; 0: none; recorded in the manifest), e.g. --bound-shoes 5000
    #[arg(long, value_name = "N")]
    pub(super) bound_shoes: Option<u64>,
    /// With a simulation: the same for wagers that read suits (default 100),
    /// e.g. --bound-suit-shoes 1000
    #[arg(long, value_name = "N")]
    pub(super) bound_suit_shoes: Option<u64>,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
    /// Parse and type-check a spec and run its fixtures; exit 1 on any failure
    #[command(
        after_help = "Example:\n  certify check rules/lucky_monkey.yaml\n  certify check tests/specs/dragon_bonus.yaml --json"
    )]
    Check {
        /// The rule spec (YAML), e.g. rules/lucky_monkey.yaml
        spec: String,
        /// Folder of fixture files (default: fixtures/ beside the spec's
        /// folder), e.g. --fixtures tests/fixtures
        #[arg(long, value_name = "DIR")]
        fixtures: Option<PathBuf>,
        /// Print the results as JSON
        #[arg(long)]
        json: bool,
    },
    /// Play and settle one round from concrete cards
    #[command(
        after_help = "Example:\n  certify settle rules/punto_banco.yaml --player 4s,Kd,4h --banker 2c,Ks,4d"
    )]
    Settle(SettleArgs),
    /// Settle whole table rounds: every seat's wagers against the player-dealer's stake
    #[command(after_help = "Example:\n  certify table --round fixtures/tables/rotation.yaml")]
    Table(TableArgs),
    /// Recompute a report (.md or .json) from the spec it names; exit 1 on any difference
    #[command(
        after_help = "Example:\n  certify verify reports/lucky_monkey.json\n  certify verify reports/lucky_monkey.md --fixtures /tmp/fixtures"
    )]
    Verify {
        /// A report written by `certify SPEC`: reports/<id>.md or .json,
        /// e.g. reports/lucky_monkey.json
        report: PathBuf,
        /// Read the fixture files from this folder instead of the one the
        /// manifest records (they must hash the same), e.g. --fixtures /tmp/fixtures
        #[arg(long, value_name = "DIR")]
        fixtures: Option<PathBuf>,
    },
    /// Write the player's leaflet: one or two pages for players (how each
    /// bet works, its pay table, house edge, return to player and top
    /// award's odds), as Markdown, PDF and JSON, checked and hashed like the
    /// reports; one per leaflet the spec declares
    #[command(
        after_help = "Example:\n  certify leaflet rules/lucky_8.yaml          writes reports/lucky_8-leaflet.md, .json and .pdf\n  certify leaflet rules/golden_bacc.yaml --leaflet dragons   writes reports/golden_bacc-dragons-leaflet.*\n  certify leaflet rules/punto_banco.yaml --out /tmp/leaflets"
    )]
    Leaflet(LeafletArgs),
    /// Write a minimal spec for a new side bet and its fixture file, both of
    /// which check and compute as written; never overwrites a file
    #[command(
        after_help = "Example:\n  certify new my_side_bet                 writes drafts/rules/my_side_bet.yaml and drafts/fixtures/my_side_bet.yaml\n  certify new my_side_bet --dir /tmp/bet   writes /tmp/bet/rules/my_side_bet.yaml and /tmp/bet/fixtures/my_side_bet.yaml"
    )]
    New {
        /// The new spec's id: lowercase letters, digits and `_`, e.g. my_side_bet
        id: String,
        /// Project folder that receives everything written: the spec in
        /// DIR/rules/, its fixtures in DIR/fixtures/, where certify looks
        /// (default: drafts, which git ignores and the shipped specs' tests
        /// do not read), e.g. --dir /tmp/my_bet
        #[arg(long, value_name = "DIR", default_value = crate::scaffold::DRAFTS)]
        dir: PathBuf,
    },
    /// What changed between two specs (or two JSON reports): the changes in
    /// words and every pay table's figures before and after. Exit 0 when
    /// nothing that affects the mathematics changed, 1 otherwise
    #[command(
        after_help = "Example:\n  certify diff rules/lucky_8.yaml /tmp/lucky_8.yaml > change.md\n  certify diff old/lucky_8.json reports/lucky_8.json --json"
    )]
    Diff {
        /// The spec (YAML) or report (JSON) before the change, e.g. rules/lucky_8.yaml
        old: String,
        /// The spec or report after the change, e.g. /tmp/lucky_8.yaml
        new: String,
        /// Print the diff as JSON (for CI) instead of Markdown
        #[arg(long)]
        json: bool,
        /// Compute both specs at this deck count (default: each spec's own), e.g. --decks 6
        #[arg(long, value_name = "N")]
        decks: Option<u32>,
    },
    /// Print a shell completion script, e.g. for bash:
    /// certify completions bash > ~/.local/share/bash-completion/completions/certify
    #[command(
        after_help = "Example:\n  certify completions bash > ~/.local/share/bash-completion/completions/certify\n  certify completions zsh > ~/.zfunc/_certify"
    )]
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh, e.g. bash
        shell: clap_complete::Shell,
    },
    /// Deal real shoes: the simulation cross-check of every pay table
    /// against the exact figures, the cut-card effect, effects of removal
    /// and the card-counting analysis
    #[command(
        after_help = "Example:\n  certify simulate rules/21st_century_baccarat.yaml\n  certify simulate rules/golden_bacc.yaml --rounds 100000000 --seed 7 --penetration 0.9\n  certify simulate rules/lucky_8.yaml --shard 2/4 --json > s2.json   (one of four shards)\n  certify simulate rules/lucky_8.yaml --merge s1.json s2.json s3.json s4.json"
    )]
    Simulate(simulate::SimulateArgs),
    /// The exact house edge of every wager and pay table for one remaining
    /// shoe (cards removed from the full shoe, or the cards left), beside the
    /// full shoe's
    #[command(
        after_help = "Example:\n  certify shoe rules/21st_century_baccarat.yaml --remove \"7 7 K 3 9 9\"\n  certify shoe rules/lucky_8.yaml --remove \"8h 8h 5h 5h\" --json\n  certify shoe rules/punto_banco.yaml --decks 1 --composition \"A:4,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,T:4,J:4,Q:4,K:4\""
    )]
    Shoe(shoe::ShoeArgs),
    /// Game protection: what a player gains from seeing, or telling apart
    /// (edge sorting), the first cards of a round before bets close, exactly
    #[command(
        after_help = "Example:\n  certify protect rules/punto_banco.yaml\n  certify protect rules/punto_banco.yaml --scenario groups:4:best --json\n  certify protect rules/punto_banco.yaml --scenario groups:1:6789 --wagers player,banker\n  certify protect rules/golden_bacc.yaml --scenario ranks:1@player_pair"
    )]
    Protect(protect::ProtectArgs),
    /// Pay tables for a wager: every table on a grid of pays whose exact
    /// house edge (and hit frequency) is in range, how many there are, and
    /// the ones nearest the middle of the edge range
    #[command(
        after_help = "Example:\n  certify design rules/21st_century_baccarat.yaml --wager lucky_match --edge 4%..6% --max-pay 300\n  certify design rules/lucky_8.yaml --wager lucky_8_player --edge 5%..7% --pays natural_8=10..30 --json"
    )]
    Design(design::DesignArgs),
    /// Print the manual page (roff) on standard output
    #[command(after_help = "Example:\n  certify man > certify.1 && man ./certify.1")]
    Man,
    /// Serve the Language Server Protocol on standard input and output,
    /// for an editor: the checker's diagnostics as you type, completion,
    /// hover and go to definition in specs and fixtures, each pay table's
    /// house edge as an inlay hint (see docs/editors.md)
    #[command(after_help = "Example:\n  certify lsp     (started by the editor, not by hand)")]
    Lsp,
}

#[derive(Args, Debug)]
pub(super) struct LeafletArgs {
    /// The rule spec (YAML), e.g. rules/lucky_8.yaml
    pub(super) spec: String,
    /// Folder for the leaflet (default: reports), e.g. --out /tmp/leaflets
    #[arg(long, value_name = "DIR")]
    pub(super) out: Option<PathBuf>,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    pub(super) decks: Option<u32>,
    /// Folder of fixture files (default: fixtures/ beside the spec's
    /// folder), e.g. --fixtures tests/fixtures
    #[arg(long, value_name = "DIR")]
    pub(super) fixtures: Option<PathBuf>,
    /// The edition whose payout limits the leaflet states (washington), e.g.
    /// --edition washington
    #[arg(long, value_name = "NAME", value_parser = parse_edition)]
    pub(super) edition: Option<crate::model::Edition>,
    /// A wager's minimum bet in dollars, over the spec's, e.g. --min-bet lucky_7=1
    #[arg(long, value_name = "WAGER=DOLLARS", value_parser = super::values::parse_bet)]
    pub(super) min_bet: Vec<(String, crate::model::Ratio)>,
    /// A wager's maximum bet in dollars, over the spec's, e.g. --max-bet lucky_7=300
    #[arg(long, value_name = "WAGER=DOLLARS", value_parser = super::values::parse_bet)]
    pub(super) max_bet: Vec<(String, crate::model::Ratio)>,
    /// Write only this one of the leaflets the spec declares (`leaflets:`;
    /// default: every one), e.g. --leaflet dragons
    #[arg(long, value_name = "ID")]
    pub(super) leaflet: Option<String>,
}

#[derive(Args, Debug)]
pub(super) struct SettleArgs {
    /// The rule spec (YAML), e.g. rules/punto_banco.yaml
    pub(super) spec: String,
    /// Player's cards in deal order, e.g. 4s,Kd,4h
    #[arg(long, value_name = "CARDS")]
    pub(super) player: Option<String>,
    /// Banker's cards in deal order, e.g. 2c,Ks,4d
    #[arg(long, value_name = "CARDS")]
    pub(super) banker: Option<String>,
    /// Dealer's cards in deal order (games with a dealer hand), e.g. Kh,5s
    #[arg(long, value_name = "CARDS")]
    pub(super) dealer: Option<String>,
    /// The player's choice where the rules let the player decide: draw or stand
    #[arg(long, value_name = "CHOICE")]
    pub(super) decision: Option<String>,
    /// Decide by this strategy of the spec instead of its default, e.g. --strategy draw_0_to_5
    #[arg(long, value_name = "ID")]
    pub(super) strategy: Option<String>,
    /// Deck count (default: the spec's), e.g. --decks 6
    #[arg(long, value_name = "N")]
    pub(super) decks: Option<u32>,
    /// Print the result as JSON
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(Args, Debug)]
pub(super) struct TableArgs {
    /// Rule spec with a `table:` section (default: the round file's `spec:`),
    /// e.g. rules/21st_century_baccarat.yaml
    pub(super) spec: Option<String>,
    /// Round file (YAML): seats, wagers, player-dealer, cards, e.g.
    /// fixtures/tables/rotation.yaml
    #[arg(long)]
    pub(super) round: String,
    /// Print the result as JSON
    #[arg(long)]
    pub(super) json: bool,
}

fn parse_edition(text: &str) -> Result<crate::model::Edition, String> {
    crate::model::Edition::parse(text).ok_or_else(|| {
        let names: Vec<&str> = crate::model::Edition::ALL
            .iter()
            .map(|e| e.name())
            .collect();
        format!(
            "unknown edition `{text}`: expected one of {}",
            names.join(", ")
        )
    })
}
