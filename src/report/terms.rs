//! The edition's words for the report's terms. In a California card room
//! the house banks nothing: what the laboratory edition calls the house
//! edge is the advantage of the player-dealer position, and that is the
//! only name the California edition may use. Every renderer takes the
//! term from here, so an edition's vocabulary is chosen before the text
//! is written, never found and replaced in it.

/// Which vocabulary a document uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// The figures are the advantage of a rotating player-dealer position:
    /// no house-edge wording anywhere.
    pub player_dealer: bool,
}

impl Terms {
    pub const HOUSE: Terms = Terms {
        player_dealer: false,
    };
    pub const PLAYER_DEALER: Terms = Terms {
        player_dealer: true,
    };

    /// The laboratory's word or the player-dealer's, by vocabulary.
    fn pick(self, house: &'static str, player_dealer: &'static str) -> &'static str {
        if self.player_dealer {
            player_dealer
        } else {
            house
        }
    }

    /// "house edge" / "player-dealer advantage".
    pub fn edge(self) -> &'static str {
        self.pick("house edge", "player-dealer advantage")
    }

    /// "House edge" / "Player-dealer advantage".
    pub fn edge_cap(self) -> &'static str {
        self.pick("House edge", "Player-dealer advantage")
    }

    /// "house edges" / "player-dealer advantages".
    pub fn edges(self) -> &'static str {
        self.pick("house edges", "player-dealer advantages")
    }

    /// "House edges" / "Player-dealer advantages".
    pub fn edges_cap(self) -> &'static str {
        self.pick("House edges", "Player-dealer advantages")
    }

    /// Who keeps the edge: "the house" / "the player-dealer position".
    pub fn keeper(self) -> &'static str {
        self.pick("the house", "the player-dealer position")
    }
}

/// Whether a text uses a house-edge word (what the player-dealer
/// vocabulary must never show).
pub fn house_wording(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["house edge", "house advantage", "edge for the house"]
        .iter()
        .any(|w| lower.contains(w))
}
