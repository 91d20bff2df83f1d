package main

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"cardref/bots"
	"cardref/referee"
	"cardref/referee/cards"
	"cardref/referee/games"
	"cardref/referee/match"
	"cardref/referee/process"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:      "play",
		Usage:     "play one game between bots and print it",
		ArgsUsage: "GAME BOT BOT...",
		Description: "BOT is a built-in bot's name (see 'referee games') or a command line, quoted, such as\n" +
			"\"python3 bots/python/xeri_bot.py\". Seats follow the order of the bots.",
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Usage: "deal seed (default: random, and printed)"},
			&cli.StringSliceFlag{Name: "option", Aliases: []string{"o"}, Usage: "game option `name=value` (repeat it; see 'referee games')"},
			&cli.BoolFlag{Name: "json", Usage: "print the game record as JSON instead of a transcript"},
			&cli.StringFlag{Name: "record", Usage: "also save the game record to `FILE` (for 'referee replay')"},
			&cli.DurationFlag{Name: "move-time", Value: time.Second, Usage: "time a bot has for each move"},
			&cli.DurationFlag{Name: "startup-time", Value: process.DefaultStartup, Usage: "time a bot has to start and answer hello"},
			&cli.BoolFlag{Name: "reveal", Usage: "show every bot the whole game (deck orders, hidden cards) in game_over, for bots that learn"},
			&cli.DurationFlag{Name: "time-bank", Usage: "extra time a bot may draw on over the game when a move runs long"},
			&cli.BoolFlag{Name: "sandbox", Value: true, Usage: "run bots in the sandbox with the default limits (--sandbox=false to turn it off)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only the result"},
		},
		Action: play,
	}
}

func play(c *cli.Context) error {
	if c.Args().Len() < 1 {
		return usagef("play needs a game and its bots, e.g. 'referee play xeri greedy random' (games: 'referee games')")
	}
	rules, err := games.Lookup(c.Args().First())
	if err != nil {
		return usageError{err}
	}
	botArgs := c.Args().Slice()[1:]
	lo, hi := rules.Players()
	if len(botArgs) < lo || len(botArgs) > hi {
		return usagef("%s takes %d to %d bots, one per seat; got %d (e.g. 'referee play %s greedy random')", rules.Name(), lo, hi, len(botArgs), rules.Name())
	}
	opts, err := parseOptions(c.StringSlice("option"))
	if err != nil {
		return err
	}
	if err := checkOptions(rules, len(botArgs), opts); err != nil {
		return err
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		seed = randomSeed()
	}
	moveLimit, startup := c.Duration("move-time"), c.Duration("startup-time")
	if moveLimit <= 0 || startup <= 0 {
		return usagef("--move-time and --startup-time must be positive")
	}

	players := make([]match.Player, len(botArgs))
	infos := make([]match.BotInfo, len(botArgs))
	names := make([]string, len(botArgs))
	var procs []*process.Player
	for i, a := range botArgs {
		spec, info, err := resolveBot(a, i)
		if err != nil {
			return err
		}
		spec.Startup, spec.MoveLimit, spec.TimeBank = startup, moveLimit, c.Duration("time-bank")
		// Bots that would share the CPUs are stopped between their turns.
		spec.PauseIdle = len(botArgs) > runtime.NumCPU()
		if c.Bool("sandbox") {
			limits := process.DefaultLimits
			spec.Limits = &limits
		}
		p := &process.Player{Spec: spec}
		procs = append(procs, p)
		players[i], infos[i], names[i] = p, info, info.Name
	}
	uniqueNames(names, infos)
	defer func() {
		for _, p := range procs {
			p.Close()
		}
	}()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := c.App.Writer
	var tr *transcript
	if !c.Bool("json") {
		tr = &transcript{w: w, names: names, quiet: c.Bool("quiet")}
		if nr, ok := rules.(referee.Narrator); ok {
			tr.narrator = nr
		}
		tr.header(rules.Name(), seed, names)
	}
	if c.Bool("sandbox") {
		if r := process.SandboxReport(); strings.Contains(r, "not enforced") {
			fmt.Fprintln(c.App.ErrWriter, "referee:", r)
		}
	}
	cfg := match.Config{Rules: rules, Options: opts, Seed: seed, Names: names, Bots: infos, MoveLimit: moveLimit, TimeBank: c.Duration("time-bank"), Reveal: c.Bool("reveal")}
	if tr != nil {
		cfg.Observer = tr
	}
	rec, err := match.Play(ctx, cfg, players)
	if err != nil {
		return fmt.Errorf("the game could not be played: %w", err)
	}
	if path := c.String("record"); path != "" {
		if err := writeRecord(path, rec); err != nil {
			return err
		}
	}
	if c.Bool("json") {
		b, _ := json.MarshalIndent(rec, "", "  ")
		fmt.Fprintln(w, string(b))
		return nil
	}
	tr.result(rec)
	return nil
}

func parseOptions(kvs []string) (referee.Options, error) {
	opts := referee.Options{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, usagef("--option %q: write it as name=value, e.g. --option target_score=101", kv)
		}
		opts[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return opts, nil
}

// checkOptions refuses bad options before any bot is started.
func checkOptions(rules referee.Rules, players int, opts referee.Options) error {
	if _, err := rules.New(players, opts, cards.NewRand(0)); err != nil {
		if errors.Is(err, referee.ErrBadOptions) {
			return usageError{err}
		}
		return err
	}
	return nil
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 1
}

// resolveBot turns a BOT argument into a process to run: a built-in bot
// runs as this same program's 'bot' command, anything else as a shell
// command line.
func resolveBot(arg string, seat int) (process.Spec, match.BotInfo, error) {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return process.Spec{}, match.BotInfo{}, usagef("bot %d is empty: give a built-in name or a command", seat+1)
	}
	if _, ok := bots.Lookup(arg); ok {
		exe, err := os.Executable()
		if err != nil {
			return process.Spec{}, match.BotInfo{}, fmt.Errorf("cannot find the referee's own program to run bot %s: %w", arg, err)
		}
		return process.Spec{Name: arg, Argv: []string{exe, "bot", arg}},
			match.BotInfo{Seat: seat, Name: arg, Builtin: arg}, nil
	}
	name := commandName(arg)
	return process.Spec{Name: name, Argv: []string{"/bin/sh", "-c", "exec " + arg}},
		match.BotInfo{Seat: seat, Name: name, Command: arg}, nil
}

// commandName names a bot after its script or program: "python3
// bots/python/xeri_bot.py" is "xeri_bot".
func commandName(cmd string) string {
	f := strings.Fields(cmd)
	pick := f[0]
	for _, x := range f[1:] {
		if strings.Trim(x, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") == "" &&
			(strings.Contains(x, ".") || strings.Contains(x, "/")) {
			pick = x
			break
		}
	}
	base := filepath.Base(pick)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// uniqueNames numbers repeated names: random, random#2.
func uniqueNames(names []string, infos []match.BotInfo) {
	count := map[string]int{}
	for i, n := range names {
		count[n]++
		if count[n] > 1 {
			names[i] = fmt.Sprintf("%s#%d", n, count[n])
			infos[i].Name = names[i]
		}
	}
}

func writeRecord(path string, rec *match.Record) error {
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("cannot save the record: %w", err)
	}
	return nil
}
