package verish

import (
	"strings"
	"testing"

	"cardref/referee"
	"cardref/referee/cards"
)

// table lays out a game: the seats' hands (only the relevant cards) and the
// seat that leads the round.
func table(t *testing.T, players int, o referee.Options, hands []string, starter int) *Game {
	t.Helper()
	gm, err := Rules{}.New(players, o, cards.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	for s := range g.hands {
		g.hands[s] = cards.MustParse(hands[s])
		g.status[s], g.place[s] = active, 0
		g.known[s] = 0
		for _, c := range g.hands[s] {
			g.known[s] |= bit(c)
		}
	}
	g.emptied = nil
	g.startRound(starter)
	return g
}

func lead(t *testing.T, g *Game, s int, cs, rank string) {
	t.Helper()
	if err := g.Apply(referee.Seat(s), referee.Move{Action: "lead", Cards: strings.Fields(cs), Rank: rank}); err != nil {
		t.Fatalf("seat %d leads %s as %s: %v", s, cs, rank, err)
	}
}

func follow(t *testing.T, g *Game, s int, cs string) {
	t.Helper()
	if err := g.Apply(referee.Seat(s), referee.Move{Action: "follow", Cards: strings.Fields(cs)}); err != nil {
		t.Fatalf("seat %d follows %s: %v", s, cs, err)
	}
}

func act(t *testing.T, g *Game, s int, action string) {
	t.Helper()
	if err := g.Apply(referee.Seat(s), referee.Move{Action: action}); err != nil {
		t.Fatalf("seat %d %s: %v", s, action, err)
	}
}

// events returns the events since from, as seat s sees them.
func lastReveal(g *Game) Reveal {
	evs := g.log.Truth(0)
	for i := len(evs) - 1; i >= 0; i-- {
		if r, ok := evs[i].(Reveal); ok {
			return r
		}
	}
	return Reveal{}
}

func hand(g *Game, s int) string { return cards.Join(g.hands[s]) }

func TestVV1ALieIsCaught(t *testing.T) {
	g := table(t, 3, nil, []string{"KS 7C 9D 2H", "KH KD 3D 5C", "KC 4S QH"}, 0)
	from := g.log.Len()
	lead(t, g, 0, "7C 9D", "K")
	// Public: P0 played 2 cards and claims K; the cards are P0's alone.
	for _, s := range []referee.Seat{1, 2, referee.NoSeat} {
		for _, ev := range g.log.For(s, from) {
			if p, ok := ev.(Play); ok && (p.Count != 2 || p.Rank != "K" || p.Cards != nil) {
				t.Fatalf("%v sees the lead as %+v", s, p)
			}
		}
	}
	act(t, g, 1, "challenge")
	if r := lastReveal(g); r.True || strings.Join(r.Cards, " ") != "7C 9D" {
		t.Fatalf("reveal %+v", r)
	}
	if hand(g, 0) != "2H 7C 9D KS" {
		t.Fatalf("P0 holds %s", hand(g, 0))
	}
	if g.phase != phaseLead || g.toAct != 1 {
		t.Fatalf("the next starter is P1: phase %s, to act %d", g.phase, g.toAct)
	}
}

func TestVV2FollowThenAFailedChallenge(t *testing.T) {
	g := table(t, 3, nil, []string{"KS 7C 9D 2H", "KH KD 3D 5C", "KC 4S QH"}, 0)
	lead(t, g, 0, "7C 9D", "K")
	follow(t, g, 1, "KH KD")
	if hand(g, 1) != "3D 5C" {
		t.Fatalf("P1 holds %s", hand(g, 1))
	}
	from := g.log.Len()
	act(t, g, 2, "challenge")
	if r := lastReveal(g); !r.True || strings.Join(r.Cards, " ") != "KH KD" || r.Seat != 1 {
		t.Fatalf("the challenge targets P1's play only: %+v", r)
	}
	if len(g.hands[2]) != 7 || g.phase != phaseLead || g.toAct != 0 {
		t.Fatalf("P2 holds %d cards; phase %s to act %d (want P0 to start)", len(g.hands[2]), g.phase, g.toAct)
	}
	// P0's lie is never revealed publicly: only P2 learns 7C and 9D.
	for _, s := range []referee.Seat{0, 1, referee.NoSeat} {
		for _, ev := range g.log.For(s, from) {
			if p, ok := ev.(Pickup); ok && p.Cards != nil {
				t.Fatalf("%v sees the picked-up cards: %+v", s, p)
			}
		}
	}
	found := false
	for _, ev := range g.log.For(2, from) {
		if p, ok := ev.(Pickup); ok && strings.Contains(strings.Join(p.Cards, " "), "7C 9D") {
			found = true
		}
	}
	if !found {
		t.Fatal("P2 is not told which cards it picked up")
	}
}

func TestVV3ASuccessfulChallengeOfAFollower(t *testing.T) {
	g := table(t, 3, nil, []string{"KS 7C 9D 2H", "KH KD 3D 5C", "KC 4S QH"}, 0)
	lead(t, g, 0, "7C 9D", "K")
	follow(t, g, 1, "3D")
	act(t, g, 2, "challenge")
	if !strings.Contains(hand(g, 1), "7C 9D") || !strings.Contains(hand(g, 1), "3D") || g.toAct != 2 || g.phase != phaseLead {
		t.Fatalf("P1 holds %s; to act %d", hand(g, 1), g.toAct)
	}
}

func TestVV4QuadDiscard(t *testing.T) {
	g := table(t, 3, nil, []string{"2C 3C", "KH KD 5C", "KC KS 4S"}, 1)
	lead(t, g, 1, "KH KD", "K")
	act(t, g, 2, "challenge")
	c := g.choice()
	if g.phase != phaseDiscard || g.toAct != 2 || len(c.Discard.Ranks) != 1 || c.Discard.Ranks[0] != "K" {
		t.Fatalf("P2 is asked about its kings: phase %s, %+v", g.phase, c)
	}
	if err := g.Apply(2, referee.Move{Action: "discard", Ranks: []string{"Q"}}); err == nil {
		t.Fatal("a rank not held four times was discarded")
	}
	if err := g.Apply(2, referee.Move{Action: "discard", Ranks: []string{"K"}}); err != nil {
		t.Fatal(err)
	}
	if hand(g, 2) != "4S" || g.toAct != 0 || g.phase != phaseLead {
		t.Fatalf("P2 holds %s; to act %d", hand(g, 2), g.toAct)
	}
	// With only the two kings in hand, the discard empties it: P2 finishes 1st.
	g = table(t, 3, nil, []string{"2C 3C", "KH KD 5C", "KC KS"}, 1)
	lead(t, g, 1, "KH KD", "K")
	act(t, g, 2, "challenge")
	if err := g.Apply(2, referee.Move{Action: "discard", Ranks: []string{"K"}}); err != nil {
		t.Fatal(err)
	}
	if g.place[2] != 1 || g.toAct != 0 {
		t.Fatalf("P2 place %d, to act %d", g.place[2], g.toAct)
	}
	// Declining is allowed.
	g = table(t, 3, nil, []string{"2C 3C", "KH KD 5C", "KC KS 4S"}, 1)
	lead(t, g, 1, "KH KD", "K")
	act(t, g, 2, "challenge")
	if err := g.Apply(2, referee.Move{Action: "discard", Ranks: []string{}}); err != nil || len(g.hands[2]) != 5 {
		t.Fatalf("declining: %v, hand %s", err, hand(g, 2))
	}
	// mandatory_auto discards without asking; off never does.
	g = table(t, 3, referee.Options{OptQuadDiscard: QuadsAuto}, []string{"2C 3C", "KH KD 5C", "KC KS 4S"}, 1)
	lead(t, g, 1, "KH KD", "K")
	act(t, g, 2, "challenge")
	if hand(g, 2) != "4S" || g.phase != phaseLead {
		t.Fatalf("mandatory_auto: P2 holds %s, phase %s", hand(g, 2), g.phase)
	}
	g = table(t, 3, referee.Options{OptQuadDiscard: QuadsOff}, []string{"2C 3C", "KH KD 5C", "KC KS 4S"}, 1)
	lead(t, g, 1, "KH KD", "K")
	act(t, g, 2, "challenge")
	if len(g.hands[2]) != 5 || g.phase != phaseLead {
		t.Fatalf("off: P2 holds %s, phase %s", hand(g, 2), g.phase)
	}
}

func TestVV5LastCardTrusted(t *testing.T) {
	g := table(t, 3, nil, []string{"9S 3C 4C", "2D 3D", "5H 6H"}, 1)
	lead(t, g, 1, "2D", "9")
	follow(t, g, 2, "5H 6H")
	if g.status[2] != pending {
		t.Fatal("P2 emptied its hand: pending")
	}
	follow(t, g, 0, "3C")
	if g.place[2] != 1 || g.toAct != 1 {
		t.Fatalf("P0 followed: P2 finishes 1st (place %d); P1 responds (to act %d)", g.place[2], g.toAct)
	}
}

func TestVV6LastCardChallengedTruthful(t *testing.T) {
	g := table(t, 3, nil, []string{"9S 3C 4C", "2D 3D", "9C"}, 1)
	lead(t, g, 1, "2D", "9")
	follow(t, g, 2, "9C")
	act(t, g, 0, "challenge")
	if g.place[2] != 1 || g.toAct != 1 || g.phase != phaseLead {
		t.Fatalf("P2 place %d; to act %d", g.place[2], g.toAct)
	}
}

func TestVV7LastCardChallengedALie(t *testing.T) {
	g := table(t, 3, nil, []string{"9S 3C 4C", "2D 3D", "5H"}, 1)
	lead(t, g, 1, "2D", "9")
	follow(t, g, 2, "5H")
	act(t, g, 0, "challenge")
	if g.status[2] != active || len(g.hands[2]) != 2 || g.toAct != 0 || g.phase != phaseLead {
		t.Fatalf("P2 picks up and stays: status %d hand %s; to act %d", g.status[2], hand(g, 2), g.toAct)
	}
}

func endgame(t *testing.T) *Game {
	g := table(t, 3, nil, []string{"AS 6D", "QC", ""}, 1)
	g.finish(2)
	return g
}

func TestVV8EndgameWithTwoPlayersLeft(t *testing.T) {
	g := endgame(t)
	lead(t, g, 1, "QC", "Q")
	follow(t, g, 0, "6D")
	res, over := g.Result()
	if !over || res.Ranks[2] != 1 || res.Ranks[1] != 2 || res.Ranks[0] != 3 {
		t.Fatalf("finishing order [P2, P1, P0]: %v (over %v)", res.Ranks, over)
	}
	g = endgame(t)
	lead(t, g, 1, "QC", "Q")
	act(t, g, 0, "challenge")
	if res, _ := g.Result(); !g.over || res.Ranks[1] != 2 || res.Ranks[0] != 3 {
		t.Fatalf("challenge, true: %v", res.Ranks)
	}
	g = endgame(t)
	lead(t, g, 1, "QC", "7")
	act(t, g, 0, "challenge")
	if g.over || hand(g, 1) != "QC" || g.toAct != 0 || g.phase != phaseLead {
		t.Fatalf("challenge, a lie: P1 holds %s, to act %d", hand(g, 1), g.toAct)
	}
}

func TestVV9TrustAndCheck(t *testing.T) {
	o := referee.Options{OptBelieveCheck: "true"}
	g := table(t, 3, o, []string{"QH QS QD 2C", "3C", "4C"}, 0)
	if g.leadMax != 4 || g.quads != QuadsOff {
		t.Fatalf("believe_check sets lead_max 4 and quad_discard off: %d %s", g.leadMax, g.quads)
	}
	lead(t, g, 0, "QH QS QD", "Q")
	act(t, g, 1, "check")
	if g.removed != 3 || len(g.hands[1]) != 1 || g.toAct != 1 || g.phase != phaseLead {
		t.Fatalf("a true check removes the pile and P1 starts: removed %d, to act %d", g.removed, g.toAct)
	}
	g = table(t, 3, o, []string{"QH QS 3C 2C", "3D", "4C"}, 0)
	lead(t, g, 0, "QH QS 3C", "Q")
	act(t, g, 1, "check")
	if len(g.hands[1]) != 4 || g.toAct != 2 {
		t.Fatalf("a lie caught by a check: P1 picks up 3 (holds %d), P2 starts (to act %d)", len(g.hands[1]), g.toAct)
	}
	if err := g.Apply(2, referee.Move{Action: "lead", Cards: []string{"4C"}, Rank: "4"}); err != nil {
		t.Fatal(err)
	}
	// A four-card lead is allowed with believe_check, a four-card follow is not.
	g = table(t, 3, o, []string{"QH QS QD QC 2C", "3C 4D 5D 6D", "4C"}, 0)
	lead(t, g, 0, "QH QS QD QC", "Q")
	if err := g.Apply(1, referee.Move{Action: "follow", Cards: []string{"3C", "4D", "5D", "6D"}}); err == nil {
		t.Fatal("a follow of 4 cards was accepted")
	}
}

func TestVV10StayUntilTheRoundEnds(t *testing.T) {
	o := referee.Options{OptBelieveCheck: "true", OptStay: "true"}
	for _, tc := range []struct {
		p1       string
		p1Follow string
		p2Picks  bool
	}{{"JC 2D", "JC", true}, {"3C 2D", "3C", false}} {
		g := table(t, 3, o, []string{"5C 6C", tc.p1, "JH"}, 2)
		lead(t, g, 2, "JH", "J")
		if g.status[2] != pending {
			t.Fatal("P2 is pending")
		}
		follow(t, g, 0, "5C")
		if g.status[2] != pending {
			t.Fatal("with stay_until_round_end a follow does not finish P2")
		}
		follow(t, g, 1, tc.p1Follow)
		if c := g.choice(); g.toAct != 2 || strings.Join(c.Actions, " ") != "challenge check" {
			t.Fatalf("P2, with no cards, may only challenge or check: to act %d, %v", g.toAct, c.Actions)
		}
		act(t, g, 2, "challenge")
		if tc.p2Picks {
			if g.status[2] != active || len(g.hands[2]) != 3 || g.toAct != 0 {
				t.Fatalf("P1 was truthful: P2 picks up and is active; P0 starts. status %d, hand %s, to act %d", g.status[2], hand(g, 2), g.toAct)
			}
		} else if g.place[2] != 1 || g.toAct != 0 {
			t.Fatalf("P1 lied: P1 picks up, P2 finishes at round end, P0 starts. place %d, to act %d", g.place[2], g.toAct)
		}
	}
	// If P1 challenges P0 before P2's turn, the round ends and P2 finishes.
	g := table(t, 3, o, []string{"5C 6C", "3C 2D", "JH"}, 2)
	lead(t, g, 2, "JH", "J")
	follow(t, g, 0, "5C")
	act(t, g, 1, "challenge")
	if g.place[2] != 1 {
		t.Fatalf("P2 finishes when the round ends: place %d", g.place[2])
	}
	if _, err := (Rules{}).New(3, referee.Options{OptStay: "true"}, cards.NewRand(1)); err == nil {
		t.Fatal("stay_until_round_end without believe_check was accepted")
	}
}

func TestVV11DeckAndDealSizes(t *testing.T) {
	for _, tc := range []struct {
		players int
		sizes   []int // from next(dealer) on
		ranks   string
	}{
		{2, []int{18, 17}, "A 6 7 8 9 T J Q K"},
		{3, []int{17, 17, 17}, "A 2 3 4 5 6 7 8 9 T J Q K"},
		{4, []int{13, 13, 13, 12}, "A 2 3 4 5 6 7 8 9 T J Q K"},
	} {
		gm, err := Rules{}.New(tc.players, referee.Options{OptFirstDealer: "0"}, cards.NewRand(3))
		if err != nil {
			t.Fatal(err)
		}
		g := gm.(*Game)
		for i, want := range tc.sizes {
			if got := len(g.hands[(1+i)%tc.players]); got != want {
				t.Fatalf("%d players: seat %d holds %d, want %d", tc.players, (1+i)%tc.players, got, want)
			}
		}
		v := g.View(0).(View)
		if strings.Join(v.Ranks, " ") != tc.ranks {
			t.Fatalf("%d players: claimable ranks %v", tc.players, v.Ranks)
		}
		if g.toAct != 1 {
			t.Fatalf("the receiver of the first card leads, got %d", g.toAct)
		}
	}
	// A rank not in the pack cannot be claimed.
	gm, _ := Rules{}.New(2, referee.Options{OptFirstDealer: "1"}, cards.NewRand(3))
	g := gm.(*Game)
	err := g.Apply(0, referee.Move{Action: "lead", Cards: []string{g.hands[0][0].String()}, Rank: "2"})
	if err == nil || !strings.Contains(err.Error(), "one of A 6 7 8 9 T J Q K") {
		t.Fatalf("claiming 2 in a 36-card game: %v", err)
	}
}

func TestVV12Truncation(t *testing.T) {
	g := table(t, 2, referee.Options{OptMaxMoves: "20"}, []string{"6C", "7C"}, 0)
	for !g.over {
		s := g.toAct
		if g.phase == phaseLead {
			lie := "A"
			if g.hands[s][0].Rank == cards.Ace {
				lie = "K"
			}
			lead(t, g, s, g.hands[s][0].String(), lie)
		} else {
			act(t, g, s, "challenge")
		}
	}
	res, _ := g.Result()
	if res.End != referee.EndTruncated || res.Ranks[0] != 1 || res.Ranks[1] != 1 || g.moves != 20 {
		t.Fatalf("result %+v after %d moves: both hold one card and share the place", res, g.moves)
	}
}

func TestMovesThatBreakAConstraintSayWhich(t *testing.T) {
	g := table(t, 3, nil, []string{"KS 7C 9D 2H", "KH KD 3D 5C", "KC 4S QH"}, 0)
	for _, tc := range []struct {
		m    referee.Move
		want string
	}{
		{referee.Move{Action: "lead", Cards: []string{"KS", "7C", "9D", "2H"}, Rank: "K"}, "1 to 3 cards"},
		{referee.Move{Action: "lead", Cards: []string{}, Rank: "K"}, "1 to 3 cards"},
		{referee.Move{Action: "lead", Cards: []string{"KS", "KS"}, Rank: "K"}, "named twice"},
		{referee.Move{Action: "lead", Cards: []string{"QH"}, Rank: "K"}, "QH is not in your hand"},
		{referee.Move{Action: "lead", Cards: []string{"KS"}, Rank: "X"}, "claims a rank of this pack"},
		{referee.Move{Action: "lead", Cards: []string{"KS"}}, "claims a rank"},
		{referee.Move{Action: "challenge"}, `action "challenge" is not allowed now; you may lead`},
		{referee.Move{Action: "check"}, `"check" is not allowed`},
	} {
		err := g.Apply(0, tc.m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.m, err, tc.want)
		}
	}
	lead(t, g, 0, "7C", "K")
	for _, tc := range []struct {
		m    referee.Move
		want string
	}{
		{referee.Move{Action: "follow", Cards: []string{"KH"}, Rank: "Q"}, "cannot change it"},
		{referee.Move{Action: "lead", Cards: []string{"KH"}, Rank: "K"}, `"lead" is not allowed now; you may follow, challenge`},
		{referee.Move{Action: "check"}, "not allowed"},
	} {
		err := g.Apply(1, tc.m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.m, err, tc.want)
		}
	}
}

func TestAntiRepeatWithTwoPlayersLeft(t *testing.T) {
	g := table(t, 3, referee.Options{OptAntiRepeat: "true"}, []string{"AS 6D 7D", "QC 9C", ""}, 1)
	g.finish(2)
	lead(t, g, 1, "QC", "7")
	act(t, g, 0, "challenge") // a lie: P1 picks up, P0 starts
	if c := g.choice(); c.Lead.NotAgain == nil || c.Lead.NotAgain.Rank != "7" || c.Lead.NotAgain.Count != 1 {
		t.Fatalf("the request must say which claim is barred: %+v", c.Lead)
	}
	if err := g.Apply(0, referee.Move{Action: "lead", Cards: []string{"AS"}, Rank: "7"}); err == nil || !strings.Contains(err.Error(), "may not repeat") {
		t.Fatalf("a repeated claim: %v", err)
	}
	lead(t, g, 0, "AS 6D", "7")
}
