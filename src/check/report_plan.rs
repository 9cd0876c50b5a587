//! Checking the `report:` section: a real calendar date of analysis, a
//! number of simulated rounds a command line could also ask for, and a
//! number of rounds dealt an hour.

use super::{Checker, width_of};
use crate::diag::spec::SpecError;
use crate::model::ReportPlan;
use crate::spec::raw::RawReportPlan;

impl Checker<'_> {
    pub(super) fn report_plan(&mut self, r: Option<&RawReportPlan>) -> ReportPlan {
        let Some(r) = r else {
            return ReportPlan::default();
        };
        let date = r.date.as_ref().and_then(|d| {
            let parsed = calendar_date(&d.value);
            if parsed.is_none() {
                let kind = SpecError::ReportDate {
                    date: d.value.clone(),
                };
                let diag = self.string_error(d, kind);
                diag.expected = Some("a date written YYYY-MM-DD, e.g. 2026-11-25".into());
                diag.found = Some(format!("`{}`", d.value));
            }
            parsed
        });
        let max = crate::limits::MAX_SIMULATE_ROUNDS;
        let simulate = r.simulate.as_ref().and_then(|n| {
            let ok = u64::try_from(n.value)
                .ok()
                .filter(|&v| (1..=max).contains(&v));
            if ok.is_none() {
                let found = n.value.to_string();
                let kind = SpecError::ReportRounds { rounds: n.value };
                let diag = self.error(n, width_of(&found), kind);
                diag.expected = Some(format!("a whole number of rounds from 1 to {max}"));
                diag.found = Some(found);
            }
            ok
        });
        let most = crate::model::MAX_ROUNDS_PER_HOUR;
        let rounds_per_hour = r.rounds_per_hour.as_ref().and_then(|n| {
            let ok = u32::try_from(n.value)
                .ok()
                .filter(|&v| (1..=most).contains(&v));
            if ok.is_none() {
                let found = n.value.to_string();
                let kind = SpecError::RoundsPerHour { rounds: n.value };
                let diag = self.error(n, width_of(&found), kind);
                diag.expected = Some(format!("a whole number of rounds from 1 to {most}"));
                diag.found = Some(found);
            }
            ok
        });
        ReportPlan {
            date,
            simulate,
            rounds_per_hour,
            ..ReportPlan::default()
        }
    }
}

/// `YYYY-MM-DD` naming a day of the Gregorian calendar.
pub(crate) fn calendar_date(text: &str) -> Option<(u16, u8, u8)> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    ((1..=days).contains(&d) && y >= 1).then_some((y as u16, m as u8, d as u8))
}

#[cfg(test)]
mod tests {
    use super::calendar_date;

    #[test]
    fn only_real_days_written_yyyy_mm_dd_are_dates() {
        assert_eq!(calendar_date("2026-11-25"), Some((2026, 11, 25)));
        assert_eq!(calendar_date("2024-02-29"), Some((2024, 2, 29)));
        for bad in [
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-11-31",
            "2026-1-25",
            "25/11/2026",
            "2026-11-2x",
            "0000-01-01",
            "",
            "2026-11-250",
        ] {
            assert_eq!(calendar_date(bad), None, "{bad}");
        }
    }
}
