// Package xeri is the rules engine for Xeri, the Greek fishing game, as
// RULES.md §1 sets it out: 2, 3 or 4 players (4 in partnerships by default),
// capture by rank or with a jack, xeri bonuses, and a match to a target score
// or over a number of rounds.
package xeri

import (
	"fmt"
	"math/rand/v2"

	"cardref/referee"
	"cardref/referee/cards"
)

// Rules is the Xeri game.
type Rules struct{}

// Name is "xeri".
func (Rules) Name() string { return "xeri" }

// Players is 2 to 4.
func (Rules) Players() (int, int) { return 2, 4 }

// Options lists every option with its default.
func (Rules) Options() []referee.OptionSpec { return optionSpecs }

type xeriRec struct {
	seat  int
	card  cards.Card
	bonus int
	jack  bool
}

// Game is a Xeri match in progress.
type Game struct {
	opts referee.Options
	rng  *rand.Rand
	log  referee.EventLog

	n, nSides int
	side      []int // side of each seat
	handSize  int

	round, dealer int
	toAct         int // -1 when over
	stock         []cards.Card
	hands         [][]cards.Card
	pile          []cards.Card
	bottomShown   bool
	captured      [][]cards.Card // per side
	xeris         [][]xeriRec    // per side
	lastCapturer  int

	target    int
	totals    []int
	roundWins []int
	history   []RoundScore

	over   bool
	result referee.Result
}

// New deals a new match.
func (Rules) New(players int, raw referee.Options, rng *rand.Rand) (referee.Game, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("%w: xeri is for 2 to 4 players, not %d", referee.ErrBadOptions, players)
	}
	opts, err := referee.ResolveOptions("xeri", optionSpecs, raw)
	if err != nil {
		return nil, err
	}
	fd, err := referee.FirstDealer("xeri", opts, OptFirstDealer, players, rng)
	if err != nil {
		return nil, err
	}
	g := &Game{opts: opts, rng: rng, n: players, handSize: opts.Int(OptHandSize), target: opts.Int(OptTargetScore)}
	g.side = make([]int, players)
	g.nSides = players
	for s := range g.side {
		g.side[s] = s
	}
	if players == 4 && opts.Bool(OptPartnerships) {
		g.nSides = 2
		for s := range g.side {
			g.side[s] = s % 2
		}
	}
	g.totals = make([]int, g.nSides)
	g.roundWins = make([]int, g.nSides)
	g.startRound(fd)
	return g, nil
}

// Options are the resolved options.
func (g *Game) Options() referee.Options { return g.opts }

// Log is the event log.
func (g *Game) Log() *referee.EventLog { return &g.log }

// Sides gives each seat's side: teams {0,2} and {1,3} with partnerships.
func (g *Game) Sides() []int { return g.side }

// ToAct is the seat to play, or NoSeat when the match is over.
func (g *Game) ToAct() referee.Seat {
	if g.over {
		return referee.NoSeat
	}
	return referee.Seat(g.toAct)
}

func (g *Game) next(s int) int { return (s + 1) % g.n }

func (g *Game) startRound(dealer int) {
	g.round++
	g.dealer = dealer
	g.hands = make([][]cards.Card, g.n)
	g.pile = nil
	g.captured = make([][]cards.Card, g.nSides)
	g.xeris = make([][]xeriRec, g.nSides)
	g.lastCapturer = -1
	ev := RoundStart{Type: "round_start", Round: g.round, Dealer: dealer}
	if g.opts[OptMatchMode] == "target" {
		ev.Target = g.target
	}
	g.log.Public(ev)

	g.stock = cards.Deck(1)
	cards.Shuffle(g.stock, g.rng)
	g.bottomShown = g.opts.Bool(OptShowBottomCard)
	if g.bottomShown {
		// A jack at the bottom: the nearest non-jack above it moves down.
		last := len(g.stock) - 1
		if g.stock[last].Rank == cards.Jack {
			for i := last - 1; i >= 0; i-- {
				if g.stock[i].Rank != cards.Jack {
					c := g.stock[i]
					g.stock = append(cards.Remove(g.stock, i), c)
					break
				}
			}
		}
	}
	g.log.Secret(Shuffle{Type: "shuffle", Why: "round", Deck: cards.Strings(g.stock)})
	if g.bottomShown {
		g.log.Public(BottomCard{Type: "bottom_card", Card: g.stock[len(g.stock)-1].String()})
	}
	g.deal()
	g.dealPile()
	g.toAct = g.next(g.dealer)
}

// deal gives each player min(hand_size, |stock|/n) cards, one at a time,
// starting left of the dealer, dealer last.
func (g *Game) deal() {
	k := min(g.handSize, len(g.stock)/g.n)
	for range k {
		for j := 1; j <= g.n; j++ {
			s := (g.dealer + j) % g.n
			g.hands[s] = append(g.hands[s], g.stock[0])
			g.stock = g.stock[1:]
		}
	}
	for j := 1; j <= g.n; j++ {
		s := (g.dealer + j) % g.n
		h := g.hands[s]
		g.log.Private(referee.Seat(s),
			Deal{Type: "deal", Seat: s, Count: len(h), Cards: cards.Strings(h)},
			Deal{Type: "deal", Seat: s, Count: len(h)})
	}
}

func (g *Game) dealPile() {
	rule := g.opts[OptInitialPileRule]
	redeals := 0
	for {
		g.pile = append([]cards.Card(nil), g.stock[:4]...)
		g.stock = g.stock[4:]
		if redeals >= g.opts.Int(OptMaxPileRedeals) && rule == PileRedeal {
			rule = PileJackToBotom // safeguard, RULES.md §1.6
		}
		ok, moved := true, false
		switch rule {
		case PileRedeal:
			top := len(g.pile) - 1
			ok = g.pile[top].Rank != cards.Jack && g.pile[top].Rank != g.pile[top-1].Rank
		case PileJackToBotom:
			jacks := 0
			for _, c := range g.pile {
				if c.Rank == cards.Jack {
					jacks++
				}
			}
			if jacks == len(g.pile) {
				ok = redeals >= g.opts.Int(OptMaxPileRedeals) // four jacks: redeal, unless capped
				break
			}
			for g.pile[len(g.pile)-1].Rank == cards.Jack {
				top := g.pile[len(g.pile)-1]
				g.pile = append([]cards.Card{top}, g.pile[:len(g.pile)-1]...)
				moved = true
			}
		}
		if ok {
			g.log.Public(PileEvent{Type: "pile", Cards: cards.Strings(g.pile), Adjusted: moved})
			return
		}
		redeals++
		g.log.Public(PileEvent{Type: "pile_rejected", Cards: cards.Strings(g.pile)})
		// The pile goes back and the stock is reshuffled, keeping a shown
		// bottom card in place.
		if g.bottomShown {
			bottom := g.stock[len(g.stock)-1]
			rest := append(append([]cards.Card(nil), g.stock[:len(g.stock)-1]...), g.pile...)
			cards.Shuffle(rest, g.rng)
			g.stock = append(rest, bottom)
		} else {
			g.stock = append(g.stock, g.pile...)
			cards.Shuffle(g.stock, g.rng)
		}
		g.pile = nil
		g.log.Secret(Shuffle{Type: "shuffle", Why: "pile_redeal", Deck: cards.Strings(g.stock)})
	}
}

// Legal lists every card in the hand of the seat to act.
func (g *Game) Legal(s referee.Seat) referee.Legal {
	if g.over || int(s) != g.toAct {
		return referee.Legal{}
	}
	h := g.hands[s]
	moves := make([]referee.Move, len(h))
	for i, c := range h {
		moves[i] = referee.Move{Card: c.String()}
	}
	return referee.Legal{Moves: moves}
}

// Apply plays a card for s.
func (g *Game) Apply(s referee.Seat, m referee.Move) error {
	if err := referee.CheckTurn(g.over, g.n, g.toAct, s); err != nil {
		return err
	}
	if m.Action != "" && m.Action != "play" {
		return referee.Illegal("xeri has only one move, {\"card\":\"QS\"}; action %q is not one", m.Action)
	}
	hand := g.hands[s]
	if m.Card == "" {
		return referee.Illegal("the move names no card: send {\"card\":\"QS\"} with a card from your hand (%s)", cards.Join(hand))
	}
	c, err := cards.Parse(m.Card)
	if err != nil {
		return referee.Illegal("%v; your hand is %s", err, cards.Join(hand))
	}
	i := cards.Index(hand, c)
	if i < 0 {
		return referee.Illegal("%s is not in your hand; your hand is %s", c, cards.Join(hand))
	}
	g.play(int(s), i)
	return nil
}

func (g *Game) play(s, i int) {
	c := g.hands[s][i]
	g.hands[s] = cards.Remove(g.hands[s], i)
	ev := Play{Type: "play", Seat: s, Card: c.String()}
	lastCard := len(g.stock) == 0
	for _, h := range g.hands {
		if len(h) > 0 {
			lastCard = false
		}
	}
	if n := len(g.pile); n > 0 && (c.Rank == g.pile[n-1].Rank || c.Rank == cards.Jack) {
		taken := append(g.pile, c)
		sd := g.side[s]
		g.captured[sd] = append(g.captured[sd], taken...)
		g.lastCapturer = s
		ev.Captured = cards.Strings(taken)
		if n == 1 && c.Rank == g.pile[0].Rank {
			ev.Xeri = true
			jack := c.Rank == cards.Jack
			bonus := g.opts.Int(OptXeriBonus)
			if jack {
				bonus = g.opts.Int(OptJackXeriBonus)
			}
			if lastCard && !g.opts.Bool(OptLastCardXeri) {
				bonus = 0
			} else {
				g.xeris[sd] = append(g.xeris[sd], xeriRec{seat: s, card: g.pile[0], bonus: bonus, jack: jack})
			}
			ev.Bonus = bonus
		}
		g.pile = nil
	} else {
		g.pile = append(g.pile, c)
	}
	g.log.Public(ev)

	g.toAct = g.next(s)
	for _, h := range g.hands {
		if len(h) > 0 {
			return
		}
	}
	if len(g.stock) > 0 {
		g.deal()
		g.toAct = g.next(g.dealer)
		return
	}
	g.endRound()
}

func (g *Game) endRound() {
	if len(g.pile) > 0 {
		ev := Leftovers{Type: "leftovers", Seat: g.lastCapturer, Side: -1, Cards: cards.Strings(g.pile)}
		if g.lastCapturer >= 0 {
			sd := g.side[g.lastCapturer]
			ev.Side = sd
			g.captured[sd] = append(g.captured[sd], g.pile...)
		}
		g.pile = nil
		g.log.Public(ev)
	}
	g.settle(g.score())
}

// settle adds a scored round to the match and decides whether it is over.
func (g *Game) settle(sc RoundScore) {
	g.history = append(g.history, sc)
	ev := RoundEnd{Type: "round_end", Score: sc}
	reached := 0
	for sd, ss := range sc.Sides {
		g.totals[sd] += ss.Total
		if g.totals[sd] >= g.target {
			reached++
		}
	}
	if sc.Winner >= 0 {
		g.roundWins[sc.Winner]++
	}
	ev.Totals = append([]int(nil), g.totals...)
	mode := g.opts[OptMatchMode]
	if mode == "rounds" {
		ev.Wins = append([]int(nil), g.roundWins...)
	}

	done, end := false, referee.EndNormal
	switch mode {
	case "target":
		if reached > 0 {
			if reached > 1 && g.opts[OptSimultaneousTarget] == "raise" {
				g.target += 100
				ev.Raised = g.target
			} else if best(g.totals) == 1 {
				done = true
			}
		}
	case "rounds":
		if g.round >= g.opts.Int(OptNumRounds) {
			if best(g.roundWins) == 1 || g.opts[OptRoundsTiebreak] == "draw" {
				done = true
			}
		}
	}
	g.log.Public(ev)
	if !done && g.round >= g.opts.Int(OptMaxRounds) {
		done, end = true, referee.EndTruncated
	}
	if done {
		g.finish(end)
		return
	}
	g.startRound(g.next(g.dealer))
}

// best counts the sides that share the highest value.
func best(v []int) int {
	hi, n := v[0], 0
	for _, x := range v {
		if x > hi {
			hi, n = x, 0
		}
		if x == hi {
			n++
		}
	}
	return n
}

func (g *Game) score() RoundScore {
	sc := RoundScore{Round: g.round, Dealer: g.dealer, Winner: -1}
	most := 0
	for sd := range g.nSides {
		ss := SideScore{Side: sd, Cards: len(g.captured[sd])}
		for s := range g.n {
			if g.side[s] == sd {
				ss.Seats = append(ss.Seats, s)
			}
		}
		for _, c := range g.captured[sd] {
			switch {
			case c.Rank == cards.Ace || c.Rank >= cards.Ten:
				ss.Honours++
				if c.Rank == cards.Ten && c.Suit == cards.Diamonds {
					ss.GoodTen++
				}
			case c.Rank == 2 && c.Suit == cards.Clubs:
				ss.GoodTwo++
			}
		}
		for _, x := range g.xeris[sd] {
			if x.jack {
				ss.JackXeris++
			} else {
				ss.Xeris++
			}
			ss.XeriPoints += x.bonus
		}
		most = max(most, ss.Cards)
		sc.Sides = append(sc.Sides, ss)
	}
	holders := 0
	for _, ss := range sc.Sides {
		if ss.Cards == most {
			holders++
		}
	}
	for i := range sc.Sides {
		ss := &sc.Sides[i]
		if holders == 1 && ss.Cards == most {
			ss.MostCards = g.opts.Int(OptMostCardsBonus)
		}
		ss.Total = ss.MostCards + ss.Honours + ss.GoodTen + ss.GoodTwo + ss.XeriPoints
	}
	totals := make([]int, len(sc.Sides))
	for i, ss := range sc.Sides {
		totals[i] = ss.Total
	}
	if best(totals) == 1 {
		for i, t := range totals {
			if t > totals[max(sc.Winner, 0)] || sc.Winner < 0 {
				sc.Winner = i
			}
		}
	}
	return sc
}

// Detail is the breakdown carried by a Xeri result.
type Detail struct {
	Sides     []int        `json:"sides"`      // side of each seat
	Totals    []int        `json:"totals"`     // per side
	RoundWins []int        `json:"round_wins"` // per side
	Target    int          `json:"target,omitempty"`
	Rounds    []RoundScore `json:"rounds"`
}

func (g *Game) finish(end string) {
	g.over = true
	key := g.totals
	if g.opts[OptMatchMode] == "rounds" && end == referee.EndNormal {
		key = g.roundWins
	}
	sideRanks := referee.RankBy(g.nSides, func(a, b int) bool { return key[a] > key[b] })
	r := referee.Result{End: end, Scores: make([]float64, g.n), Ranks: make([]int, g.n)}
	for s := range g.n {
		r.Scores[s] = float64(g.totals[g.side[s]])
		r.Ranks[s] = sideRanks[g.side[s]]
	}
	d := Detail{Sides: g.side, Totals: g.totals, RoundWins: g.roundWins, Rounds: g.history}
	if g.opts[OptMatchMode] == "target" {
		d.Target = g.target
	}
	r.Detail = d
	g.result = r
	g.log.Public(GameEnd{Type: "game_end", Ranks: r.Ranks, Totals: g.totals, End: end})
}

// Result is the match result once it is over.
func (g *Game) Result() (referee.Result, bool) { return g.result, g.over }

// Hidden lists the cards s cannot know: the other hands and the stock (but
// a shown bottom card).
func (g *Game) Hidden(s referee.Seat) []string {
	var out []string
	for t, h := range g.hands {
		if t != int(s) {
			out = append(out, cards.Strings(h)...)
		}
	}
	st := g.stock
	if g.bottomShown && len(st) > 0 {
		st = st[:len(st)-1]
	}
	return append(out, cards.Strings(st)...)
}
