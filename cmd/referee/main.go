// Command referee runs card-playing bots against each other: one game with
// `referee play`, a built-in bot with `referee bot`, and the check of a
// recorded game with `referee replay`. Run it with no arguments for help.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
)

// usageError is bad usage or bad input: exit status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run runs the CLI and returns the exit status: 0 done, 1 failure, 2 bad
// usage or input.
func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.Run(flagsFirst(app, args))
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "referee:", err)
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

const intro = `referee runs card-playing bots against each other and checks every move.

Your first game, between two built-in bots:

    referee play xeri greedy random --seed 1

Then put your own bot in (any language; protocol/README.md is the spec):

    referee play xeri greedy "python3 bots/python/xeri_bot.py"

`

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "referee",
		Usage:     "run card-playing bots against each other",
		Writer:    stdout,
		ErrWriter: stderr,
		Description: "Games: xeri, crazyeights, verish. Bots are programs in any language that talk JSON lines on stdin/stdout\n" +
			"(see protocol/README.md), or the built-in bots listed by 'referee games'.",
		HideHelpCommand: true,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		CommandNotFound: func(c *cli.Context, name string) {
			fmt.Fprintf(stderr, "referee: no command %q; the commands are games, play, bot, replay, tournament and rate (try 'referee --help')\n", name)
			cli.OsExiter(2)
		},
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return usagef("no command %q; the commands are games, play, bot, replay, tournament and rate (try 'referee --help')", c.Args().First())
			}
			fmt.Fprint(stdout, intro)
			return cli.ShowAppHelp(c)
		},
		Commands: []*cli.Command{gamesCommand(), playCommand(), botCommand(), replayCommand(), tournamentCommand(), rateCommand()},
	}
	var setUsage func([]*cli.Command)
	setUsage = func(cs []*cli.Command) {
		for _, c := range cs {
			c.OnUsageError = app.OnUsageError
			setUsage(c.Subcommands)
		}
	}
	setUsage(app.Commands)
	return app
}

// flagsFirst lets flags follow the arguments, as in 'referee play xeri
// greedy random --seed 1': it moves a command's flags (and their values)
// before its arguments, which is where the CLI library looks for them.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	cmds, at := app.Commands, 1
	var cmd *cli.Command
	for at < len(args) {
		var next *cli.Command
		for _, c := range cmds {
			if c.Name == args[at] {
				next = c
			}
		}
		if next == nil {
			break
		}
		cmd, cmds, at = next, next.Subcommands, at+1
		if len(cmds) == 0 {
			break
		}
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	in := args[at:]
	for i := 0; i < len(in); i++ {
		a := in[i]
		if a == "--" {
			rest = append(rest, in[i+1:]...)
			break
		}
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || a == "-" || name == "" {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		if n, _, hasValue := strings.Cut(name, "="); !hasValue && takesValue[n] && i+1 < len(in) {
			flags = append(flags, in[i+1])
			i++
		}
	}
	out := append(append([]string(nil), args[:at]...), flags...)
	if len(rest) > 0 {
		out = append(append(out, "--"), rest...)
	}
	return out
}
