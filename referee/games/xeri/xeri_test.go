package xeri

import (
	"encoding/json"
	"strings"
	"testing"

	"cardref/referee"
	"cardref/referee/cards"
)

// table builds a game and then lays out the given state: seat hands, the
// pile (bottom first) and the stock (top first). dealer is seat 1 unless the
// options say otherwise, so seat 0 leads, as in RULES.md §1.7.
func table(t *testing.T, players int, opts referee.Options, hands []string, pile, stock string) *Game {
	t.Helper()
	if opts == nil {
		opts = referee.Options{}
	}
	if _, ok := opts[OptFirstDealer]; !ok {
		opts[OptFirstDealer] = "1"
	}
	gm, err := Rules{}.New(players, opts, cards.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	for s := range g.hands {
		g.hands[s] = nil
		if s < len(hands) {
			g.hands[s] = cards.MustParse(hands[s])
		}
	}
	g.pile = cards.MustParse(pile)
	g.stock = cards.MustParse(stock)
	g.toAct = g.next(g.dealer)
	return g
}

func play(t *testing.T, g *Game, s int, card string) Play {
	t.Helper()
	from := g.log.Len()
	if err := g.Apply(referee.Seat(s), referee.Move{Card: card}); err != nil {
		t.Fatalf("seat %d plays %s: %v", s, card, err)
	}
	for _, ev := range g.log.Truth(from) {
		if p, ok := ev.(Play); ok {
			return p
		}
	}
	t.Fatal("no play event")
	return Play{}
}

func TestXV1RankCaptureIsNotAXeri(t *testing.T) {
	g := table(t, 2, nil, []string{"8S 2D", "QD 4C"}, "3C 9D KS 8H", "5C 5D")
	p := play(t, g, 0, "8S")
	if strings.Join(p.Captured, " ") != "3C 9D KS 8H 8S" || p.Xeri {
		t.Fatalf("captured %v xeri %v, want 5 cards and no xeri", p.Captured, p.Xeri)
	}
	if len(g.pile) != 0 || g.lastCapturer != 0 || g.ToAct() != 1 {
		t.Fatalf("pile %v last capturer %d to act %v", g.pile, g.lastCapturer, g.ToAct())
	}
	// XV2 continues: P1 leads QD onto the empty pile, P0 takes it with QC.
	play(t, g, 1, "QD")
	g.hands[0] = cards.MustParse("QC 2D")
	p = play(t, g, 0, "QC")
	if !p.Xeri || p.Bonus != 10 || len(p.Captured) != 2 {
		t.Fatalf("XV2: %+v, want a xeri worth 10 taking 2 cards", p)
	}
	if g.ToAct() != 1 {
		t.Fatalf("XV2: after a capture the turn passes to seat 1, got %v", g.ToAct())
	}
	if len(g.xeris[0]) != 1 || g.xeris[0][0].card.String() != "QD" {
		t.Fatalf("XV2: xeri card recorded as %v, want QD", g.xeris[0])
	}
}

func TestXV3JackOnSingleNonJackIsNotAXeri(t *testing.T) {
	g := table(t, 2, nil, []string{"JC 2D", "QD 4C"}, "7H", "5C 5D")
	p := play(t, g, 0, "JC")
	if len(p.Captured) != 2 || p.Xeri || p.Bonus != 0 {
		t.Fatalf("%+v: want 2 cards, no xeri, no bonus", p)
	}
}

func TestXV4JackOnSingleJack(t *testing.T) {
	for bonus, want := range map[string]int{"": 20, "25": 25, "10": 10} {
		opts := referee.Options{}
		if bonus != "" {
			opts[OptJackXeriBonus] = bonus
		}
		g := table(t, 2, opts, []string{"JS 2D", "JD 4C"}, "", "5C 5D")
		g.toAct = 1
		if p := play(t, g, 1, "JD"); p.Captured != nil {
			t.Fatalf("a jack on an empty pile captured %v", p.Captured)
		}
		p := play(t, g, 0, "JS")
		if !p.Xeri || p.Bonus != want || len(p.Captured) != 2 {
			t.Fatalf("jack_xeri_bonus=%q: %+v, want a jack xeri worth %d", bonus, p, want)
		}
		if ss := g.score().Sides[0]; ss.Honours != 2 || ss.JackXeris != 1 || ss.XeriPoints != want {
			t.Fatalf("score %+v: want 2 card points and one jack xeri", ss)
		}
	}
}

func TestXV5JackOntoEmptyPileThenCapture(t *testing.T) {
	g := table(t, 2, nil, []string{"JH JC 2D", "5C 4C 4D"}, "", "5S 5D")
	if p := play(t, g, 0, "JH"); p.Captured != nil {
		t.Fatalf("JH on an empty pile captured %v", p.Captured)
	}
	play(t, g, 1, "5C")
	p := play(t, g, 0, "JC")
	if len(p.Captured) != 3 || p.Xeri {
		t.Fatalf("%+v: want 3 cards and no xeri", p)
	}
}

func TestXV6OnlyTheTopCardIsMatched(t *testing.T) {
	g := table(t, 2, nil, []string{"JC 4H", "5C 4C"}, "4S JD", "5S 5D")
	if p := play(t, g, 0, "JC"); len(p.Captured) != 3 || p.Xeri {
		t.Fatalf("JC on [4S JD]: %+v, want 3 cards, no xeri", p)
	}
	g = table(t, 2, nil, []string{"JC 4H", "5C 4C"}, "4S JD", "5S 5D")
	if p := play(t, g, 0, "4H"); p.Captured != nil || cards.Join(g.pile) != "4S JD 4H" {
		t.Fatalf("4H on [4S JD]: captured %v pile %v, want no capture", p.Captured, g.pile)
	}
}

func TestXV7NoCapture(t *testing.T) {
	g := table(t, 2, nil, []string{"6D 2D", "5C 4C"}, "6C 9H", "5S 5D")
	play(t, g, 0, "6D")
	if cards.Join(g.pile) != "6C 9H 6D" {
		t.Fatalf("pile %v", g.pile)
	}
}

func TestXV8XeriWithTheLastCardOfTheRound(t *testing.T) {
	for _, tc := range []struct {
		opt   string
		bonus int
	}{{"true", 10}, {"false", 0}} {
		g := table(t, 2, referee.Options{OptLastCardXeri: tc.opt}, []string{"", "5D"}, "5S", "")
		g.toAct = 1
		p := play(t, g, 1, "5D")
		if len(p.Captured) != 2 || p.Bonus != tc.bonus {
			t.Fatalf("last_card_xeri=%s: %+v, want 2 cards and bonus %d", tc.opt, p, tc.bonus)
		}
		r := g.history[0].Sides[1]
		if r.Cards != 2 || r.XeriPoints != tc.bonus {
			t.Fatalf("last_card_xeri=%s: round score %+v", tc.opt, r)
		}
		if g.round != 2 {
			t.Fatalf("the round should have ended and a new one begun, round = %d", g.round)
		}
	}
}

func TestXV9LeftoversGoToTheLastCapturer(t *testing.T) {
	g := table(t, 2, nil, []string{"3H", "7S"}, "KC", "")
	g.lastCapturer = 0
	play(t, g, 0, "3H")
	from := g.log.Len()
	play(t, g, 1, "7S")
	var left *Leftovers
	for _, ev := range g.log.Truth(from) {
		if l, ok := ev.(Leftovers); ok {
			left = &l
		}
	}
	if left == nil || left.Side != 0 || strings.Join(left.Cards, " ") != "KC 3H 7S" {
		t.Fatalf("leftovers %+v, want KC 3H 7S to side 0", left)
	}
	if r := g.history[0].Sides[0]; r.Cards != 3 || r.XeriPoints != 0 {
		t.Fatalf("round score %+v, want 3 cards and no bonus", r)
	}
}

// pileFrom sets up a round whose stock starts with the given four pile cards
// and runs the starting-pile check.
func pileFrom(t *testing.T, rule, four string) (*Game, []PileEvent) {
	t.Helper()
	g := table(t, 2, referee.Options{OptInitialPileRule: rule}, []string{"2S 3C 4D", "5C 6C 7C"}, "", "")
	rest := cards.Deck(1)
	used := map[string]bool{"2S": true, "3C": true, "4D": true, "5C": true, "6C": true, "7C": true}
	for _, c := range strings.Fields(four) {
		used[c] = true
	}
	g.stock = cards.MustParse(four)
	for _, c := range rest {
		if !used[c.String()] {
			g.stock = append(g.stock, c)
		}
	}
	from := g.log.Len()
	g.dealPile()
	var evs []PileEvent
	for _, ev := range g.log.Truth(from) {
		if p, ok := ev.(PileEvent); ok {
			evs = append(evs, p)
		}
	}
	return g, evs
}

func TestXV10StartingPileRules(t *testing.T) {
	check := func(rule, four, want string, rejected bool) *Game {
		t.Helper()
		g, evs := pileFrom(t, rule, four)
		if got := evs[0].Type == "pile_rejected"; got != rejected {
			t.Fatalf("%s %s: rejected=%v, want %v", rule, four, got, rejected)
		}
		if rejected {
			top := g.pile[len(g.pile)-1]
			if top.Rank == cards.Jack || top.Rank == g.pile[len(g.pile)-2].Rank {
				t.Fatalf("%s %s: accepted pile %v still has a jack or pair on top", rule, four, g.pile)
			}
			if len(g.stock)+len(g.pile)+6 != 52 {
				t.Fatalf("redeal lost cards: stock %d pile %d", len(g.stock), len(g.pile))
			}
		} else if cards.Join(g.pile) != want {
			t.Fatalf("%s %s: pile %s, want %s", rule, four, cards.Join(g.pile), want)
		}
		return g
	}
	check(PileRedeal, "4C 9H QS JD", "", true)
	check(PileJackToBotom, "4C 9H QS JD", "JD 4C 9H QS", false)
	g := check(PileAcceptAny, "4C 9H QS JD", "4C 9H QS JD", false)
	g.hands[0] = cards.MustParse("JS 3C")
	if p := play(t, g, 0, "JS"); len(p.Captured) != 5 || p.Xeri {
		t.Fatalf("accept_any: JS on the pile: %+v, want 5 cards, no xeri", p)
	}
	g = check(PileAcceptAny, "4C 9H QS JD", "4C 9H QS JD", false)
	play(t, g, 0, "3C")
	if len(g.pile) != 5 || g.pile[4].String() != "3C" {
		t.Fatalf("accept_any: 3C on the pile gives %v", g.pile)
	}
	check(PileRedeal, "4C 9H QS QD", "", true)
	for _, rule := range []string{PileJackToBotom, PileAcceptAny} {
		g := check(rule, "4C 9H QS QD", "4C 9H QS QD", false)
		g.hands[0] = cards.MustParse("QH 3C")
		if p := play(t, g, 0, "QH"); len(p.Captured) != 5 {
			t.Fatalf("%s: a queen should take the 5 cards: %+v", rule, p)
		}
	}
	check(PileJackToBotom, "JC 9D JH JS", "JH JS JC 9D", false)
	check(PileJackToBotom, "JC JD JH JS", "", true)
}

func TestPileRedealCapFallsBackToJackToBottom(t *testing.T) {
	g, evs := pileFrom(t, PileRedeal, "4C 9H QS JD")
	_ = g
	if len(evs) < 2 {
		t.Fatalf("want a rejection then a pile, got %v", evs)
	}
	gm := table(t, 2, referee.Options{OptMaxPileRedeals: "0"}, []string{"JS 3C 4D", "5C 6C 7C"}, "", "4C 9H QS JD 2H 2S")
	gm.dealPile()
	if cards.Join(gm.pile) != "JD 4C 9H QS" {
		t.Fatalf("with max_pile_redeals=0 a top jack slides under: %v", gm.pile)
	}
}

// captures fills a side's captured cards: the named ones and then
// non-scoring cards (3s to 9s, never 2C) until it holds n.
func capturesFor(named string, n int, avoid map[string]bool) []cards.Card {
	out := cards.MustParse(named)
	for _, c := range out {
		avoid[c.String()] = true
	}
	for _, c := range cards.Deck(1) {
		if len(out) == n {
			break
		}
		if c.Rank >= 3 && c.Rank <= 9 && !avoid[c.String()] {
			out = append(out, c)
			avoid[c.String()] = true
		}
	}
	return out
}

func TestXV11RoundScoring(t *testing.T) {
	for bonus, want := range map[string]int{"": 46, "25": 51, "10": 36} {
		opts := referee.Options{}
		if bonus != "" {
			opts[OptJackXeriBonus] = bonus
		}
		g := table(t, 2, opts, nil, "", "")
		avoid := map[string]bool{}
		g.captured[0] = capturesFor("AS AH KC KD KH QS JC JD JH TC TD 2C", 30, avoid)
		g.captured[1] = capturesFor("AC AD KS QC QD QH JS TS TH", 22, avoid)
		jb := g.opts.Int(OptJackXeriBonus)
		g.xeris[0] = []xeriRec{{card: cards.MustParse("5C")[0], bonus: 10}, {card: cards.MustParse("JH")[0], bonus: jb, jack: true}}
		g.xeris[1] = []xeriRec{{card: cards.MustParse("6C")[0], bonus: 10}}
		sc := g.score()
		p0, p1 := sc.Sides[0], sc.Sides[1]
		if p0.Total != want || p1.Total != 19 {
			t.Fatalf("jack_xeri_bonus=%q: totals %d and %d, want %d and 19 (%+v %+v)", bonus, p0.Total, p1.Total, want, p0, p1)
		}
		if p0.Honours+p0.GoodTen+p0.GoodTwo+p0.MostCards != 16 || p1.Honours != 9 {
			t.Fatalf("card points %+v %+v, want 16 and 9", p0, p1)
		}
		if cp := p0.Honours + p0.GoodTen + p0.GoodTwo + p1.Honours + p1.GoodTen + p1.GoodTwo; cp != 22 {
			t.Fatalf("honours, ten and two come to %d, want 22 (+3 for most cards = 25)", cp)
		}
	}
}

func TestXV12SplitCards(t *testing.T) {
	g := table(t, 2, nil, nil, "", "")
	deck := cards.Deck(1)
	g.captured[0], g.captured[1] = deck[:26], deck[26:]
	sc := g.score()
	if sc.Sides[0].MostCards != 0 || sc.Sides[1].MostCards != 0 {
		t.Fatal("26-26 must give nobody the most-cards bonus")
	}
	if sum := sc.Sides[0].Total + sc.Sides[1].Total; sum != 22 {
		t.Fatalf("card points total %d, want 22", sum)
	}
}

func TestXV13GoodTenAsAXeri(t *testing.T) {
	g := table(t, 2, referee.Options{OptMostCardsBonus: "0"}, []string{"TS 3C", "4D 5D"}, "TD", "6C 6D")
	p := play(t, g, 0, "TS")
	if !p.Xeri || p.Bonus != 10 {
		t.Fatalf("%+v: want a xeri worth 10", p)
	}
	if tot := g.score().Sides[0].Total; tot != 13 {
		t.Fatalf("the capture is worth %d, want 13 (TD 2 + TS 1 + xeri 10)", tot)
	}
}

// round builds a scored round with the given totals, for the match tests.
func round(totals ...int) RoundScore {
	sc := RoundScore{Winner: -1}
	hi := -1
	for i, t := range totals {
		sc.Sides = append(sc.Sides, SideScore{Side: i, Total: t})
		if t > hi {
			hi, sc.Winner = t, i
		} else if t == hi {
			sc.Winner = -1
		}
	}
	return sc
}

func TestXV14MatchToTarget(t *testing.T) {
	g := table(t, 2, nil, nil, "", "")
	g.settle(round(46, 19))
	if g.over {
		t.Fatal("46-19 is below 51: the match goes on")
	}
	g.settle(round(8, 27))
	res, over := g.Result()
	if !over || res.Ranks[0] != 1 || res.Ranks[1] != 2 || res.Scores[0] != 54 || res.Scores[1] != 46 {
		t.Fatalf("54-46: over=%v result %+v, want seat 0 to win", over, res)
	}

	g = table(t, 2, nil, nil, "", "")
	g.settle(round(46, 19))
	g.settle(round(8, 35)) // 54-54: another round
	if g.over {
		t.Fatal("a tie at the top plays another round")
	}
	g.settle(round(6, 0))
	if res, _ := g.Result(); !g.over || res.Ranks[0] != 1 {
		t.Fatalf("60-54 after the extra round: %+v", res)
	}

	g = table(t, 2, nil, nil, "", "")
	g.settle(round(60, 53))
	if res, _ := g.Result(); !g.over || res.Ranks[0] != 1 || res.Ranks[1] != 2 {
		t.Fatalf("60-53: %+v", res)
	}

	g = table(t, 2, referee.Options{OptTargetScore: "151", OptSimultaneousTarget: "raise"}, nil, "", "")
	g.settle(round(140, 140))
	g.settle(round(20, 12))
	if g.over || g.target != 251 {
		t.Fatalf("both past 151 in one round: over=%v target=%d, want the target raised to 251", g.over, g.target)
	}
	g.settle(round(100, 0))
	if res, _ := g.Result(); !g.over || res.Ranks[0] != 1 {
		t.Fatalf("260-152 against 251: %+v", res)
	}
}

func TestRoundsModeAndTiebreak(t *testing.T) {
	g := table(t, 2, referee.Options{OptMatchMode: "rounds", OptNumRounds: "2"}, nil, "", "")
	g.round = 1
	g.settle(round(30, 10))
	g.round = 2
	g.settle(round(5, 20))
	res, _ := g.Result()
	if !g.over || res.Ranks[0] != 1 || res.Ranks[1] != 1 {
		t.Fatalf("one round each with rounds_tiebreak=draw: %+v, want a draw", res)
	}
	g = table(t, 2, referee.Options{OptMatchMode: "rounds", OptNumRounds: "2", OptRoundsTiebreak: "extra_round"}, nil, "", "")
	g.round = 1
	g.settle(round(30, 10))
	g.round = 2
	g.settle(round(5, 20))
	if g.over {
		t.Fatal("extra_round: a tie in round wins plays on")
	}
	g.round = 3
	g.settle(round(5, 6))
	if res, _ := g.Result(); !g.over || res.Ranks[1] != 1 || res.Ranks[0] != 2 {
		t.Fatalf("seat 1 leads 2-1 in round wins: %+v", res)
	}
}

func TestMaxRoundsTruncates(t *testing.T) {
	g := table(t, 2, referee.Options{OptMaxRounds: "1"}, nil, "", "")
	g.settle(round(10, 12))
	res, over := g.Result()
	if !over || res.End != referee.EndTruncated || res.Ranks[1] != 1 {
		t.Fatalf("%+v, want a truncated match won by seat 1", res)
	}
}

// playOut plays the first legal move until the game ends, counting plays per
// seat in round 1.
func playOut(t *testing.T, g *Game) []int {
	per := make([]int, g.n)
	for !g.over {
		s := g.ToAct()
		if g.round == 1 {
			per[s]++
		}
		if err := g.Apply(s, g.Legal(s).Moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	return per
}

func TestXV15ThreePlayersShortLastDeal(t *testing.T) {
	gm, err := Rules{}.New(3, referee.Options{OptFirstDealer: "2"}, cards.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*Game)
	per := playOut(t, g)
	for s, n := range per {
		if n != 16 {
			t.Fatalf("seat %d played %d cards in round 1, want 16 (%v)", s, n, per)
		}
	}
	var sizes []int
	for _, ev := range g.log.Truth(0) {
		if r, ok := ev.(RoundStart); ok && r.Round == 2 {
			break
		}
		if d, ok := ev.(Deal); ok && d.Seat == 0 {
			sizes = append(sizes, d.Count)
		}
	}
	if len(sizes) != 3 || sizes[0] != 6 || sizes[1] != 6 || sizes[2] != 4 {
		t.Fatalf("deals %v, want 6 6 4", sizes)
	}
}

func TestXV16FourPlayerPartnerships(t *testing.T) {
	g := table(t, 4, referee.Options{OptFirstDealer: "3"}, []string{"7C 5H", "8C 6H", "9C 7H", "QH 8H"}, "2D 3D 4D 9D", "")
	if g.ToAct() != 0 {
		t.Fatalf("dealer 3: seat 0 leads, got %v", g.ToAct())
	}
	play(t, g, 0, "7C")
	play(t, g, 1, "8C")
	p := play(t, g, 2, "9C") // no capture
	if p.Captured != nil {
		t.Fatal("9C on 8C captured")
	}
	g.hands[3] = cards.MustParse("9S 8H")
	play(t, g, 3, "9S") // seat 3 captures for team {1,3}
	if len(g.captured[1]) != 8 || g.lastCapturer != 3 {
		t.Fatalf("seat 3's capture: team 1 holds %d cards", len(g.captured[1]))
	}
	play(t, g, 0, "5H")
	g.hands[1] = cards.MustParse("5D")
	play(t, g, 1, "5D") // a xeri for team {1,3}
	if len(g.xeris[1]) != 1 || len(g.captured[1]) != 10 {
		t.Fatalf("seat 1's xeri should count for team 1: %v", g.xeris)
	}
	// A capture by seat 2 scores for team {0,2}; a xeri by seat 0 on seat 3's card for team {0,2}.
	g = table(t, 4, referee.Options{OptFirstDealer: "3"}, []string{"KC 2S", "4C 3S", "KD 4S", "6C 5S"}, "AH 2H 3H KS", "")
	play(t, g, 0, "2S")
	play(t, g, 1, "4C")
	play(t, g, 2, "KD")
	if len(g.captured[0]) != 0 {
		t.Fatal("KD on 4C is not a capture")
	}
	g.hands[2] = nil
	g.pile = cards.MustParse("3C 4H")
	g.toAct = 2
	g.hands[2] = cards.MustParse("4S")
	play(t, g, 2, "4S")
	if len(g.captured[0]) != 3 {
		t.Fatalf("seat 2's capture goes to team 0: %d cards", len(g.captured[0]))
	}
	play(t, g, 3, "6C")
	if p := play(t, g, 0, "KC"); p.Captured != nil {
		t.Fatalf("KC on 6C captured %v", p.Captured)
	}
	// Leftovers go to the team of the last capturer, seat 1.
	g = table(t, 4, referee.Options{OptFirstDealer: "3"}, []string{"5S", "6S", "7S", "8S"}, "KC", "")
	g.lastCapturer = 1
	play(t, g, 0, "5S")
	play(t, g, 1, "6S")
	play(t, g, 2, "7S")
	play(t, g, 3, "8S")
	if r := g.history[0]; r.Sides[1].Cards != 5 || r.Sides[0].Cards != 0 {
		t.Fatalf("leftovers should go to team 1: %+v", r.Sides)
	}
	// A xeri by seat 0 on a card seat 3 played counts for team 0.
	g = table(t, 4, referee.Options{OptFirstDealer: "3"}, []string{"9H 2C", "3S", "4S", "9D"}, "", "6C 6D 6H 6S 7C 7D 7H 7S")
	g.toAct = 3
	play(t, g, 3, "9D")
	if p := play(t, g, 0, "9H"); !p.Xeri || len(g.xeris[0]) != 1 {
		t.Fatalf("seat 0's xeri on seat 3's card: %+v", p)
	}
}

func TestIllegalMovesExplainThemselves(t *testing.T) {
	g := table(t, 2, nil, []string{"8S 2D", "QD 4C"}, "3C 9D KS 8H", "5C 5D")
	for _, tc := range []struct {
		seat int
		m    referee.Move
		want string
	}{
		{0, referee.Move{Card: "QX"}, `"QX" is not a card`},
		{0, referee.Move{Card: "QD"}, "QD is not in your hand; your hand is 8S 2D"},
		{0, referee.Move{}, "names no card"},
		{0, referee.Move{Action: "draw"}, `action "draw" is not one`},
		{1, referee.Move{Card: "QD"}, "it is seat 0's turn"},
	} {
		before, _ := json.Marshal(g.View(referee.NoSeat))
		err := g.Apply(referee.Seat(tc.seat), tc.m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to say %q", tc.m, err, tc.want)
		}
		after, _ := json.Marshal(g.View(referee.NoSeat))
		if string(before) != string(after) {
			t.Errorf("%+v: a refused move changed the game", tc.m)
		}
	}
}

func TestShowBottomCard(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		gm, err := Rules{}.New(2, referee.Options{OptShowBottomCard: "true"}, cards.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		g := gm.(*Game)
		v := g.View(0).(View)
		if v.BottomCard == "" || v.BottomCard[0] == 'J' || v.BottomCard != g.stock[len(g.stock)-1].String() {
			t.Fatalf("seed %d: bottom card %q, stock ends with %v", seed, v.BottomCard, g.stock[len(g.stock)-1])
		}
		bottom := v.BottomCard
		// It ends up in the dealer's hand in the last deal.
		for g.round == 1 && !g.over {
			s := g.ToAct()
			_ = g.Apply(s, g.Legal(s).Moves[0])
			if len(g.stock) == 0 && g.round == 1 {
				if cards.Index(g.hands[g.dealer], cards.MustParse(bottom)[0]) < 0 && len(g.hands[g.dealer]) == 6 {
					t.Fatalf("seed %d: the dealer's last hand %v lacks the bottom card %s", seed, g.hands[g.dealer], bottom)
				}
				break
			}
		}
	}
}

func TestBadOptionsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		players int
		opts    referee.Options
		want    string
	}{
		{5, nil, "2 to 4 players"},
		{2, referee.Options{"target": "51"}, `no option "target"`},
		{2, referee.Options{OptTargetScore: "many"}, "whole number"},
		{2, referee.Options{OptInitialPileRule: "shuffle"}, "must be one of"},
		{2, referee.Options{OptFirstDealer: "3"}, "not a seat"},
	} {
		_, err := Rules{}.New(tc.players, tc.opts, cards.NewRand(1))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d players %v: error %v, want %q", tc.players, tc.opts, err, tc.want)
		}
	}
}
