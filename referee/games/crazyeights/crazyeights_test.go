package crazyeights

import (
	"sort"
	"strings"
	"testing"

	"cardref/referee"
	"cardref/referee/cards"
)

// table lays out a hand: seat hands, the top discard and the stock (top
// first). The dealer is the last seat, so seat 0 moves first.
func table(t *testing.T, players int, o referee.Options, hands []string, top, stock string) *Game {
	t.Helper()
	if o == nil {
		o = referee.Options{}
	}
	o[OptFirstDealer] = "-1"
	gm, err := Rules{}.New(players, o, cards.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	g.dealer = players - 1
	for s := range g.hands {
		g.hands[s] = cards.MustParse(hands[s])
	}
	g.discard = cards.MustParse(top)
	g.activeSuit = g.top().Suit
	g.stock = cards.MustParse(stock)
	g.toAct, g.draws, g.passes, g.turns = 0, 0, 0, 0
	return g
}

func legal(g *Game, s int) string {
	var out []string
	for _, m := range g.Legal(referee.Seat(s)).Moves {
		x := m.Action
		if m.Card != "" {
			x += " " + m.Card
		}
		if m.Suit != "" {
			x += "/" + m.Suit
		}
		out = append(out, x)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func do(t *testing.T, g *Game, s int, action, card, suit string) {
	t.Helper()
	if err := g.Apply(referee.Seat(s), referee.Move{Action: action, Card: card, Suit: suit}); err != nil {
		t.Fatalf("seat %d %s %s: %v", s, action, card, err)
	}
}

func TestCV1Matching(t *testing.T) {
	g := table(t, 2, nil, []string{"9H KC 8D JH", "2C"}, "9C", "3S 4S")
	want := "play 8D/C, play 8D/D, play 8D/H, play 8D/S, play 9H, play KC"
	if got := legal(g, 0); got != want {
		t.Fatalf("legal %s, want %s", got, want)
	}
	for _, m := range []referee.Move{{Action: "play", Card: "JH"}, {Action: "draw"}, {Action: "pass"}} {
		if err := g.Apply(0, m); err == nil {
			t.Errorf("%+v was accepted", m)
		}
	}
	if err := g.Apply(0, referee.Move{Action: "play", Card: "JH"}); err == nil || !strings.Contains(err.Error(), "does not match the top card 9C") {
		t.Errorf("JH refused with %v", err)
	}
}

func TestCV2EightWithADeclaredSuit(t *testing.T) {
	g := table(t, 2, nil, []string{"8S 4H", "QD QH 5S 8H 3D"}, "QC", "3S 4S")
	if err := g.Apply(0, referee.Move{Action: "play", Card: "8S"}); err == nil || !strings.Contains(err.Error(), "names the suit") {
		t.Fatalf("an 8 without a suit: %v", err)
	}
	do(t, g, 0, "play", "8S", "D")
	if g.top().String() != "8S" || g.activeSuit != cards.Diamonds {
		t.Fatalf("top %v suit %v", g.top(), g.activeSuit)
	}
	want := "play 3D, play 8H/C, play 8H/D, play 8H/H, play 8H/S, play QD"
	if got := legal(g, 1); got != want {
		t.Fatalf("legal %s, want %s (QH and 5S must not match)", got, want)
	}
}

func TestCV3DrawingUpToThree(t *testing.T) {
	g := table(t, 2, nil, []string{"KC 2S JD", "2C"}, "5H", "3S 7C 5C 9D")
	for i := range 3 {
		if got := legal(g, 0); got != "draw" {
			t.Fatalf("draw %d: legal %s, want a forced draw", i+1, got)
		}
		do(t, g, 0, "draw", "", "")
	}
	if got := legal(g, 0); got != "play 5C" {
		t.Fatalf("after drawing 5C: legal %s, want only play 5C", got)
	}
	do(t, g, 0, "play", "5C", "")
	if g.ToAct() != 1 {
		t.Fatal("the turn ends with the play")
	}

	g = table(t, 2, nil, []string{"KC 2S JD", "2C"}, "5H", "3S 7C TD 9D")
	for range 3 {
		do(t, g, 0, "draw", "", "")
	}
	if got := legal(g, 0); got != "pass" {
		t.Fatalf("after 3 draws and nothing playable: legal %s, want pass", got)
	}
	do(t, g, 0, "pass", "", "")
	if len(g.hands[0]) != 6 || g.ToAct() != 1 {
		t.Fatalf("the player keeps %d cards, want 6", len(g.hands[0]))
	}
}

func TestCV4DrawingStopsAtThePlayableCard(t *testing.T) {
	g := table(t, 2, nil, []string{"KC", "2C"}, "5H", "5D 7C")
	do(t, g, 0, "draw", "", "")
	if got := legal(g, 0); got != "play 5D" {
		t.Fatalf("legal %s, want only play 5D", got)
	}
}

func TestCV5ShortStockAndCV6EmptyStock(t *testing.T) {
	g := table(t, 2, nil, []string{"KC 2S", "2C 3C"}, "5H", "4C")
	do(t, g, 0, "draw", "", "")
	if got := legal(g, 0); got != "pass" {
		t.Fatalf("legal %s, want pass", got)
	}
	do(t, g, 0, "pass", "", "")
	if g.passes != 1 {
		t.Fatalf("the pass after emptying the stock counts towards a block: passes = %d", g.passes)
	}
	// CV6: seat 1 cannot play and the stock is empty: a pass at once.
	if got := legal(g, 1); got != "pass" {
		t.Fatalf("empty stock: legal %s, want pass", got)
	}
}

func TestCV7BlockedHand(t *testing.T) {
	for _, tc := range []struct {
		o      referee.Options
		points []int
	}{
		{nil, []int{12, 9, 11}},
		{referee.Options{OptScoring: WinnerCollects}, []int{0, 5, 0}},
		{referee.Options{OptScoring: OpenSpiel, OptAcePoints: "10"}, []int{-12, -9, -20}},
	} {
		g := table(t, 3, tc.o, []string{"KC 2H", "9S", "QC AH"}, "6D", "")
		for s := range 3 {
			do(t, g, s, "pass", "", "")
		}
		h := g.history[0]
		if h.End != "blocked" || h.Penalties[0] != 12 || h.Penalties[1] != 9 || h.Penalties[2] != 11-1+g.opts.Int(OptAcePoints) {
			t.Fatalf("%v: hand %+v", tc.o, h)
		}
		for s, p := range tc.points {
			if h.Points[s] != p {
				t.Fatalf("%v: points %v, want %v", tc.o, h.Points, tc.points)
			}
		}
	}
}

func TestCV8PenaltyArithmetic(t *testing.T) {
	g := table(t, 2, nil, []string{"2C", "3C"}, "5H", "")
	for hand, want := range map[string]int{"2C 5D": 7, "2C 6D": 8, "QC 7D 6H 8S": 73, "AC KD 8H 8S": 111, "TC": 10} {
		p := 0
		for _, c := range cards.MustParse(hand) {
			p += g.penalty(c)
		}
		if p != want {
			t.Errorf("%s costs %d, want %d", hand, p, want)
		}
	}
}

func TestCV9StarterEightIsBuried(t *testing.T) {
	g := table(t, 2, nil, []string{"2C", "3C"}, "5H", "8H 4C 5S 6S 7S 9S 2D")
	g.discard = nil
	g.turnStarter()
	if g.top().String() != "4C" || g.activeSuit != cards.Clubs {
		t.Fatalf("starter %v, want 4C", g.top())
	}
	// 7 cards; the 8 comes off, leaving 6, and goes in at index 3; then 4C
	// is turned up.
	if cards.Join(g.stock) != "5S 6S 8H 7S 9S 2D" {
		t.Fatalf("stock %s", cards.Join(g.stock))
	}
	if v := g.View(1).(View); len(v.Buried) != 1 || v.Buried[0] != "8H" {
		t.Fatalf("the buried 8 is public: %+v", v.Buried)
	}
}

func TestCV10GoingOutOnAnEight(t *testing.T) {
	g := table(t, 2, nil, []string{"8C", "2C 3C"}, "3D", "4S 5S")
	if got := legal(g, 0); got != "play 8C" {
		t.Fatalf("legal %s, want play 8C with no suit", got)
	}
	do(t, g, 0, "play", "8C", "")
	if h := g.history[0]; h.End != "out" || h.Out != 0 || h.Points[0] != 0 || h.Points[1] != 5 {
		t.Fatalf("hand %+v", h)
	}
}

func TestCV11EndOfTheGame(t *testing.T) {
	g := table(t, 3, nil, []string{"2C", "3C", "4C"}, "5H", "")
	g.totals = []int{96, 40, 101}
	g.finish(referee.EndNormal)
	if r := g.result.Ranks; r[1] != 1 || r[0] != 2 || r[2] != 3 {
		t.Fatalf("96/40/101: ranks %v, want B, A, C", r)
	}
	g = table(t, 3, nil, []string{"2C", "3C", "4C"}, "5H", "")
	g.totals = []int{100, 60, 60}
	g.finish(referee.EndNormal)
	if r := g.result.Ranks; r[1] != 1 || r[2] != 1 || r[0] != 3 {
		t.Fatalf("100/60/60: ranks %v, want B and C co-winners", r)
	}
	// A hand that takes a total to the target ends the game.
	g = table(t, 2, nil, []string{"KC", "8S 8H"}, "KD", "")
	g.totals = []int{0, 10}
	do(t, g, 0, "play", "KC", "")
	if !g.over || g.result.Ranks[0] != 1 || g.totals[1] != 110 {
		t.Fatalf("over=%v totals %v", g.over, g.totals)
	}
}

func TestCV12OpenSpielFixedDeal(t *testing.T) {
	g := table(t, 4, nil, []string{"2S 8H QD KS AS", "2C 3C 8S QH AC", "2D 8C 9C QS AD", "2H 8D QC KC AH"}, "3D", "4S 5S 6S")
	g.dealer, g.toAct = 0, 1
	if got := legal(g, 1); got != "play 3C, play 8S/C, play 8S/D, play 8S/H, play 8S/S" {
		t.Fatalf("P1: %s", got)
	}
	do(t, g, 1, "play", "3C", "")
	if got := legal(g, 2); got != "play 8C/C, play 8C/D, play 8C/H, play 8C/S, play 9C" {
		t.Fatalf("P2: %s", got)
	}
	do(t, g, 2, "play", "8C", "H")
	if got := legal(g, 3); got != "play 2H, play 8D/C, play 8D/D, play 8D/H, play 8D/S, play AH" {
		t.Fatalf("P3: %s", got)
	}
	do(t, g, 3, "play", "AH", "")
	if got := legal(g, 0); got != "play 8H/C, play 8H/D, play 8H/H, play 8H/S, play AS" {
		t.Fatalf("P0: %s", got)
	}
	// Under OpenSpiel's own rules a draw is legal too.
	g.opts[OptDrawWhenPlayable] = "true"
	if got := legal(g, 0); !strings.HasPrefix(got, "draw, ") {
		t.Fatalf("with draw_when_playable: %s", got)
	}
}

func TestCV13TwoDecks(t *testing.T) {
	gm, err := Rules{}.New(6, nil, cards.NewRand(4))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	total := len(g.stock) + len(g.discard)
	for _, h := range g.hands {
		total += len(h)
	}
	if g.decks != 2 || total != 104 {
		t.Fatalf("6 players: %d decks, %d cards", g.decks, total)
	}
	g = table(t, 6, nil, []string{"8S 8S 3C", "2C", "2C", "2D", "2H", "2S"}, "5S", "4D")
	if got := legal(g, 0); got != "play 8S/C, play 8S/D, play 8S/H, play 8S/S" {
		t.Fatalf("two copies of 8S are listed once per suit: %s", got)
	}
	do(t, g, 0, "play", "8S", "H")
	if cards.Join(g.hands[0]) != "8S 3C" {
		t.Fatalf("one copy goes: %s", cards.Join(g.hands[0]))
	}
	g = table(t, 6, nil, []string{"8S 8S", "2C", "2C", "2D", "2H", "2S"}, "5H", "")
	for s := range 6 {
		if s == 0 {
			g.hands[0] = cards.MustParse("8S 8S")
			g.discard = cards.MustParse("5H")
		}
	}
	g.endHand("blocked", -1)
	if g.history[0].Penalties[0] != 100 {
		t.Fatalf("both copies count: %d", g.history[0].Penalties[0])
	}
}

func TestOpenSpielCompatPreset(t *testing.T) {
	gm, err := Rules{}.New(2, referee.Options{OptPreset: "openspiel_compat"}, cards.NewRand(2))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	if g.handSize != 7 || g.maxDraws != 5 || g.scoring != OpenSpiel || g.opts[OptBlockPasses] != "n+1" || g.opts.Int(OptAcePoints) != 10 {
		t.Fatalf("preset gave %v", g.opts)
	}
	gm, _ = Rules{}.New(2, referee.Options{OptPreset: "openspiel_compat", OptMaxDraws: "2"}, cards.NewRand(2))
	if gm.(*Game).maxDraws != 2 {
		t.Fatal("an option set explicitly overrides the preset")
	}
	// The single hand ends the game; scores are minus face-value penalties.
	for s := gm.ToAct(); s != referee.NoSeat; s = gm.ToAct() {
		_ = gm.Apply(s, gm.Legal(s).Moves[0])
	}
	r, _ := gm.Result()
	d := r.Detail.(Detail)
	if len(d.Hands) != 1 || r.Scores[0] != float64(-d.Hands[0].Penalties[0]) {
		t.Fatalf("openspiel result %+v", r)
	}
}

func TestOptionMatrixAndBadOptions(t *testing.T) {
	for _, tc := range []struct {
		players int
		o       referee.Options
		want    string
	}{
		{11, nil, "2 to 10 players"},
		{5, referee.Options{OptHandSize: "11"}, "need 56 cards"},
		{2, referee.Options{OptScoring: "lowest"}, "must be one of"},
		{2, referee.Options{OptFirstDealer: "4"}, "not a seat"},
	} {
		if _, err := (Rules{}).New(tc.players, tc.o, cards.NewRand(1)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d players %v: %v, want %q", tc.players, tc.o, err, tc.want)
		}
	}
	// Unlimited draws: draw until playable.
	g := table(t, 2, referee.Options{OptMaxDraws: "0"}, []string{"KC", "2C"}, "5H", "3S 7C 9D TD 4H")
	for range 5 {
		do(t, g, 0, "draw", "", "")
	}
	if got := legal(g, 0); got != "play 4H" {
		t.Fatalf("unlimited draws: %s", got)
	}
	// Reshuffling the discards when the stock runs out.
	g = table(t, 2, referee.Options{OptReshuffle: "true"}, []string{"KC", "2C"}, "3H 4H 5H", "")
	if got := legal(g, 0); got != "draw" {
		t.Fatalf("reshuffle: %s", got)
	}
	do(t, g, 0, "draw", "", "")
	if len(g.discard) != 1 || g.top().String() != "5H" || len(g.stock) != 1 {
		t.Fatalf("after the reshuffle: discard %v stock %v", g.discard, g.stock)
	}
	// Pass with a playable card, once the stock is empty.
	g = table(t, 2, referee.Options{OptPassWhenPlayable: "true"}, []string{"5C KD", "2C"}, "5H", "")
	if got := legal(g, 0); got != "pass, play 5C" {
		t.Fatalf("pass_when_playable: %s", got)
	}
	// The declared suit is reset between hands.
	g = table(t, 2, nil, []string{"8C 2S", "KD"}, "3D", "4S 5S")
	do(t, g, 0, "play", "8C", "H")
	g.hands[1] = cards.MustParse("KH")
	do(t, g, 1, "play", "KH", "")
	if g.hand != 2 || g.activeSuit != g.top().Suit {
		t.Fatalf("a new hand starts with the starter's suit: hand %d suit %v top %v", g.hand, g.activeSuit, g.top())
	}
	// max_turns_per_hand truncates a hand.
	g = table(t, 2, referee.Options{OptMaxTurnsPerHand: "2"}, []string{"KC 2S", "QD 3S"}, "5H", "9C 9D 9S TC TD TS")
	for range 3 {
		do(t, g, 0, "draw", "", "")
	}
	do(t, g, 0, "pass", "", "")
	for range 3 {
		do(t, g, 1, "draw", "", "")
	}
	do(t, g, 1, "pass", "", "")
	if g.history[0].End != "truncated" {
		t.Fatalf("hand end %q, want truncated", g.history[0].End)
	}
}
