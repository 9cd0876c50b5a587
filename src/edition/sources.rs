//! The texts each edition's requirements come from: which section, which
//! version (its filing and effective dates), where it was read and whether
//! the wording could be confirmed from the authority's own publication.
//! An edition cites these on the page; where a text could only be read in
//! a secondary copy, the page says so instead of presenting it as law.

/// How far the wording of a source was confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Confirmed {
    /// Read on the authority's own site.
    Official,
    /// Read only in a secondary copy or a summary: to be confirmed.
    Secondary,
}

/// One text an edition relies on.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// The citation as the page gives it.
    pub cite: &'static str,
    /// Its version: filing and effective dates, or the copy's date.
    pub version: &'static str,
    /// Where it was read.
    pub read_from: &'static str,
    pub confirmed: Confirmed,
    /// The day this version took effect (YYYY-MM-DD), where known.
    pub effective: Option<&'static str>,
    /// The day a later version replaced it, and which: None while in force.
    pub superseded: Option<(&'static str, &'static str)>,
}

/// The date the texts below were read for this version of certify.
pub const READ_ON: &str = "2026-11-26";

pub const WA_PAYOUT_2007: Source = Source {
    cite: "WAC 230-15-490, \"Limiting pay outs for odds-based wagers\"",
    version: "WSR 07-09-033 (Order 608), filed 2007-04-10, effective 2008-01-01",
    read_from: "apps.leg.wa.gov, Washington State Legislature",
    confirmed: Confirmed::Official,
    effective: Some("2008-01-01"),
    superseded: Some(("2021-06-14", "WSR 21-11-057")),
};

pub const WA_PAYOUT_2021: Source = Source {
    cite: "WAC 230-15-490, \"Aggregate payout limits for odds-based prizes\"",
    version: "WSR 21-11-057, filed 2021-05-14, effective 2021-06-14",
    read_from: "app.leg.wa.gov, Washington State Legislature",
    confirmed: Confirmed::Official,
    effective: Some("2021-06-14"),
    superseded: None,
};

pub const WA_POSTING: Source = Source {
    cite: "WAC 230-15-060, \"Posting rules for play\"",
    version: "WSR 21-11-057, effective 2021-06-14",
    read_from: "app.leg.wa.gov, Washington State Legislature",
    confirmed: Confirmed::Official,
    effective: Some("2021-06-14"),
    superseded: None,
};

pub const WA_ODDS_BASED: Source = Source {
    cite: "WAC 230-15-455 (1), definition of an odds-based wager",
    version: "WSR 09-15-070 (Order 654), effective 2010-01-01",
    read_from: "apps.leg.wa.gov, Washington State Legislature",
    confirmed: Confirmed::Official,
    effective: Some("2010-01-01"),
    superseded: None,
};

pub const CA_NOT_BANKED: Source = Source {
    cite: "California Penal Code section 330.11 (player-dealer games not banking games)",
    version: "text as reproduced by a research copy (self-law.org)",
    read_from: "a secondary copy; the official text (leginfo.legislature.ca.gov) was not reachable",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

pub const CA_REVIEW: Source = Source {
    cite: "California Bureau of Gambling Control, review of a game's rules for approval (the analysis of the player-dealer position the Bureau expects)",
    version: "as the rule document's cover frames the request (\"REQUEST FOR BUREAU OF GAMBLING CONTROL (BUREAU) APPROVAL\"); the Bureau's own list of what a submitted analysis must hold was not read",
    read_from: "the rule document's cover, which makes the request; the Bureau's own requirements for a submitted analysis were not read",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

pub const CA_FEES: Source = Source {
    cite: "California Penal Code section 337j (collection fees not a fraction or percentage of wagers or winnings; fixed before the hand)",
    version: "as restated under \"existing law\" in the Senate Governmental Organization Committee's analysis of AB 820, 2013-06-25",
    read_from: "leginfo.ca.gov bill analysis (the statute's own text was not read)",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

pub const NV_NEW_GAME: Source = Source {
    cite: "Nevada Gaming Commission Regulation 14.230(2) (new game application: rules of play, schedule of payouts, statistical evaluation of the theoretical percentages)",
    version: "as summarised by Lewis Roca Rothgerber Christie, \"Approval of New Games\", May 2008",
    read_from: "a law firm's summary (lrrc.com); the regulation's text was not read",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

pub const NV_VARIATION: Source = Source {
    cite: "Nevada Gaming Commission Regulation 14 (game variation: a new side wager or a changed pay table, approved by the Board's Chairman)",
    version: "as summarised in \"A Practical Guide for the Approval of New Games and Game Variations in Nevada\", 2016-09-01",
    read_from: "a law firm's summary (lrrc.com); the regulation's text was not read",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

pub const NJ_PAYOUT_ODDS: Source = Source {
    cite: "N.J.A.C. 13:69F (payout odds printed on a layout, sign or brochure stated with \"to\" or \"win\", never \"for\")",
    version: "sections 13:69F-13.6 and 13:69F-29.11, current through N.J.R. vol. 56 no. 21 (2024-11-04); the baccarat sections were not read",
    read_from: "copies of the New Jersey Administrative Code (casetext)",
    confirmed: Confirmed::Secondary,
    effective: None,
    superseded: None,
};

/// Every text the editions rely on, superseded ones included: the
/// register the manual's editions chapter prints.
pub const REGISTER: &[Source] = &[
    WA_PAYOUT_2021,
    WA_PAYOUT_2007,
    WA_POSTING,
    WA_ODDS_BASED,
    CA_NOT_BANKED,
    CA_REVIEW,
    CA_FEES,
    NV_NEW_GAME,
    NV_VARIATION,
    NJ_PAYOUT_ODDS,
];

impl Source {
    /// Whether this version is the one in force on `date` (YYYY-MM-DD):
    /// effective by then and not yet replaced. A text without dates is
    /// taken as in force (it names no later version).
    pub fn in_force_on(&self, date: &str) -> bool {
        self.effective.is_none_or(|e| e <= date)
            && self.superseded.is_none_or(|(until, _)| date < until)
    }

    /// The citation with its version and where it was read, as a cell.
    pub fn cell(&self) -> String {
        let status = match self.confirmed {
            Confirmed::Official => format!("read on the official site on {READ_ON}"),
            Confirmed::Secondary => format!(
                "NOT CONFIRMED: read on {READ_ON} in {}; to be checked against the official text before it is relied on",
                self.read_from
            ),
        };
        format!("{}; {}; {status}", self.cite, self.version)
    }
}
