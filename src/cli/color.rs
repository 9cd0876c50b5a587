//! Colour on a terminal: warnings yellow, errors red. `run` returns plain
//! text (tests and pipes see no escape codes); only `main` paints it, and
//! anstream strips the paint again unless the stream should have colour:
//! under `auto`, a terminal and no `NO_COLOR` (`CLICOLOR_FORCE` forces it);
//! `always` and `never` say so outright.

use anstyle::{AnsiColor, Style};

/// `--color WHEN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum When {
    Auto,
    Always,
    Never,
}

impl When {
    pub(super) fn choice(self) -> anstream::ColorChoice {
        match self {
            When::Auto => anstream::ColorChoice::Auto,
            When::Always => anstream::ColorChoice::Always,
            When::Never => anstream::ColorChoice::Never,
        }
    }
}

/// The arguments with `--color WHEN` (or `--color=WHEN`) moved to the end.
/// `--color` is global, so it may follow a subcommand; but before one, clap
/// (with `args_conflicts_with_subcommands`, which keeps `certify SPEC`'s
/// flags off the subcommands) would take it as the start of a run and the
/// subcommand's name as a spec.
pub(super) fn color_last<I: IntoIterator<Item = String>>(args: I) -> Vec<String> {
    let mut rest = vec![];
    let mut color = vec![];
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        if a == "--color" {
            color.push(a);
            color.extend(args.next());
        } else if a.starts_with("--color=") {
            color.push(a);
        } else {
            rest.push(a);
        }
    }
    rest.extend(color);
    rest
}

/// The text with its warnings and error headlines styled.
pub(crate) fn paint(text: &str) -> String {
    let warning = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
    let error = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body == "WARNINGS" || body.starts_with("  ! ") {
            out.push_str(&format!("{warning}{body}{warning:#}{end}"));
        } else if let Some(rest) = body.strip_prefix("error:") {
            out.push_str(&format!("{error}error:{error:#}{rest}{end}"));
        } else {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_and_errors_are_painted_and_nothing_else() {
        let text = "table\nWARNINGS\n  ! PLAYER ADVANTAGE: x\nerror: bad\nplain";
        let painted = paint(text);
        assert!(
            painted.contains("\u{1b}[33mWARNINGS\u{1b}[0m\n"),
            "{painted:?}"
        );
        assert!(painted.contains("\u{1b}[33m  ! PLAYER ADVANTAGE: x\u{1b}[0m\n"));
        assert!(painted.contains("error:\u{1b}[0m bad\n"));
        assert!(painted.starts_with("table\n") && painted.ends_with("plain"));
        // Stripped of its paint, the text is what `run` returned.
        let stripped = anstream::adapter::strip_str(&painted).to_string();
        assert_eq!(stripped, text);
    }
}
