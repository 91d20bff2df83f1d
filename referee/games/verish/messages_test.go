package verish

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"cardref/bots"
	"cardref/protocol"
	"cardref/referee"
	"cardref/referee/gametest"
	"cardref/referee/match"
)

// spyRules hands out games like Rules, and keeps the last one so that the
// test can ask it what each seat may know.
type spyRules struct {
	Rules
	game *Game
}

func (r *spyRules) New(n int, o referee.Options, rng *rand.Rand) (referee.Game, error) {
	g, err := r.Rules.New(n, o, rng)
	if err == nil {
		r.game = g.(*Game)
	}
	return g, err
}

// spy is a seat's player that checks every message the referee sends it
// against the cards that seat has seen, before passing it to a real bot.
type spy struct {
	match.Local
	rules *spyRules
	seat  int
	err   *error
	sent  *int
}

func (s *spy) check(what string, msg any) {
	if *s.err != nil {
		return
	}
	*s.err = gametest.NoLeak(fmt.Sprintf("%s to seat %d", what, s.seat), msg, s.rules.game.Hidden(referee.Seat(s.seat)))
	*s.sent++
}

func (s *spy) Start(ctx context.Context, gs *protocol.GameStart) error {
	s.check("game_start", gs)
	return s.Local.Start(ctx, gs)
}

func (s *spy) Decide(ctx context.Context, req *protocol.Request, limit time.Duration) (referee.Move, error) {
	s.check(fmt.Sprintf("request %d", req.ID), req)
	return s.Local.Decide(ctx, req, limit)
}

func (s *spy) Finish(over *protocol.GameOver) { s.check("game_over", over) }

// TestNoMessageNamesACardTheSeatCannotKnow replays many games between the
// built-in bots and checks every message each seat receives — view, events,
// the choice, the result — against the cards that seat has legitimately
// seen: its own, revealed plays, discarded fours, piles it picked up.
func TestNoMessageNamesACardTheSeatCannotKnow(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 20
	}
	names := []string{"random", "honest", "counter"}
	sent := 0
	for i := range games {
		players := 2 + i%5
		o := referee.Options{}
		switch i % 4 {
		case 1:
			o[OptBelieveCheck] = "true"
		case 2:
			o[OptBelieveCheck], o[OptStay] = "true", "true"
		case 3:
			o[OptQuadDiscard] = QuadsAuto
		}
		rules := &spyRules{}
		var failure error
		seats := make([]match.Player, players)
		for s := range seats {
			mk, _ := bots.Lookup(names[(i+s)%len(names)])
			seats[s] = &spy{Local: match.Local{Make: mk}, rules: rules, seat: s, err: &failure, sent: &sent}
		}
		rec, err := match.Play(context.Background(), match.Config{Rules: rules, Options: o, Seed: uint64(i)}, seats)
		if err != nil {
			t.Fatal(err)
		}
		if failure != nil {
			t.Fatalf("game %d (%d players, %v): %v", i, players, o, failure)
		}
		if len(rec.Faults) > 0 {
			t.Fatalf("game %d: %+v", i, rec.Faults)
		}
	}
	if sent < games*20 {
		t.Fatalf("only %d messages checked", sent)
	}
	t.Logf("%d messages in %d games checked", sent, games)
}

// TestTheSpyCatchesALeak proves that the check above can fail: a message
// that names another seat's card is caught.
func TestTheSpyCatchesALeak(t *testing.T) {
	rules := &spyRules{}
	g, _ := rules.New(3, nil, rand.New(rand.NewPCG(1, 1)))
	var failure error
	n := 0
	s := &spy{rules: rules, seat: 0, err: &failure, sent: &n}
	other := g.(*Game).hands[1][0].String()
	s.check("a leaky request", map[string]any{"view": map[string]any{"peek": other}})
	if failure == nil || !strings.Contains(failure.Error(), other) {
		t.Fatalf("a message naming seat 1's %s to seat 0 was not caught: %v", other, failure)
	}
}
