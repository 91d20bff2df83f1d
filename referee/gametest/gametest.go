// Package gametest is the conformance suite that every rules engine must
// pass: random legal play always terminates; every listed legal move
// applies; illegal moves are refused with a reason and change nothing; the
// same seed and moves give byte-identical views; every view and event
// encodes to JSON; results are well formed; and no view or event shows a
// seat a card it may not know.
package gametest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"cardref/referee"
)

// Config is one table set-up to test: a player count and options.
type Config struct {
	Players int
	Options referee.Options
	// MaxMoves bounds a game; reaching it is a termination failure.
	// Default 1,000,000.
	MaxMoves int
}

func (c Config) String() string {
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := []string{fmt.Sprintf("%dp", c.Players)}
	for _, k := range keys {
		parts = append(parts, k+"="+c.Options[k])
	}
	return strings.Join(parts, ",")
}

// Run plays games random games of rules under every config and reports
// every broken property as a test failure.
func Run(t *testing.T, rules referee.Rules, configs []Config, games int) {
	t.Helper()
	for _, cfg := range configs {
		t.Run(cfg.String(), func(t *testing.T) {
			for seed := range uint64(games) {
				if err := Check(rules, cfg, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

// Check plays one random game (deal seed and move choices from seed) and
// checks every property on the way. It returns the first violation.
func Check(rules referee.Rules, cfg Config, seed uint64) error {
	maxMoves := cfg.MaxMoves
	if maxMoves == 0 {
		maxMoves = 1_000_000
	}
	g, err := rules.New(cfg.Players, cfg.Options, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	twin, _ := rules.New(cfg.Players, cfg.Options, rand.New(rand.NewPCG(seed, 1)))
	sec, ok := g.(referee.Secrets)
	if !ok {
		return errors.New("the engine does not implement referee.Secrets, so it cannot be checked for leaks")
	}
	choose := rand.New(rand.NewPCG(seed, 2))
	n := cfg.Players
	var moves []referee.Move

	// The opening events are checked against what is hidden once the deal
	// is done, less the cards shown to everyone (rejected starting piles,
	// say, which are public and then go back into the stock).
	public := cardsIn(g.Log().For(referee.NoSeat, 0))
	for s := range n {
		hidden := minus(sec.Hidden(referee.Seat(s)), public)
		if err := NoLeak(fmt.Sprintf("opening events for seat %d", s), g.Log().For(referee.Seat(s), 0), hidden); err != nil {
			return err
		}
	}
	// From here on, each event is checked as it is logged, against what
	// each seat may know at that moment.
	var leak error
	step := 0
	g.Log().Watch(func(i int) {
		for s := 0; s < n && leak == nil; s++ {
			evs := g.Log().For(referee.Seat(s), i)
			if _, err := json.Marshal(evs); err != nil {
				leak = fmt.Errorf("move %d: event %d for seat %d does not encode: %w", step, i, s, err)
			}
			if leak == nil {
				leak = NoLeak(fmt.Sprintf("move %d: event %d for seat %d", step, i, s), evs, sec.Hidden(referee.Seat(s)))
			}
		}
	})

	for ; ; step++ {
		if err := sameViews(g, twin, n); err != nil {
			return fmt.Errorf("move %d: same seed and moves, different games: %w", step, err)
		}
		if leak != nil {
			return leak
		}
		for s := range n {
			if err := NoLeak(fmt.Sprintf("move %d: view of seat %d", step, s), g.View(referee.Seat(s)), sec.Hidden(referee.Seat(s))); err != nil {
				return err
			}
		}
		actor := g.ToAct()
		if actor == referee.NoSeat {
			break
		}
		if step >= maxMoves {
			return fmt.Errorf("random play did not end within %d moves", maxMoves)
		}
		legal := g.Legal(actor)
		if err := refuses(g, actor, legal, n); err != nil {
			return fmt.Errorf("move %d: %w", step, err)
		}
		if step%10 == 0 && len(legal.Moves) > 1 {
			if err := allApply(rules, cfg, seed, moves, actor, legal.Moves); err != nil {
				return fmt.Errorf("move %d: %w", step, err)
			}
		}
		m, err := referee.RandomMove(g, actor, choose)
		if err != nil {
			return fmt.Errorf("move %d: %w", step, err)
		}
		if err := g.Apply(actor, m); err != nil {
			return fmt.Errorf("move %d: a legal move %+v of %v was refused: %w", step, m, actor, err)
		}
		if err := twin.Apply(actor, m); err != nil {
			return fmt.Errorf("move %d: the twin game refused %+v: %w", step, m, err)
		}
		moves = append(moves, m)
	}
	if err := sameLogs(g, twin); err != nil {
		return fmt.Errorf("same seed and moves, different games: %w", err)
	}
	return checkResult(g, n)
}

func checkResult(g referee.Game, n int) error {
	res, over := g.Result()
	if !over {
		return errors.New("ToAct is NoSeat but Result says the game is not over")
	}
	if len(g.Legal(0).Moves) != 0 {
		return errors.New("the game is over but seat 0 still has legal moves")
	}
	if len(res.Ranks) != n || len(res.Scores) != n {
		return fmt.Errorf("result has %d ranks and %d scores for %d seats", len(res.Ranks), len(res.Scores), n)
	}
	first := false
	for s, r := range res.Ranks {
		if r < 1 || r > n {
			return fmt.Errorf("seat %d has rank %d, outside 1..%d", s, r, n)
		}
		first = first || r == 1
	}
	if !first {
		return fmt.Errorf("nobody ranks first: %v", res.Ranks)
	}
	if _, err := json.Marshal(res); err != nil {
		return fmt.Errorf("result does not encode: %w", err)
	}
	if err := g.Apply(0, referee.Move{}); !errors.Is(err, referee.ErrIllegalMove) {
		return fmt.Errorf("a move after the end was not refused as illegal: %v", err)
	}
	return nil
}

// snapshot encodes every seat's view, the public view and the log length.
func snapshot(g referee.Game, n int) (string, error) {
	var b strings.Builder
	for s := -1; s < n; s++ {
		j, err := json.Marshal(g.View(referee.Seat(s)))
		if err != nil {
			return "", fmt.Errorf("view of %v does not encode: %w", referee.Seat(s), err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "log %d, to act %d", g.Log().Len(), g.ToAct())
	return b.String(), nil
}

func sameViews(a, b referee.Game, n int) error {
	sa, err := snapshot(a, n)
	if err != nil {
		return err
	}
	sb, _ := snapshot(b, n)
	if sa != sb {
		return fmt.Errorf("views differ:\n%s\n%s", sa, sb)
	}
	return nil
}

func sameLogs(a, b referee.Game) error {
	ta, _ := json.Marshal(a.Log().Truth(0))
	tb, _ := json.Marshal(b.Log().Truth(0))
	if string(ta) != string(tb) {
		return errors.New("event logs differ")
	}
	return nil
}

// refuses tries moves that must be refused and checks that they change
// nothing.
func refuses(g referee.Game, actor referee.Seat, legal referee.Legal, n int) error {
	bad := []struct {
		seat referee.Seat
		m    referee.Move
	}{
		{actor, referee.Move{Card: "QX", Action: "play"}},
		{actor, referee.Move{Action: "no-such-action", Card: "ZZ"}},
		{actor, referee.Move{Cards: []string{"1Z"}, Action: "lead", Rank: "Z"}},
	}
	if len(legal.Moves) > 0 {
		bad = append(bad, struct {
			seat referee.Seat
			m    referee.Move
		}{(actor + 1) % referee.Seat(n), legal.Moves[0]})
	}
	before, err := snapshot(g, n)
	if err != nil {
		return err
	}
	for _, b := range bad {
		err := g.Apply(b.seat, b.m)
		if err == nil {
			return fmt.Errorf("illegal move %+v by %v was accepted", b.m, b.seat)
		}
		if !errors.Is(err, referee.ErrIllegalMove) {
			return fmt.Errorf("illegal move %+v by %v: error %q does not wrap ErrIllegalMove", b.m, b.seat, err)
		}
		if len(strings.TrimPrefix(err.Error(), referee.ErrIllegalMove.Error()+": ")) < 10 {
			return fmt.Errorf("illegal move %+v: the reason %q does not help a bot author", b.m, err)
		}
		if after, _ := snapshot(g, n); after != before {
			return fmt.Errorf("refused move %+v by %v changed the game", b.m, b.seat)
		}
	}
	return nil
}

// allApply replays the game to this point once per listed move and checks
// that each one applies.
func allApply(rules referee.Rules, cfg Config, seed uint64, prefix []referee.Move, actor referee.Seat, listed []referee.Move) error {
	for _, m := range listed {
		g, err := rules.New(cfg.Players, cfg.Options, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			return err
		}
		for _, p := range prefix {
			if err := g.Apply(g.ToAct(), p); err != nil {
				return fmt.Errorf("replay refused %+v: %w", p, err)
			}
		}
		if err := g.Apply(actor, m); err != nil {
			return fmt.Errorf("listed legal move %+v was refused: %w", m, err)
		}
	}
	return nil
}

// Opts builds options from name, value pairs.
func Opts(kv ...string) referee.Options {
	m := referee.Options{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// BenchmarkRandomPlay plays whole games of rules at each table size with
// random legal moves straight on the engine, and reports moves per second.
func BenchmarkRandomPlay(b *testing.B, rules referee.Rules, sizes ...int) {
	for _, players := range sizes {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(99, 1))
			moves := 0
			for i := 0; i < b.N; i++ {
				g, err := rules.New(players, nil, rand.New(rand.NewPCG(uint64(i), 1)))
				if err != nil {
					b.Fatal(err)
				}
				for s := g.ToAct(); s != referee.NoSeat; s = g.ToAct() {
					m, err := referee.RandomMove(g, s, rng)
					if err == nil {
						err = g.Apply(s, m)
					}
					if err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
