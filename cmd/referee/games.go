package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"cardref/bots"
	"cardref/referee/games"
)

func gamesCommand() *cli.Command {
	return &cli.Command{
		Name:  "games",
		Usage: "list the games, their player counts and every option with its default, and the built-in bots",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
		Action: func(c *cli.Context) error {
			w := c.App.Writer
			if c.Bool("json") {
				type game struct {
					Name    string `json:"name"`
					Min     int    `json:"min_players"`
					Max     int    `json:"max_players"`
					Options any    `json:"options"`
				}
				var out []game
				for _, r := range games.All() {
					lo, hi := r.Players()
					out = append(out, game{r.Name(), lo, hi, r.Options()})
				}
				b, _ := json.MarshalIndent(map[string]any{"games": out, "bots": bots.Names()}, "", "  ")
				fmt.Fprintln(w, string(b))
				return nil
			}
			for _, r := range games.All() {
				lo, hi := r.Players()
				fmt.Fprintf(w, "%s — %d to %d players\n", r.Name(), lo, hi)
				tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "  option\tdefault\tvalues\twhat it does")
				for _, o := range r.Options() {
					fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", o.Name, o.Default, o.Allowed(), o.Help)
				}
				tw.Flush()
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, "built-in bots (use the name where a bot command goes):")
			for _, n := range bots.Names() {
				fmt.Fprintf(w, "  %-8s %s\n", n, bots.Help(n))
			}
			fmt.Fprintln(w, "\nset an option with --option name=value, e.g. referee play xeri --option target_score=101 greedy random")
			return nil
		},
	}
}

func botCommand() *cli.Command {
	return &cli.Command{
		Name:      "bot",
		Usage:     "run a built-in bot on stdin/stdout (what 'referee play' starts for a built-in name)",
		ArgsUsage: "NAME",
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usagef("bot takes one built-in bot name (%v)", bots.Names())
			}
			name := c.Args().First()
			if _, ok := bots.Lookup(name); !ok {
				return usagef("no built-in bot %q; the built-in bots are %v", name, bots.Names())
			}
			return bots.Serve(name, c.App.Reader, c.App.Writer, c.App.ErrWriter)
		},
	}
}
