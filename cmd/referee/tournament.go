package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"cardref/referee/process"
	"cardref/tournaments"
	"cardref/tournaments/rating"
)

func tournamentCommand() *cli.Command {
	return &cli.Command{
		Name:  "tournament",
		Usage: "run a tournament from a YAML file, report on it, or check the file",
		Subcommands: []*cli.Command{
			{
				Name:      "run",
				Usage:     "play every game of the tournament (again: resume), then print the standings",
				ArgsUsage: "CONFIG.yaml",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "out", Usage: "results `DIR` (default: the config's out, or results/NAME)"},
					&cli.IntFlag{Name: "concurrency", Usage: "games at once (default: the config's, or the number of CPUs)"},
				},
				Action: tournamentRun,
			},
			{
				Name:      "report",
				Usage:     "standings, cross-table and faults from a results folder",
				ArgsUsage: "DIR",
				Flags: []cli.Flag{
					&cli.BoolFlag{Name: "json", Usage: "the whole report as JSON"},
					&cli.BoolFlag{Name: "csv", Usage: "the standings as CSV"},
					&cli.StringFlag{Name: "pgn", Usage: "also export pairwise results as minimal PGN to `FILE` (for Ordo)"},
					&cli.StringFlag{Name: "anchor", Usage: "pin this bot's rating at 0 instead of centring"},
				},
				Action: tournamentReport,
			},
			{
				Name:      "validate",
				Usage:     "check a tournament file without playing",
				ArgsUsage: "CONFIG.yaml",
				Action: func(c *cli.Context) error {
					cfg, err := loadConfigArg(c)
					if err != nil {
						return err
					}
					jobs, _ := cfg.Schedule()
					fmt.Fprintf(c.App.Writer, "%s is valid: %s, %d bots, %d-player tables, %s, %d games\n",
						cfg.Path, cfg.Game, len(cfg.Bots), cfg.Players, cfg.Format, len(jobs))
					return nil
				},
			},
		},
	}
}

func loadConfigArg(c *cli.Context) (*tournaments.Config, error) {
	if c.Args().Len() != 1 {
		return nil, usagef("give one tournament file, e.g. tournaments/examples/xeri.yaml")
	}
	cfg, err := tournaments.LoadConfig(c.Args().First())
	if err != nil {
		return nil, usageError{err}
	}
	return cfg, nil
}

func tournamentRun(c *cli.Context) error {
	cfg, err := loadConfigArg(c)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the referee's own program to run the built-in bots: %w", err)
	}
	r := &tournaments.Runner{Config: cfg, Out: c.String("out"), Concurrency: c.Int("concurrency"),
		BuiltinArgv: func(name string) []string { return []string{exe, "bot", name} }}
	if f, ok := c.App.ErrWriter.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		r.Progress = &barProgress{}
	} else {
		r.Progress = &tournaments.LineProgress{W: c.App.ErrWriter}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dir := r.OutDir()
	fmt.Fprintf(c.App.ErrWriter, "tournament %s: results in %s\n", cfg.Name, dir)
	if cfg.Sandbox.Enabled {
		fmt.Fprintln(c.App.ErrWriter, process.SandboxReport())
	} else {
		fmt.Fprintln(c.App.ErrWriter, "sandbox: off (sandbox: {enabled: false}); bots run with the referee's rights")
	}
	if _, err := r.Run(ctx); err != nil {
		if errors.Is(err, tournaments.ErrConfigChanged) {
			return usageError{err}
		}
		return err
	}
	rep, err := tournaments.BuildReport(dir, "")
	if err != nil {
		return err
	}
	rep.WriteText(c.App.Writer)
	fmt.Fprintf(c.App.Writer, "\nMore: referee tournament report %s  (--json, --csv, --pgn FILE)\n", dir)
	return nil
}

func tournamentReport(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usagef("give one results folder, e.g. results/xeri-demo")
	}
	rep, err := tournaments.BuildReport(c.Args().First(), c.String("anchor"))
	if err != nil {
		return usageError{err}
	}
	if path := c.String("pgn"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := rep.WritePGN(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	switch {
	case c.Bool("json"):
		return rep.WriteJSON(c.App.Writer)
	case c.Bool("csv"):
		return rep.WriteCSV(c.App.Writer)
	}
	rep.WriteText(c.App.Writer)
	return nil
}

// barProgress draws a progress bar on a terminal.
type barProgress struct {
	bar    *progressbar.ProgressBar
	faults int
}

func (p *barProgress) Start(total, done int) {
	p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionShowCount(),
		progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"), progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetDescription("games"), progressbar.OptionClearOnFinish())
	_ = p.bar.Set(done)
}

func (p *barProgress) Done(_ *tournaments.GameLine, faults int) {
	p.faults += faults
	p.bar.Describe(fmt.Sprintf("games (faults %d)", p.faults))
	_ = p.bar.Add(1)
}

func (p *barProgress) Finish() { _ = p.bar.Finish() }

func rateCommand() *cli.Command {
	return &cli.Command{
		Name:      "rate",
		Usage:     "Elo ratings with error bars for any results file",
		ArgsUsage: "FILE",
		Description: "FILE is a tournament's games.jsonl, a finishing-order text file (one game per line, best\n" +
			"first, '=' joining tied players), minimal PGN (White, Black, Result) or CSV (white,black,white_score).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "anchor", Usage: "pin `BOT` (or BOT=ELO) instead of centring on 0"},
			&cli.BoolFlag{Name: "seat-advantage", Usage: "also fit an advantage for each seat after the first"},
			&cli.Float64Flag{Name: "prior", Value: -1, Usage: "virtual draws per bot against a 0-rated bot; 0 refuses data with no finite ratings; default: 1, only when needed"},
			&cli.BoolFlag{Name: "los", Usage: "print the likelihood-of-superiority matrix"},
			&cli.BoolFlag{Name: "json", Usage: "print as JSON"},
		},
		Action: rate,
	}
}

func rate(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usagef("rate takes one results file")
	}
	path := c.Args().First()
	games, err := readResults(path)
	if err != nil {
		return usageError{err}
	}
	opt := rating.Options{SeatAdvantage: c.Bool("seat-advantage"), Prior: c.Float64("prior")}
	if a := c.String("anchor"); a != "" {
		name, elo, ok := strings.Cut(a, "=")
		opt.Anchor = name
		if ok {
			v, err := strconv.ParseFloat(elo, 64)
			if err != nil {
				return usagef("--anchor %q: write BOT or BOT=ELO, e.g. --anchor random=1000", a)
			}
			opt.AnchorElo = v
		}
	}
	res, err := rating.Fit(games, opt)
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", path, err)}
	}
	w := c.App.Writer
	if c.Bool("json") {
		return (&tournaments.Report{Rating: res}).WriteJSON(w)
	}
	fmt.Fprintf(w, "%d games, %d clusters; Plackett–Luce maximum likelihood, Elo scale\n\n", res.Games, res.Clusters)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tbot\tElo\t±95%\tSE (model)\tgames\tscore\t")
	for i, p := range res.Players {
		elo := fmt.Sprintf("%+.1f", p.Elo)
		if p.Flag != "" {
			elo += "*"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.1f\t%.1f\t%d\t%.1f%%\t\n", i+1, p.Name, elo, p.CI95(), p.SEModel, p.Games, 100*p.Score)
	}
	tw.Flush()
	for _, p := range res.Players {
		if p.Flag != "" {
			fmt.Fprintf(w, "* %s %s: no finite rating exists; the estimate uses a weak prior\n", p.Name, p.Flag)
		}
	}
	if len(res.SeatAdvantage) > 1 {
		for s, a := range res.SeatAdvantage[1:] {
			fmt.Fprintf(w, "seat %d's advantage over seat 0: %+.1f Elo\n", s+1, a)
		}
	}
	if c.Bool("los") {
		fmt.Fprintln(w, "\nLikelihood of superiority (row stronger than column):")
		names := make([]string, len(res.Players))
		for i, p := range res.Players {
			names[i] = p.Name
		}
		tournaments.WriteMatrix(w, names, func(i, j int) string { return fmt.Sprintf("%.3f", res.LOS[i][j]) })
	}
	return nil
}

// readResults reads any results file the rater understands.
func readResults(path string) ([]rating.Game, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".json":
		lines, _, err := tournaments.ReadGames(path)
		if err != nil {
			return nil, err
		}
		if len(lines) == 0 {
			return nil, fmt.Errorf("%s holds no finished game", path)
		}
		return tournaments.RatingGames(lines), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the results: %w", err)
	}
	defer f.Close()
	switch strings.ToLower(filepath.Ext(path)) {
	case ".pgn":
		return rating.ReadPGN(f, path)
	case ".csv":
		return rating.ReadCSV(f, path)
	}
	return rating.ReadOrders(f, path)
}
