//! `grundy serve`'s options, defined once: `grundy-serve` parses them, and
//! `grundy`, which includes this file as a module of its own so as not to
//! link the server, parses the same and hands them on. Only clap and std
//! are used here. Values are checked where they are read into the
//! server's `Config`.

use clap::Args;
use std::path::PathBuf;

#[derive(Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServeArgs {
    /// The address to listen on; 0.0.0.0 for the room's network [default: 127.0.0.1]
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<String>,
    /// The port; 0 picks a free one [default: 8080]
    #[arg(long, value_name = "P")]
    pub port: Option<u16>,
    /// Where grundy.sqlite is kept [default: ./grundy-data]
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The built playground to serve [default: ./dist]
    #[arg(long, value_name = "DIR")]
    pub dist: Option<PathBuf>,
    /// The address students open (a proxy's, or a name), for the join link and its QR code
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Let pages of this origin (https://school.example) change state too, besides the server's own; may be repeated
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// A proxy at this address names each client in X-Forwarded-For, and limits count the client; may be repeated
    #[arg(long, value_name = "ADDR")]
    pub trust_proxy: Vec<String>,
    /// Erase this class, its roster, questions and answers, from a data folder no server holds, and exit
    #[arg(long, value_name = "CODE")]
    pub delete_class: Option<String>,
}

impl ServeArgs {
    /// The options as a command line, for handing them on: parsed again,
    /// they are these.
    pub fn to_args(&self) -> Vec<String> {
        let path = |p: &PathBuf| p.display().to_string();
        let once = [
            ("--bind", self.bind.clone()),
            ("--port", self.port.map(|port| port.to_string())),
            ("--data", self.data.as_ref().map(path)),
            ("--dist", self.dist.as_ref().map(path)),
            ("--public-url", self.public_url.clone()),
            ("--delete-class", self.delete_class.clone()),
        ];
        let repeated = [
            ("--allow-origin", &self.allow_origin),
            ("--trust-proxy", &self.trust_proxy),
        ];
        let mut args = Vec::new();
        for (flag, value) in once {
            if let Some(value) = value {
                args.extend([flag.to_string(), value]);
            }
        }
        for (flag, values) in repeated {
            for value in values {
                args.extend([flag.to_string(), value.clone()]);
            }
        }
        args
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    #[test]
    fn options_handed_on_read_back_the_same() {
        // Every field set, so that one left out of `to_args` fails here.
        let args = ServeArgs {
            bind: Some("0.0.0.0".into()),
            port: Some(0),
            data: Some("/var/lib/grundy data".into()),
            dist: Some("dist".into()),
            public_url: Some("https://class.school.example/".into()),
            allow_origin: vec!["https://a.example".into(), "https://b.example".into()],
            trust_proxy: vec!["10.0.0.2".into()],
            delete_class: Some("ABC234".into()),
        };
        let line = std::iter::once("serve".to_string()).chain(args.to_args());
        assert_eq!(Serve::try_parse_from(line).unwrap().args, args);
    }
}
