package match

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"strings"
	"testing"
	"time"

	"cardref/bots"
	"cardref/protocol"
	"cardref/referee"
	"cardref/referee/games/xeri"
)

func builtin(t testing.TB, name string) Player {
	mk, ok := bots.Lookup(name)
	if !ok {
		t.Fatalf("no bot %s", name)
	}
	return &Local{Make: mk}
}

func playXeri(t testing.TB, seed uint64, opts referee.Options, players ...Player) *Record {
	t.Helper()
	rec, err := Play(context.Background(), Config{Rules: xeri.Rules{}, Options: opts, Seed: seed}, players)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func playGame(t testing.TB, rules referee.Rules, seed uint64, players []Player) *Record {
	t.Helper()
	rec, err := Play(context.Background(), Config{Rules: rules, Seed: seed}, players)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// -games sets how many games the win-rate tests play (for measuring).
var gamesFlag = flag.Int("games", 0, "games per win-rate test (default 400, 60 with -short)")

func TestGreedyBeatsRandomAtXeri(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	if *gamesFlag > 0 {
		games = *gamesFlag
	}
	wins, losses := 0, 0
	for i := range games {
		// Alternate seats so that neither bot keeps the first deal.
		gs, rs := 0, 1
		players := []Player{builtin(t, "greedy"), builtin(t, "random")}
		if i%2 == 1 {
			gs, rs = 1, 0
			players[0], players[1] = players[1], players[0]
		}
		rec := playXeri(t, uint64(i), nil, players...)
		switch {
		case rec.Result.Ranks[gs] < rec.Result.Ranks[rs]:
			wins++
		case rec.Result.Ranks[gs] > rec.Result.Ranks[rs]:
			losses++
		}
	}
	rate := float64(wins) / float64(games)
	t.Logf("greedy v random at xeri: %d wins, %d losses in %d games (%.1f%%)", wins, losses, games, 100*rate)
	if rate < 0.7 {
		t.Fatalf("greedy won %.1f%% of %d games against random, want at least 70%%", 100*rate, games)
	}
}

func TestRecordReplaysAndCarriesTheDeck(t *testing.T) {
	rec := playXeri(t, 11, referee.Options{"show_bottom_card": "true"}, builtin(t, "greedy"), builtin(t, "random"))
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	problems, err := Replay(&back, xeri.Rules{})
	if err != nil || len(problems) > 0 {
		t.Fatalf("replay: %v %v", problems, err)
	}
	// Every round's deck order is in the record.
	decks := 0
	for _, ev := range back.Log {
		var e struct {
			Type string   `json:"type"`
			Deck []string `json:"deck"`
		}
		_ = json.Unmarshal(ev, &e)
		if e.Type == "shuffle" {
			decks++
			if len(e.Deck) < 40 {
				t.Fatalf("a shuffle event holds %d cards", len(e.Deck))
			}
		}
	}
	rounds := len(rec.Result.Detail.(xeri.Detail).Rounds)
	if decks < rounds {
		t.Fatalf("%d deck orders for %d rounds", decks, rounds)
	}

	// A tampered record does not reproduce.
	back.Moves[3].Move.Card = back.Moves[4].Move.Card
	if problems, _ := Replay(&back, xeri.Rules{}); len(problems) == 0 {
		t.Fatal("a record with a changed move still reproduced")
	}
}

// scripted is a player that misbehaves at a given decision.
type scripted struct {
	Player
	at   int
	err  error
	move *referee.Move
	n    int
	told []*protocol.Error
}

func (s *scripted) Decide(ctx context.Context, req *protocol.Request, limit time.Duration) (referee.Move, error) {
	s.n++
	if s.n == s.at {
		if s.err != nil {
			return referee.Move{}, s.err
		}
		return *s.move, nil
	}
	return s.Player.Decide(ctx, req, limit)
}

func (s *scripted) Tell(e *protocol.Error) { s.told = append(s.told, e) }

func TestIllegalMoveForfeitsTwoPlayerGame(t *testing.T) {
	bad := &scripted{Player: builtin(t, "random"), at: 3, move: &referee.Move{Card: "QX"}}
	rec := playXeri(t, 5, nil, builtin(t, "greedy"), bad)
	if rec.Result.End != referee.EndForfeit || rec.Result.Ranks[0] != 1 || rec.Result.Ranks[1] != 2 {
		t.Fatalf("result %+v, want seat 0 to win by forfeit", rec.Result)
	}
	if len(rec.Faults) != 1 || rec.Faults[0].Kind != referee.FaultIllegal || rec.Faults[0].Seat != 1 ||
		!strings.Contains(rec.Faults[0].Reason, `"QX" is not a card`) {
		t.Fatalf("faults %+v", rec.Faults)
	}
	if len(bad.told) != 1 || !bad.told[0].Fatal || !strings.Contains(bad.told[0].Message, "your hand is") {
		t.Fatalf("the bot was told %+v", bad.told)
	}
	if problems, err := Replay(rec, xeri.Rules{}); err != nil || len(problems) > 0 {
		t.Fatalf("a forfeited game must replay too: %v %v", problems, err)
	}
}

func TestFaultAtAThreePlayerTableIsPlayedOnByTheFallback(t *testing.T) {
	bad := &scripted{Player: builtin(t, "random"), at: 2, err: &referee.Fault{Kind: referee.FaultTimeout, Reason: "no move within 1s"}}
	rec := playXeri(t, 8, nil, builtin(t, "greedy"), bad, builtin(t, "random"))
	if rec.Result.Ranks[1] != 3 || rec.Result.End != referee.EndForfeit {
		t.Fatalf("result %+v: the faulting seat 1 must rank last", rec.Result)
	}
	fallback := 0
	for _, m := range rec.Moves {
		if m.Fallback {
			if m.Seat != 1 {
				t.Fatalf("the fallback played for seat %d", m.Seat)
			}
			fallback++
		}
	}
	if fallback == 0 {
		t.Fatal("nobody played on for the faulting seat: the others' game did not finish")
	}
	if _, over := (func() (referee.Result, bool) { return rec.Result, rec.Result.Ranks != nil })(); !over {
		t.Fatal("no result")
	}
	if problems, err := Replay(rec, xeri.Rules{}); err != nil || len(problems) > 0 {
		t.Fatalf("replay: %v %v", problems, err)
	}
}

func TestFaultInAPartnershipLosesForTheTeam(t *testing.T) {
	bad := &scripted{Player: builtin(t, "random"), at: 1, err: errors.New("boom")}
	rec := playXeri(t, 9, referee.Options{}, builtin(t, "random"), builtin(t, "random"), bad, builtin(t, "random"))
	r := rec.Result.Ranks
	if r[1] != 1 || r[3] != 1 || r[0] != 3 || r[2] != 3 {
		t.Fatalf("ranks %v: seat 2 faulted, so team {0,2} loses and {1,3} wins at once", r)
	}
	if len(rec.Moves) > 10 {
		t.Fatalf("the game went on for %d moves after the only other side had forfeited", len(rec.Moves))
	}
}

func BenchmarkXeriMatchInProcess(b *testing.B) {
	decisions := 0
	for i := 0; i < b.N; i++ {
		rec := playXeri(b, uint64(i), nil, builtin(b, "greedy"), builtin(b, "random"))
		decisions += len(rec.Moves)
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

func TestSubstitutePolicyStrikesThenForfeits(t *testing.T) {
	// A bot that always plays a card it does not hold.
	bad := &scripted{Player: builtin(t, "random"), at: -1}
	always := &alwaysIllegal{Player: bad}
	rec, err := Play(context.Background(), Config{Rules: xeri.Rules{}, Seed: 4, Substitute: 3}, []Player{builtin(t, "greedy"), always})
	if err != nil {
		t.Fatal(err)
	}
	strikes := 0
	for _, f := range rec.Faults {
		if f.Strike > 0 {
			strikes++
		}
	}
	if strikes != 2 || len(rec.Faults) != 3 || rec.Faults[2].Strike != 0 || rec.Result.End != referee.EndForfeit || rec.Result.Ranks[1] != 2 {
		t.Fatalf("faults %+v, result %+v: want two strikes, then a forfeit on the third", rec.Faults, rec.Result)
	}
	subs := 0
	for _, m := range rec.Moves {
		if m.Substitute {
			subs++
		}
	}
	if subs != 2 {
		t.Fatalf("%d substitute moves, want 2", subs)
	}
	if len(always.told) != 3 || always.told[0].Fatal || !always.told[2].Fatal || !strings.Contains(always.told[0].Message, "strike 1 of 3") {
		t.Fatalf("the bot was told %+v", always.told)
	}
	if problems, err := Replay(rec, xeri.Rules{}); err != nil || len(problems) > 0 {
		t.Fatalf("replay: %v %v", problems, err)
	}
}

type alwaysIllegal struct {
	Player
	told []*protocol.Error
}

func (a *alwaysIllegal) Decide(context.Context, *protocol.Request, time.Duration) (referee.Move, error) {
	return referee.Move{Card: "ZZ"}, nil
}

func (a *alwaysIllegal) Tell(e *protocol.Error) { a.told = append(a.told, e) }

func TestAPanickingBotIsItsOwnCrash(t *testing.T) {
	panicky := &Local{Make: func(*protocol.GameStart) (bots.Bot, error) { return panicBot{}, nil }}
	rec := playXeri(t, 1, nil, builtin(t, "greedy"), panicky)
	if len(rec.Faults) != 1 || rec.Faults[0].Kind != referee.FaultCrash || !strings.Contains(rec.Faults[0].Reason, "panicked") {
		t.Fatalf("faults %+v", rec.Faults)
	}
}

type panicBot struct{}

func (panicBot) Move(*protocol.Request) (protocol.Move, error) { panic("index out of range") }

// finishSpy keeps the game_over message.
type finishSpy struct {
	Player
	over *protocol.GameOver
}

func (f *finishSpy) Finish(o *protocol.GameOver) { f.over = o }

func TestRevealSendsTheWholeGameAtTheEnd(t *testing.T) {
	for _, reveal := range []bool{false, true} {
		spy := &finishSpy{Player: builtin(t, "random")}
		_, err := Play(context.Background(), Config{Rules: xeri.Rules{}, Seed: 2, Reveal: reveal}, []Player{builtin(t, "greedy"), spy})
		if err != nil {
			t.Fatal(err)
		}
		shuffles := 0
		for _, ev := range spy.over.Reveal {
			if strings.Contains(string(ev), `"type":"shuffle"`) {
				shuffles++
			}
		}
		if reveal != (shuffles > 0) {
			t.Fatalf("reveal=%v: %d shuffle events in game_over", reveal, shuffles)
		}
		for _, ev := range spy.over.Events {
			if strings.Contains(string(ev), `"type":"shuffle"`) {
				t.Fatal("a shuffle reached a bot in the ordinary events")
			}
		}
	}
}
