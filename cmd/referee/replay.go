package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"cardref/referee"
	"cardref/referee/games"
	"cardref/referee/match"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "print a recorded game and verify that it reproduces from its seed and moves",
		ArgsUsage: "FILE",
		Description: "FILE holds one game record (from 'referee play --record' or --json) or one record per line.\n" +
			"The exit status is 1 if any game does not reproduce.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "game", Usage: "replay only the game with this `ID`"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "only verify; print no transcript"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usagef("replay takes one file of game records")
			}
			path := c.Args().First()
			recs, err := readRecords(path)
			if err != nil {
				return usageError{err}
			}
			w := c.App.Writer
			bad, n := 0, 0
			for _, rec := range recs {
				if id := c.String("game"); id != "" && rec.ID != id {
					continue
				}
				n++
				rules, err := games.Lookup(rec.Game)
				if err != nil {
					return usageError{fmt.Errorf("%s, game %s: %w", path, rec.ID, err)}
				}
				names := make([]string, rec.Players)
				for i := range names {
					names[i] = fmt.Sprintf("seat%d", i)
				}
				for _, b := range rec.Bots {
					if b.Seat >= 0 && b.Seat < len(names) {
						names[b.Seat] = b.Name
					}
				}
				if !c.Bool("quiet") {
					tr := &transcript{w: w, names: names}
					if nr, ok := rules.(referee.Narrator); ok {
						tr.narrator = nr
					}
					tr.header(rec.Game, rec.Seed, names)
					faultAt := map[int][]referee.Fault{}
					for _, f := range rec.Faults {
						faultAt[f.Move] = append(faultAt[f.Move], f)
					}
					for _, ev := range rec.Log {
						tr.raw(ev)
					}
					for _, f := range rec.Faults {
						tr.Fault(f)
					}
					tr.result(rec)
				}
				problems, err := match.Replay(rec, rules)
				if err != nil {
					return usageError{fmt.Errorf("%s, game %s: %w", path, rec.ID, err)}
				}
				if len(problems) == 0 {
					fmt.Fprintf(w, "game %s reproduces: same deal, moves, events and result\n", rec.ID)
					continue
				}
				bad++
				fmt.Fprintf(w, "game %s does NOT reproduce:\n", rec.ID)
				for _, p := range problems {
					fmt.Fprintf(w, "  %s\n", p)
				}
			}
			if n == 0 {
				return usagef("%s: no game with id %q", path, c.String("game"))
			}
			if bad > 0 {
				return fmt.Errorf("%d of %d games did not reproduce", bad, n)
			}
			return nil
		},
	}
}

// readRecords reads one JSON record, or one record per line.
func readRecords(path string) ([]*match.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the game records: %w", err)
	}
	var one match.Record
	if err := json.Unmarshal(data, &one); err == nil && one.Format != "" {
		return []*match.Record{&one}, nil
	}
	var out []*match.Record
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var r match.Record
		if err := json.Unmarshal(line, &r); err != nil || r.Format == "" {
			return nil, fmt.Errorf("%s:%d: not a game record (expected the JSON that 'referee play --record' writes)", path, ln)
		}
		out = append(out, &r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no game record", path)
	}
	return out, nil
}
