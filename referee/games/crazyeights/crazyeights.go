// Package crazyeights is the rules engine for Crazy Eights as RULES.md §3
// sets it out: 2 to 10 players (two packs above 5), match the top card's
// suit or rank, 8s are wild and name a suit, draw up to 3 when you cannot
// play, and penalty points for the cards left in hand, to a target.
package crazyeights

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"cardref/referee"
	"cardref/referee/cards"
)

// Rules is the Crazy Eights game.
type Rules struct{}

// Name is "crazyeights".
func (Rules) Name() string { return "crazyeights" }

// Players is 2 to 10.
func (Rules) Players() (int, int) { return 2, 10 }

// Options lists every option with its default.
func (Rules) Options() []referee.OptionSpec { return optionSpecs }

// Game is a Crazy Eights game in progress: hands until a total reaches the
// target.
type Game struct {
	opts referee.Options
	rng  *rand.Rand
	log  referee.EventLog

	n, decks, handSize, maxDraws int
	scoring                      string

	hand, dealer int
	toAct        int
	stock        []cards.Card // index 0 is the top
	discard      []cards.Card // the last is the top
	activeSuit   cards.Suit
	hands        [][]cards.Card
	draws        int // cards drawn this turn
	passes       int // consecutive passes made with the stock empty
	turns, plays int // this hand
	handOver     bool
	buried       []cards.Card

	totals  []int
	history []HandScore
	over    bool
	result  referee.Result
}

// New deals the first hand.
func (Rules) New(players int, raw referee.Options, rng *rand.Rand) (referee.Game, error) {
	if players < 2 || players > 10 {
		return nil, fmt.Errorf("%w: crazyeights is for 2 to 10 players, not %d", referee.ErrBadOptions, players)
	}
	if raw[OptPreset] == "openspiel_compat" {
		merged := openSpielCompat.Clone()
		for k, v := range raw {
			merged[k] = v
		}
		raw = merged
	}
	opts, err := referee.ResolveOptions("crazyeights", optionSpecs, raw)
	if err != nil {
		return nil, err
	}
	g := &Game{opts: opts, rng: rng, n: players, maxDraws: opts.Int(OptMaxDraws), scoring: opts[OptScoring]}
	g.handSize = opts.Int(OptHandSize)
	if players == 2 && opts.Int(OptHandSize2p) > 0 {
		g.handSize = opts.Int(OptHandSize2p)
	}
	switch opts[OptDecks] {
	case "auto":
		g.decks = 1
		if players > 5 {
			g.decks = 2
		}
	case "1":
		g.decks = 1
	default:
		g.decks = 2
	}
	if need := players*g.handSize + 1; need > 52*g.decks {
		return nil, fmt.Errorf("%w: %d players with %d cards each need %d cards, more than %d pack(s) hold; use fewer cards or decks=2",
			referee.ErrBadOptions, players, g.handSize, need, g.decks)
	}
	fd, err := referee.FirstDealer("crazyeights", opts, OptFirstDealer, players, rng)
	if err != nil {
		return nil, err
	}
	g.totals = make([]int, players)
	g.startHand(fd)
	return g, nil
}

// Options are the resolved options.
func (g *Game) Options() referee.Options { return g.opts }

// Log is the event log.
func (g *Game) Log() *referee.EventLog { return &g.log }

// ToAct is the seat to move, NoSeat when the game is over.
func (g *Game) ToAct() referee.Seat {
	if g.over {
		return referee.NoSeat
	}
	return referee.Seat(g.toAct)
}

func (g *Game) next(s int) int { return (s + 1) % g.n }

func (g *Game) startHand(dealer int) {
	g.hand++
	g.dealer = dealer
	g.hands = make([][]cards.Card, g.n)
	g.discard, g.buried = nil, nil
	g.draws, g.passes, g.turns, g.plays = 0, 0, 0, 0
	g.handOver = false
	g.log.Public(HandStart{Type: "hand_start", Hand: g.hand, Dealer: dealer})
	g.stock = cards.Deck(g.decks)
	cards.Shuffle(g.stock, g.rng)
	g.log.Secret(Shuffle{Type: "shuffle", Why: "hand", Deck: cards.Strings(g.stock)})
	for range g.handSize {
		for j := 1; j <= g.n; j++ {
			s := (dealer + j) % g.n
			g.hands[s] = append(g.hands[s], g.stock[0])
			g.stock = g.stock[1:]
		}
	}
	for j := 1; j <= g.n; j++ {
		s := (dealer + j) % g.n
		g.log.Private(referee.Seat(s), Deal{Type: "deal", Seat: s, Count: len(g.hands[s]), Cards: cards.Strings(g.hands[s])},
			Deal{Type: "deal", Seat: s, Count: len(g.hands[s])})
	}
	g.turnStarter()
	g.toAct = g.next(dealer)
}

// turnStarter turns up the first discard; an 8 goes back into the stock.
func (g *Game) turnStarter() {
	for guard := 0; g.stock[0].Rank == 8 && guard < 1000; guard++ {
		eight := g.stock[0]
		g.stock = g.stock[1:]
		how := g.opts[OptStarterEight]
		switch how {
		case BuryMiddle:
			g.stock = insert(g.stock, len(g.stock)/2, eight)
		case RandomReinsert:
			g.stock = insert(g.stock, g.rng.IntN(len(g.stock)+1), eight)
		case ReshuffleStock:
			g.stock = append(g.stock, eight)
			cards.Shuffle(g.stock, g.rng)
		}
		g.buried = append(g.buried, eight)
		g.log.Public(StarterEight{Type: "starter_eight", Card: eight.String(), How: how})
		g.log.Secret(Shuffle{Type: "shuffle", Why: "starter_eight", Deck: cards.Strings(g.stock)})
	}
	g.discard = []cards.Card{g.stock[0]}
	g.stock = g.stock[1:]
	g.activeSuit = g.discard[0].Suit
	g.log.Public(Starter{Type: "starter", Card: g.discard[0].String()})
}

func insert(cs []cards.Card, i int, c cards.Card) []cards.Card {
	out := make([]cards.Card, 0, len(cs)+1)
	out = append(out, cs[:i]...)
	out = append(out, c)
	return append(out, cs[i:]...)
}

func (g *Game) top() cards.Card { return g.discard[len(g.discard)-1] }

func (g *Game) playable(c cards.Card) bool {
	return c.Rank == 8 || c.Suit == g.activeSuit || c.Rank == g.top().Rank
}

func (g *Game) hasPlayable(s int) bool {
	for _, c := range g.hands[s] {
		if g.playable(c) {
			return true
		}
	}
	return false
}

// canDrawMore: the stock (or discards to reshuffle) has a card.
func (g *Game) stockAvailable() bool {
	return len(g.stock) > 0 || (g.opts.Bool(OptReshuffle) && len(g.discard) > 1)
}

func (g *Game) drawLimitReached() bool { return g.maxDraws > 0 && g.draws >= g.maxDraws }

func (g *Game) mayDraw(s int) bool {
	return g.stockAvailable() && !g.drawLimitReached() && (!g.hasPlayable(s) || g.opts.Bool(OptDrawWhenPlayable))
}

func (g *Game) mayPass(s int) bool {
	return (!g.stockAvailable() || g.drawLimitReached()) && (!g.hasPlayable(s) || g.opts.Bool(OptPassWhenPlayable))
}

var suits = []string{"C", "D", "H", "S"}

// Legal lists every legal move: each playable card (an 8 once per suit it
// may name, unless it is the last card), draw, pass.
func (g *Game) Legal(s referee.Seat) referee.Legal {
	if g.over || int(s) != g.toAct {
		return referee.Legal{}
	}
	var moves []referee.Move
	seen := map[cards.Card]bool{}
	hand := g.hands[s]
	for _, c := range hand {
		if !g.playable(c) || seen[c] {
			continue
		}
		seen[c] = true
		if c.Rank == 8 && len(hand) > 1 {
			for _, su := range suits {
				moves = append(moves, referee.Move{Action: "play", Card: c.String(), Suit: su})
			}
			continue
		}
		moves = append(moves, referee.Move{Action: "play", Card: c.String()})
	}
	if g.mayDraw(int(s)) {
		moves = append(moves, referee.Move{Action: "draw"})
	}
	if g.mayPass(int(s)) {
		moves = append(moves, referee.Move{Action: "pass"})
	}
	return referee.Legal{Moves: moves}
}

// Apply plays m for s.
func (g *Game) Apply(s referee.Seat, m referee.Move) error {
	if err := referee.CheckTurn(g.over, g.n, g.toAct, s); err != nil {
		return err
	}
	seat := int(s)
	hand := g.hands[seat]
	switch m.Action {
	case "play", "":
		if m.Card == "" {
			return referee.Illegal(`a play names a card: {"action":"play","card":"9C"} (and "suit" with an 8); your hand is %s`, cards.Join(hand))
		}
		c, err := cards.Parse(m.Card)
		if err != nil {
			return referee.Illegal("%v; your hand is %s", err, cards.Join(hand))
		}
		i := cards.Index(hand, c)
		if i < 0 {
			return referee.Illegal("%s is not in your hand; your hand is %s", c, cards.Join(hand))
		}
		if !g.playable(c) {
			return referee.Illegal("%s does not match the top card %s (suit to follow: %s); play a %s, a %s or an 8",
				c, g.top(), g.activeSuit.Name(), g.activeSuit.Name(), rankName(g.top().Rank))
		}
		suit := c.Suit
		if c.Rank == 8 && len(hand) > 1 {
			if m.Suit == "" {
				return referee.Illegal(`an 8 names the suit to follow: add "suit":"C", "D", "H" or "S"`)
			}
			su, err := cards.ParseSuit(m.Suit)
			if err != nil {
				return referee.Illegal("%v", err)
			}
			suit = su
		}
		g.play(seat, i, suit, c.Rank == 8 && len(hand) > 1)
	case "draw":
		switch {
		case !g.stockAvailable():
			return referee.Illegal("the stock is empty: pass")
		case g.drawLimitReached():
			return referee.Illegal("you have drawn %d cards this turn, the limit: pass", g.draws)
		case g.hasPlayable(seat) && !g.opts.Bool(OptDrawWhenPlayable):
			return referee.Illegal("you hold a playable card (%s), so you must play, not draw", g.firstPlayable(seat))
		}
		g.draw(seat)
	case "pass":
		if g.hasPlayable(seat) && !g.opts.Bool(OptPassWhenPlayable) {
			return referee.Illegal("you hold a playable card (%s), so you must play, not pass", g.firstPlayable(seat))
		}
		if g.stockAvailable() && !g.drawLimitReached() {
			return referee.Illegal("you may pass only when the stock is empty or you have drawn %d cards; draw", g.maxDraws)
		}
		g.pass(seat)
	default:
		return referee.Illegal(`unknown action %q: the actions are "play" (with "card", and "suit" for an 8), "draw" and "pass"`, m.Action)
	}
	return nil
}

func rankName(r cards.Rank) string {
	if w, ok := map[cards.Rank]string{cards.Ace: "ace", cards.Ten: "ten", cards.Jack: "jack", cards.Queen: "queen", cards.King: "king"}[r]; ok {
		return w
	}
	return r.String()
}

func (g *Game) firstPlayable(s int) cards.Card {
	for _, c := range g.hands[s] {
		if g.playable(c) {
			return c
		}
	}
	return cards.Card{}
}

func (g *Game) play(s, i int, suit cards.Suit, named bool) {
	c := g.hands[s][i]
	g.hands[s] = cards.Remove(g.hands[s], i)
	g.discard = append(g.discard, c)
	g.activeSuit = suit
	g.plays++
	ev := Play{Type: "play", Seat: s, Card: c.String(), Left: len(g.hands[s])}
	if named {
		ev.Suit = suit.String()
	}
	g.log.Public(ev)
	g.passes = 0
	switch {
	case len(g.hands[s]) == 0:
		g.endHand("out", s)
	case g.opts.Int(OptMaxPlays) > 0 && g.plays >= g.opts.Int(OptMaxPlays):
		g.endHand("truncated", -1)
	default:
		g.endTurn(s)
	}
}

func (g *Game) draw(s int) {
	if len(g.stock) == 0 {
		// Reshuffle the discards under the top card into a new stock.
		top := g.top()
		g.stock = append([]cards.Card(nil), g.discard[:len(g.discard)-1]...)
		g.discard = []cards.Card{top}
		cards.Shuffle(g.stock, g.rng)
		g.log.Public(Reshuffle{Type: "reshuffle", Cards: len(g.stock)})
		g.log.Secret(Shuffle{Type: "shuffle", Why: "discards", Deck: cards.Strings(g.stock)})
	}
	c := g.stock[0]
	g.stock = g.stock[1:]
	g.hands[s] = append(g.hands[s], c)
	g.draws++
	g.passes = 0
	g.log.Private(referee.Seat(s), Draw{Type: "draw", Seat: s, Card: c.String(), Stock: len(g.stock)},
		Draw{Type: "draw", Seat: s, Stock: len(g.stock)})
}

func (g *Game) pass(s int) {
	empty := !g.stockAvailable()
	g.log.Public(Pass{Type: "pass", Seat: s, StockEmpty: empty})
	if empty {
		g.passes++
	} else {
		g.passes = 0
	}
	need := g.n
	if g.opts[OptBlockPasses] == "n+1" {
		need++
	}
	if g.passes >= need {
		g.endHand("blocked", -1)
		return
	}
	g.endTurn(s)
}

func (g *Game) endTurn(s int) {
	g.turns++
	g.draws = 0
	if g.turns >= g.opts.Int(OptMaxTurnsPerHand) {
		g.endHand("truncated", -1)
		return
	}
	g.toAct = g.next(s)
}

// Penalty is what a card left in hand costs.
func (g *Game) penalty(c cards.Card) int {
	switch {
	case c.Rank == 8:
		return 50
	case c.Rank >= cards.Ten:
		return 10
	case c.Rank == cards.Ace:
		return g.opts.Int(OptAcePoints)
	}
	return int(c.Rank)
}

func (g *Game) endHand(end string, out int) {
	g.handOver = true
	hs := HandScore{Hand: g.hand, Dealer: g.dealer, End: end, Out: out}
	for _, h := range g.hands {
		p := 0
		for _, c := range h {
			p += g.penalty(c)
		}
		hs.Hands = append(hs.Hands, cards.Strings(h))
		hs.Penalties = append(hs.Penalties, p)
	}
	hs.Points = make([]int, g.n)
	switch g.scoring {
	case PenaltyOwnHand:
		copy(hs.Points, hs.Penalties)
	case OpenSpiel:
		for s, p := range hs.Penalties {
			hs.Points[s] = -p
		}
	case WinnerCollects:
		if out >= 0 {
			for _, p := range hs.Penalties {
				hs.Points[out] += p
			}
		} else {
			low, at := hs.Penalties[0], []int{0}
			for s, p := range hs.Penalties[1:] {
				switch {
				case p < low:
					low, at = p, []int{s + 1}
				case p == low:
					at = append(at, s+1)
				}
			}
			if len(at) == 1 {
				for _, p := range hs.Penalties {
					hs.Points[at[0]] += p - low
				}
			}
		}
	}
	for s := range g.totals {
		g.totals[s] += hs.Points[s]
	}
	hs.Totals = append([]int(nil), g.totals...)
	hs.Order = make([]int, g.n)
	for i := range hs.Order {
		hs.Order[i] = i
	}
	sort.SliceStable(hs.Order, func(a, b int) bool {
		sa, sb := hs.Order[a], hs.Order[b]
		if (sa == out) != (sb == out) {
			return sa == out
		}
		return hs.Penalties[sa] < hs.Penalties[sb]
	})
	g.history = append(g.history, hs)
	g.log.Public(HandEnd{Type: "hand_end", Report: hs})

	done, gameEnd := false, referee.EndNormal
	switch g.scoring {
	case OpenSpiel:
		done = true
		if end == "truncated" {
			gameEnd = referee.EndTruncated
		}
	default:
		for _, t := range g.totals {
			if t >= g.opts.Int(OptTarget) {
				done = true
			}
		}
	}
	if !done && g.hand >= g.opts.Int(OptMaxHands) {
		done, gameEnd = true, referee.EndTruncated
	}
	if done {
		g.finish(gameEnd)
		return
	}
	g.startHand(g.next(g.dealer))
}

// Detail is the breakdown carried by a Crazy Eights result.
type Detail struct {
	Scoring string      `json:"scoring"`
	Totals  []int       `json:"totals"`
	Hands   []HandScore `json:"hands"`
}

func (g *Game) finish(end string) {
	g.over = true
	lowWins := g.scoring == PenaltyOwnHand
	ranks := referee.RankBy(g.n, func(a, b int) bool {
		if lowWins {
			return g.totals[a] < g.totals[b]
		}
		return g.totals[a] > g.totals[b]
	})
	r := referee.Result{End: end, Ranks: ranks, Scores: make([]float64, g.n),
		Detail: Detail{Scoring: g.scoring, Totals: g.totals, Hands: g.history}}
	for s, t := range g.totals {
		r.Scores[s] = float64(t)
	}
	g.result = r
	g.log.Public(GameEnd{Type: "game_end", Ranks: ranks, Totals: g.totals, End: end})
}

// Result is the final result once the game is over.
func (g *Game) Result() (referee.Result, bool) { return g.result, g.over }

// Hidden lists the cards s cannot know: the other hands (until a hand ends
// and they are shown) and the stock. A card of which s holds or sees a copy
// (two packs) is left out.
func (g *Game) Hidden(s referee.Seat) []string {
	var hidden []cards.Card
	if !g.handOver {
		for t, h := range g.hands {
			if t != int(s) {
				hidden = append(hidden, h...)
			}
		}
	}
	hidden = append(hidden, g.stock...)
	visible := map[cards.Card]bool{}
	for t, h := range g.hands {
		if t == int(s) || g.handOver {
			for _, c := range h {
				visible[c] = true
			}
		}
	}
	for _, c := range g.discard {
		visible[c] = true
	}
	for _, c := range g.buried {
		visible[c] = true
	}
	var out []string
	for _, c := range hidden {
		if !visible[c] {
			out = append(out, c.String())
		}
	}
	return out
}
