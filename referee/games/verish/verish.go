// Package verish is the rules engine for Verish' ne verish' ("I doubt
// it"), as RULES.md §2 sets it out: cards go face down with a claimed rank,
// the next player trusts and follows, or challenges; the referee alone knows
// the truth. The first to get rid of their cards wins; the last one left
// holding cards loses.
package verish

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"cardref/referee"
	"cardref/referee/cards"
)

// Rules is the Verish game.
type Rules struct{}

// Name is "verish".
func (Rules) Name() string { return "verish" }

// Players is 2 to 8 (2 to 6 is usual).
func (Rules) Players() (int, int) { return 2, 8 }

// Options lists every option with its default.
func (Rules) Options() []referee.OptionSpec { return optionSpecs }

// Player statuses.
const (
	active = iota
	pending
	finished
)

var statusNames = []string{"active", "pending", "finished"}

// Phases: what the seat to act must do.
const (
	phaseLead    = "lead"
	phaseRespond = "respond"
	phaseDiscard = "discard"
)

type play struct {
	seat  int
	cards []cards.Card
}

type claim struct {
	rank  cards.Rank
	count int
}

// Game is a Verish match in progress: one game (deal) by default.
type Game struct {
	opts referee.Options
	rng  *rand.Rand
	log  referee.EventLog

	n                 int
	deck              []cards.Card // the cards of the pack in use
	ranks             []cards.Rank // claimable ranks
	rankNames         []string     // the same, written
	leadMax, followMx int
	quads             string
	believe, stay     bool

	gameNo, dealer int
	blind          cards.Card
	hasBlind       bool
	hands          [][]cards.Card
	status         []int
	place          []int
	nextPlace      int
	emptied        []int // seats whose hands emptied, in order (stay variant)

	phase        string
	toAct        int
	starter      int
	claim        cards.Rank
	pile         []play
	picker       int
	resumeFrom   int  // after a discard: the seat the next starter is counted from
	resumeInclus bool // whether that seat itself may start
	moves        int
	prevLead     *claim
	truth        []TruePlay
	known        []uint64 // per seat: the cards it has legitimately seen this game, as bits
	removed      int
	discarded    []string

	totals, lasts []int
	history       []DealEnd
	over          bool
	result        referee.Result
}

// New deals the first game.
func (Rules) New(players int, raw referee.Options, rng *rand.Rand) (referee.Game, error) {
	if players < 2 || players > 8 {
		return nil, fmt.Errorf("%w: verish is for 2 to 8 players, not %d", referee.ErrBadOptions, players)
	}
	opts, err := referee.ResolveOptions("verish", optionSpecs, raw)
	if err != nil {
		return nil, err
	}
	g := &Game{opts: opts, rng: rng, n: players, believe: opts.Bool(OptBelieveCheck), stay: opts.Bool(OptStay)}
	if g.stay && !g.believe {
		return nil, fmt.Errorf("%w: stay_until_round_end needs believe_check=true (a player with no cards must be able to trust and check)", referee.ErrBadOptions)
	}
	g.leadMax, g.followMx = opts.Int(OptLeadMax), opts.Int(OptFollowMax)
	if g.leadMax == 0 {
		g.leadMax = 3
		if g.believe {
			g.leadMax = 4
		}
	}
	g.quads = opts[OptQuadDiscard]
	if g.quads == "auto" {
		g.quads = QuadsOptional
		if g.believe {
			g.quads = QuadsOff
		}
	}
	size := 52
	if opts[OptDeck] == "36" || (opts[OptDeck] == "auto" && players == 2) {
		size = 36
	}
	for _, c := range cards.Deck(1) {
		if size == 52 || c.Rank == cards.Ace || c.Rank >= 6 {
			g.deck = append(g.deck, c)
		}
	}
	for r := cards.Ace; r <= cards.King; r++ {
		if size == 52 || r == cards.Ace || r >= 6 {
			g.ranks = append(g.ranks, r)
			g.rankNames = append(g.rankNames, r.String())
		}
	}
	fd, err := referee.FirstDealer("verish", opts, OptFirstDealer, players, rng)
	if err != nil {
		return nil, err
	}
	g.totals, g.lasts = make([]int, players), make([]int, players)
	g.startDeal(fd)
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

func (g *Game) startDeal(dealer int) {
	g.gameNo++
	g.dealer = dealer
	g.hands = make([][]cards.Card, g.n)
	g.status = make([]int, g.n)
	g.place = make([]int, g.n)
	g.nextPlace = 1
	g.emptied, g.pile, g.prevLead, g.truth, g.discarded = nil, nil, nil, nil, nil
	g.moves, g.removed = 0, 0
	g.known = make([]uint64, g.n)
	g.log.Public(DealStart{Type: "deal_start", Game: g.gameNo, Dealer: dealer, Deck: len(g.deck)})
	stock := append([]cards.Card(nil), g.deck...)
	cards.Shuffle(stock, g.rng)
	sh := Shuffle{Type: "shuffle", Deck: cards.Strings(stock)}
	g.hasBlind = g.opts.Bool(OptSetAside)
	if g.hasBlind {
		g.blind, stock = stock[0], stock[1:]
		sh.Blind = g.blind.String()
	}
	g.log.Secret(sh)
	for i, c := range stock {
		s := (dealer + 1 + i) % g.n
		g.hands[s] = append(g.hands[s], c)
		g.known[s] |= bit(c)
	}
	for j := 1; j <= g.n; j++ {
		s := (dealer + j) % g.n
		sortHand(g.hands[s])
		g.log.Private(referee.Seat(s), Deal{Type: "deal", Seat: s, Count: len(g.hands[s]), Cards: cards.Strings(g.hands[s])},
			Deal{Type: "deal", Seat: s, Count: len(g.hands[s])})
	}
	if g.quads == QuadsAuto {
		for j := 1; j <= g.n; j++ {
			g.autoQuads((dealer + j) % g.n)
		}
	}
	g.startRound((dealer + 1) % g.n)
}

// bit is a card's place in a seat's set of seen cards.
func bit(c cards.Card) uint64 { return 1 << ((uint(c.Rank)-1)*4 + uint(c.Suit)) }

// showAll marks c as seen by every seat.
func (g *Game) showAll(c cards.Card) {
	for t := range g.known {
		g.known[t] |= bit(c)
	}
}

func sortHand(h []cards.Card) {
	sort.Slice(h, func(i, j int) bool {
		if h[i].Rank != h[j].Rank {
			return h[i].Rank < h[j].Rank
		}
		return h[i].Suit < h[j].Suit
	})
}

// unfinishedFrom is the first unfinished seat from s (inclusive) onward.
func (g *Game) unfinishedFrom(s int) int {
	for i := range g.n {
		t := (s + i) % g.n
		if g.status[t] != finished {
			return t
		}
	}
	return -1
}

func (g *Game) startRound(from int) {
	g.starter = g.unfinishedFrom(from)
	g.claim, g.pile = 0, nil
	g.phase, g.toAct = phaseLead, g.starter
	g.log.Public(RoundStart{Type: "round_start", Starter: g.starter})
}

func (g *Game) unfinished() int {
	k := 0
	for _, st := range g.status {
		if st != finished {
			k++
		}
	}
	return k
}

// nextResponder is the next seat after s that is still in play.
func (g *Game) nextResponder(s int) int {
	for i := 1; i < g.n; i++ {
		t := (s + i) % g.n
		if g.status[t] != finished {
			return t
		}
	}
	return -1
}

func (g *Game) finish(s int) {
	if g.status[s] == finished {
		return
	}
	g.status[s] = finished
	g.place[s] = g.nextPlace
	g.nextPlace++
	g.emptied = without(g.emptied, s)
	g.log.Public(Finish{Type: "finish", Seat: s, Place: g.place[s]})
}

// completeRanks lists the ranks of which s holds all four.
func (g *Game) completeRanks(s int) []cards.Rank {
	var count [14]int
	for _, c := range g.hands[s] {
		count[c.Rank]++
	}
	var out []cards.Rank
	for _, r := range g.ranks {
		if count[r] == 4 {
			out = append(out, r)
		}
	}
	return out
}

func (g *Game) discardQuads(s int, ranks []cards.Rank) {
	if len(ranks) == 0 {
		return
	}
	drop := map[cards.Rank]bool{}
	ev := Quads{Type: "quads", Seat: s}
	for _, r := range ranks {
		drop[r] = true
		ev.Ranks = append(ev.Ranks, r.String())
		g.discarded = append(g.discarded, r.String())
	}
	var keep []cards.Card
	for _, c := range g.hands[s] {
		if drop[c.Rank] {
			ev.Cards = append(ev.Cards, c.String())
			g.showAll(c)
		} else {
			keep = append(keep, c)
		}
	}
	g.hands[s] = keep
	g.log.Public(ev)
}

func (g *Game) autoQuads(s int) { g.discardQuads(s, g.completeRanks(s)) }

// Choice describes the legal moves, which are too many to list.
type Choice struct {
	Actions []string       `json:"actions"` // from "lead", "follow", "challenge", "check", "discard"
	Lead    *LeadChoice    `json:"lead,omitempty"`
	Follow  *FollowChoice  `json:"follow,omitempty"`
	Discard *DiscardChoice `json:"discard,omitempty"`
}

// LeadChoice: put MinCards to MaxCards distinct cards of your hand face
// down and claim one of Ranks (true or not).
type LeadChoice struct {
	MinCards int      `json:"min_cards"`
	MaxCards int      `json:"max_cards"`
	Ranks    []string `json:"ranks"`
	// NotAgain is a claim you may not repeat (anti_repeat_two_players).
	NotAgain *ClaimInfo `json:"not_again,omitempty"`
}

// ClaimInfo is a lead claim: a rank and a number of cards.
type ClaimInfo struct {
	Rank  string `json:"rank"`
	Count int    `json:"count"`
}

// FollowChoice: put MinCards to MaxCards distinct cards of your hand face
// down; the claim stays Rank.
type FollowChoice struct {
	MinCards int    `json:"min_cards"`
	MaxCards int    `json:"max_cards"`
	Rank     string `json:"rank"`
}

// DiscardChoice: discard any of these complete ranks (none is allowed).
type DiscardChoice struct {
	Ranks []string `json:"ranks"`
}

// Legal describes what the seat to act may do.
func (g *Game) Legal(s referee.Seat) referee.Legal {
	if g.over || int(s) != g.toAct {
		return referee.Legal{}
	}
	return referee.Legal{Choice: g.choice()}
}

func (g *Game) choice() Choice {
	seat := g.toAct
	switch g.phase {
	case phaseLead:
		lc := &LeadChoice{MinCards: 1, MaxCards: min(g.leadMax, len(g.hands[seat])), Ranks: g.rankNames}
		if na := g.notAgain(); na != nil {
			lc.NotAgain = &ClaimInfo{Rank: na.rank.String(), Count: na.count}
		}
		return Choice{Actions: []string{"lead"}, Lead: lc}
	case phaseDiscard:
		dc := &DiscardChoice{Ranks: []string{}}
		for _, r := range g.completeRanks(seat) {
			dc.Ranks = append(dc.Ranks, r.String())
		}
		return Choice{Actions: []string{"discard"}, Discard: dc}
	}
	c := Choice{}
	if len(g.hands[seat]) > 0 {
		c.Actions = append(c.Actions, "follow")
		c.Follow = &FollowChoice{MinCards: 1, MaxCards: min(g.followMx, len(g.hands[seat])), Rank: g.claim.String()}
	}
	c.Actions = append(c.Actions, "challenge")
	if g.believe {
		c.Actions = append(c.Actions, "check")
	}
	return c
}

// allows reports whether action is one the seat to act may take now.
func (g *Game) allows(action string) bool {
	switch g.phase {
	case phaseLead:
		return action == "lead"
	case phaseDiscard:
		return action == "discard"
	}
	switch action {
	case "follow":
		return len(g.hands[g.toAct]) > 0
	case "challenge":
		return true
	case "check":
		return g.believe
	}
	return false
}

func (g *Game) notAgain() *claim {
	if g.opts.Bool(OptAntiRepeat) && g.unfinished() == 2 {
		return g.prevLead
	}
	return nil
}

// RandomMove picks a uniformly random action, then random cards and a
// random claim: the fallback player for a seat that forfeited.
func (g *Game) RandomMove(s referee.Seat, rng *rand.Rand) referee.Move {
	c := g.choice()
	action := c.Actions[rng.IntN(len(c.Actions))]
	m := referee.Move{Action: action}
	pick := func(lo, hi int) []string {
		k := lo + rng.IntN(hi-lo+1)
		perm := rng.Perm(len(g.hands[s]))
		out := make([]string, k)
		for i := range k {
			out[i] = g.hands[s][perm[i]].String()
		}
		return out
	}
	switch action {
	case "lead":
		for {
			m.Cards = pick(c.Lead.MinCards, c.Lead.MaxCards)
			m.Rank = c.Lead.Ranks[rng.IntN(len(c.Lead.Ranks))]
			if na := c.Lead.NotAgain; na == nil || na.Rank != m.Rank || na.Count != len(m.Cards) {
				return m
			}
		}
	case "follow":
		m.Cards = pick(c.Follow.MinCards, c.Follow.MaxCards)
	case "discard":
		m.Ranks = []string{}
		for _, r := range c.Discard.Ranks {
			if rng.IntN(2) == 0 {
				m.Ranks = append(m.Ranks, r)
			}
		}
	}
	return m
}

// takeCards checks that names are 1..max distinct cards of s's hand.
func (g *Game) takeCards(s int, names []string, max int, what string) ([]cards.Card, error) {
	hand := g.hands[s]
	if len(names) == 0 || len(names) > max {
		return nil, referee.Illegal("a %s puts down 1 to %d cards (\"cards\":[\"7C\",\"9D\"]), not %d; your hand is %s", what, max, len(names), cards.Join(hand))
	}
	var out []cards.Card
	for _, name := range names {
		c, err := cards.Parse(name)
		if err != nil {
			return nil, referee.Illegal("%v; your hand is %s", err, cards.Join(hand))
		}
		if cards.Index(hand, c) < 0 {
			return nil, referee.Illegal("%s is not in your hand; your hand is %s", c, cards.Join(hand))
		}
		if cards.Index(out, c) >= 0 {
			return nil, referee.Illegal("%s is named twice; each card goes down once", c)
		}
		out = append(out, c)
	}
	return out, nil
}

func (g *Game) parseClaim(name string) (cards.Rank, error) {
	r, err := cards.ParseRank(name)
	if err == nil {
		for _, ok := range g.ranks {
			if ok == r {
				return r, nil
			}
		}
	}
	var names []string
	for _, r := range g.ranks {
		names = append(names, r.String())
	}
	return 0, referee.Illegal("a lead claims a rank of this pack, one of %s (\"rank\":\"K\"); %q is not one", strings.Join(names, " "), name)
}

// Apply plays m for s.
func (g *Game) Apply(s referee.Seat, m referee.Move) error {
	if err := referee.CheckTurn(g.over, g.n, g.toAct, s); err != nil {
		return err
	}
	seat := int(s)
	if !g.allows(m.Action) {
		return referee.Illegal("action %q is not allowed now; you may %s", m.Action, strings.Join(g.choice().Actions, ", "))
	}
	switch m.Action {
	case "lead":
		cs, err := g.takeCards(seat, m.Cards, g.leadMax, "lead")
		if err != nil {
			return err
		}
		r, err := g.parseClaim(m.Rank)
		if err != nil {
			return err
		}
		if na := g.notAgain(); na != nil && na.rank == r && na.count == len(cs) {
			return referee.Illegal("with two players left a lead may not repeat the last round's claim (%d × %s): change the rank or the number of cards", na.count, r)
		}
		g.claim = r
		g.prevLead = &claim{r, len(cs)}
		g.put(seat, cs, "lead")
	case "follow":
		cs, err := g.takeCards(seat, m.Cards, g.followMx, "follow")
		if err != nil {
			return err
		}
		if m.Rank != "" && m.Rank != g.claim.String() {
			return referee.Illegal("the round's rank is %s; a follow cannot change it (leave \"rank\" out)", g.claim)
		}
		g.put(seat, cs, "follow")
	case "challenge", "check":
		g.respond(seat, m.Action)
	case "discard":
		c := g.choice()
		want := map[string]bool{}
		for _, r := range c.Discard.Ranks {
			want[r] = true
		}
		var ranks []cards.Rank
		seen := map[string]bool{}
		for _, name := range m.Ranks {
			if !want[name] {
				return referee.Illegal("you do not hold all four of rank %q; you may discard any of [%s], or none", name, strings.Join(c.Discard.Ranks, " "))
			}
			if seen[name] {
				return referee.Illegal("rank %s is named twice", name)
			}
			seen[name] = true
			r, _ := cards.ParseRank(name)
			ranks = append(ranks, r)
		}
		g.discardQuads(seat, ranks)
		g.afterQuads(seat)
	}
	return nil
}

// put lays cards face down with the round's claim.
func (g *Game) put(s int, cs []cards.Card, kind string) {
	g.moves++
	var keep []cards.Card
	for _, c := range g.hands[s] {
		if cards.Index(cs, c) < 0 {
			keep = append(keep, c)
		}
	}
	g.hands[s] = keep
	prev := -1
	if len(g.pile) > 0 {
		prev = g.pile[len(g.pile)-1].seat
	}
	g.pile = append(g.pile, play{seat: s, cards: cs})
	lie := false
	for _, c := range cs {
		lie = lie || c.Rank != g.claim
	}
	g.truth = append(g.truth, TruePlay{Seat: s, Rank: g.claim.String(), Cards: cards.Strings(cs), Lie: lie})
	g.log.Private(referee.Seat(s), Play{Type: kind, Seat: s, Count: len(cs), Rank: g.claim.String(), Cards: cards.Strings(cs)},
		Play{Type: kind, Seat: s, Count: len(cs), Rank: g.claim.String()})
	// A follow confirms the previous mover's empty hand.
	if kind == "follow" && !g.stay && prev >= 0 && g.status[prev] == pending {
		g.finish(prev)
	}
	if len(g.hands[s]) == 0 {
		g.status[s] = pending
		g.emptied = append(g.emptied, s)
	}
	if g.gameOver() {
		return
	}
	if g.truncate() {
		return
	}
	g.phase, g.toAct = phaseRespond, g.nextResponder(s)
}

func (g *Game) respond(b int, kind string) {
	g.moves++
	last := g.pile[len(g.pile)-1]
	a := last.seat
	g.log.Public(Response{Type: kind, Seat: b, Target: a})
	truthful := true
	for _, c := range last.cards {
		truthful = truthful && c.Rank == g.claim
		g.showAll(c)
	}
	g.log.Public(Reveal{Type: "reveal", Seat: a, Rank: g.claim.String(), Cards: cards.Strings(last.cards), True: truthful})

	picker, from, inclusive := -1, b, true
	switch {
	case kind == "challenge" && !truthful:
		picker, from, inclusive = a, b, true
	case kind == "challenge":
		picker, from, inclusive = b, b, false
	case !truthful: // a check that catches a lie: the checker takes the pile
		picker, from, inclusive = b, b, false
	default: // a truthful check: the pile leaves the game
		n := 0
		for _, p := range g.pile {
			n += len(p.cards)
		}
		g.removed += n
		g.pile = nil
		g.log.Public(PileRemoved{Type: "pile_removed", Count: n})
	}
	if picker >= 0 {
		var all []cards.Card
		for _, p := range g.pile {
			all = append(all, p.cards...)
		}
		g.pile = nil
		g.hands[picker] = append(g.hands[picker], all...)
		sortHand(g.hands[picker])
		for _, c := range all {
			g.known[picker] |= bit(c)
		}
		if g.status[picker] == pending {
			g.status[picker] = active
			g.emptied = without(g.emptied, picker)
		}
		g.log.Private(referee.Seat(picker), Pickup{Type: "pickup", Seat: picker, Count: len(all), Cards: cards.Strings(all)},
			Pickup{Type: "pickup", Seat: picker, Count: len(all)})
	}
	// Players whose hands are empty and stayed so finish now: the one
	// challenged or checked, or with stay_until_round_end every one of
	// them, in the order their hands emptied.
	for _, s := range append([]int(nil), g.emptied...) {
		if len(g.hands[s]) == 0 && (g.stay || s == a) {
			g.finish(s)
		}
	}
	g.resumeFrom, g.resumeInclus = from, inclusive
	if picker >= 0 {
		switch {
		case g.quads == QuadsOptional && len(g.completeRanks(picker)) > 0:
			g.phase, g.toAct, g.picker = phaseDiscard, picker, picker
			return
		case g.quads == QuadsAuto:
			g.autoQuads(picker)
		}
		g.afterQuads(picker)
		return
	}
	g.afterQuads(-1)
}

func without(xs []int, x int) []int {
	var out []int
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

// afterQuads finishes the end of a round: the picker goes out if its hand
// is empty, the game may end, and the next round starts.
func (g *Game) afterQuads(picker int) {
	if picker >= 0 && len(g.hands[picker]) == 0 {
		g.finish(picker)
	}
	if g.gameOver() || g.truncate() {
		return
	}
	from := g.resumeFrom
	if !g.resumeInclus {
		from++
	}
	g.startRound(from % g.n)
}

// gameOver ends the game when at most one player is left.
func (g *Game) gameOver() bool {
	if g.unfinished() > 1 {
		return false
	}
	for s, st := range g.status {
		if st != finished {
			g.status[s] = finished
			g.place[s] = g.nextPlace
			g.nextPlace++
		}
	}
	g.endDeal(referee.EndNormal)
	return true
}

// truncate ends a game that reached max_moves_per_game: the players still
// in are ranked by fewest cards, equal counts sharing a place.
func (g *Game) truncate() bool {
	if g.moves < g.opts.Int(OptMaxMoves) {
		return false
	}
	var left []int
	for s, st := range g.status {
		if st != finished {
			left = append(left, s)
		}
	}
	sort.SliceStable(left, func(i, j int) bool { return len(g.hands[left[i]]) < len(g.hands[left[j]]) })
	base := g.nextPlace
	for i, s := range left {
		g.place[s] = base + i
		if i > 0 && len(g.hands[s]) == len(g.hands[left[i-1]]) {
			g.place[s] = g.place[left[i-1]]
		}
		g.status[s] = finished
	}
	g.endDeal(referee.EndTruncated)
	return true
}

func (g *Game) endDeal(end string) {
	ev := DealEnd{Type: "deal_end", Game: g.gameNo, Places: append([]int(nil), g.place...), Loser: -1, End: end,
		Points: make([]int, g.n)}
	worst, count := 0, 0
	for _, p := range g.place {
		worst = max(worst, p)
	}
	for s, p := range g.place {
		ev.Points[s] = g.n - p
		g.totals[s] += g.n - p
		if p == worst {
			count++
			ev.Loser = s
			g.lasts[s]++
		}
	}
	if count > 1 {
		ev.Loser = -1
	}
	for _, h := range g.hands {
		ev.Hands = append(ev.Hands, len(h))
	}
	ev.Totals = append([]int(nil), g.totals...)
	g.history = append(g.history, ev)
	tr := Truth{Type: "truth", Plays: g.truth}
	if g.hasBlind {
		tr.Blind = g.blind.String()
	}
	g.log.Secret(tr)
	g.log.Public(ev)
	if g.gameNo < g.opts.Int(OptNumGames) {
		next := (g.dealer + 1) % g.n
		if g.opts[OptNextDealer] == "loser" && ev.Loser >= 0 {
			next = ev.Loser
		}
		g.startDeal(next)
		return
	}
	g.finishMatch(end)
}

// Detail is the breakdown carried by a Verish result: each game's places.
type Detail struct {
	Games  []DealEnd `json:"games"`
	Totals []int     `json:"totals"`
	Lasts  []int     `json:"last_places"`
}

func (g *Game) finishMatch(end string) {
	g.over = true
	var ranks []int
	if len(g.history) == 1 {
		ranks = append([]int(nil), g.history[0].Places...)
	} else {
		ranks = referee.RankBy(g.n, func(a, b int) bool {
			if g.totals[a] != g.totals[b] {
				return g.totals[a] > g.totals[b]
			}
			return g.lasts[a] < g.lasts[b]
		})
	}
	r := referee.Result{End: end, Ranks: ranks, Scores: make([]float64, g.n),
		Detail: Detail{Games: g.history, Totals: g.totals, Lasts: g.lasts}}
	for s, t := range g.totals {
		r.Scores[s] = float64(t)
	}
	g.result = r
	g.log.Public(GameEnd{Type: "game_end", Ranks: ranks, Totals: g.totals, End: end})
}

// Result is the final result once the game is over.
func (g *Game) Result() (referee.Result, bool) { return g.result, g.over }

// Hidden lists the cards of the pack s has never seen this game: other
// hands, face-down plays that were not revealed, the set-aside card.
func (g *Game) Hidden(s referee.Seat) []string {
	var out []string
	for _, c := range g.deck {
		if s < 0 || g.known[s]&bit(c) == 0 {
			out = append(out, c.String())
		}
	}
	return out
}
